import { and, eq, gte, sql } from "drizzle-orm";
import {
  clips,
  emotionTypes,
  profiles,
  usageSessions,
  userFlames,
  videoCategories,
} from "../../../db/schema";
import type { Database } from "~/lib/db.server";
import type { Language } from "~/lib/i18n/languages";
import { readProfile } from "~/features/premium/premium.server";
import {
  choosePrompts,
  fillDays,
  goalStreak,
  lastDays,
  type DayTotal,
  type EmotionStat,
  type Prompt,
} from "./insights";

const DAY_MS = 86_400_000;

export interface CategoryFlames {
  name: string;
  color: string;
  flames: number;
}

export interface Insights {
  premium: boolean;
  periodDays: number;
  days: DayTotal[];
  sessions: number;
  totalSeconds: number;
  averageSeconds: number;
  longestSeconds: number;
  todaySeconds: number;
  goalSeconds: number | null;
  streak: number;
  emotions: EmotionStat[];
  categories: CategoryFlames[] | null;
  prompts: Prompt[];
}

/** Start of the UTC day `count - 1` days before `now`'s day: the window's lower bound. */
function windowStart(now: Date, count: number): Date {
  return new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) -
      (count - 1) * DAY_MS,
  );
}

const utcDate = sql<string>`to_char(${usageSessions.startedAt} at time zone 'UTC', 'YYYY-MM-DD')`;
const utcHour = sql`extract(hour from ${usageSessions.startedAt} at time zone 'UTC')`;

/** Per UTC day: total seconds, sessions, longest and late-night (23:00–03:59 UTC) sessions (usage_sessions_user_idx). */
async function dayTotals(db: Database, userId: string, since: Date) {
  const rows = await db
    .select({
      day: utcDate,
      seconds: sql<number>`sum(${usageSessions.seconds})::int`,
      sessions: sql<number>`count(*)::int`,
      longest: sql<number>`max(${usageSessions.seconds})::int`,
      late: sql<number>`(count(*) filter (where ${utcHour} >= 23 or ${utcHour} < 4))::int`,
    })
    .from(usageSessions)
    .where(
      and(
        eq(usageSessions.userId, userId),
        gte(usageSessions.startedAt, since),
      ),
    )
    .groupBy(utcDate);
  return rows.map((r) => ({
    day: r.day,
    seconds: Number(r.seconds),
    sessions: Number(r.sessions),
    longest: Number(r.longest),
    late: Number(r.late),
  }));
}

/** Sessions per logged emotion and how long they lasted on average. */
async function emotionStats(
  db: Database,
  userId: string,
  since: Date,
  language: Language,
): Promise<EmotionStat[]> {
  const rows = await db
    .select({
      id: emotionTypes.id,
      nameEn: emotionTypes.nameEn,
      nameEs: emotionTypes.nameEs,
      sessions: sql<number>`count(*)::int`,
      averageSeconds: sql<number>`round(avg(${usageSessions.seconds}))::int`,
    })
    .from(usageSessions)
    .innerJoin(emotionTypes, eq(emotionTypes.id, usageSessions.emotionId))
    .where(
      and(
        eq(usageSessions.userId, userId),
        gte(usageSessions.startedAt, since),
      ),
    )
    .groupBy(emotionTypes.id)
    .orderBy(sql`avg(${usageSessions.seconds}) desc`, emotionTypes.id);
  return rows.map((r) => ({
    id: r.id,
    name: language === "es" ? r.nameEs : r.nameEn,
    sessions: Number(r.sessions),
    averageSeconds: Number(r.averageSeconds),
  }));
}

/** Premium: the categories of the clips the user flamed in the period (user_flames_user_idx). */
async function flamesByCategory(
  db: Database,
  userId: string,
  since: Date,
  language: Language,
): Promise<CategoryFlames[]> {
  const rows = await db
    .select({
      nameEn: videoCategories.nameEn,
      nameEs: videoCategories.nameEs,
      color: videoCategories.color,
      flames: sql<number>`count(*)::int`,
    })
    .from(userFlames)
    .innerJoin(clips, eq(clips.id, userFlames.clipId))
    .innerJoin(videoCategories, eq(videoCategories.id, clips.categoryId))
    .where(and(eq(userFlames.userId, userId), gte(userFlames.createdAt, since)))
    .groupBy(videoCategories.id)
    .orderBy(sql`count(*) desc`, videoCategories.slug)
    .limit(20);
  return rows.map((r) => ({
    name: language === "es" ? r.nameEs : r.nameEn,
    color: r.color,
    flames: Number(r.flames),
  }));
}

/** Everything /insights shows, from the user's own sessions: 7 days, or 30 with premium. */
export async function loadInsights(
  db: Database,
  userId: string,
  language: Language,
  now: Date = new Date(),
): Promise<Insights> {
  const profile = await readProfile(db, userId, now);
  const premium = profile?.premium ?? false;
  const periodDays = premium ? 30 : 7;
  const since = windowStart(now, periodDays);
  const [totals, emotions, categories] = await Promise.all([
    dayTotals(db, userId, since),
    emotionStats(db, userId, since, language),
    premium
      ? flamesByCategory(db, userId, since, language)
      : Promise.resolve(null),
  ]);
  const days = fillDays(lastDays(now, periodDays), totals);
  const sessions = totals.reduce((n, d) => n + d.sessions, 0);
  const totalSeconds = totals.reduce((n, d) => n + d.seconds, 0);
  const goalSeconds = profile?.dailyGoalSeconds ?? null;
  const todaySeconds = days[days.length - 1]!.seconds;
  const streak = goalStreak(days, goalSeconds);
  const lateSessions = totals.reduce((n, d) => n + d.late, 0);
  return {
    premium,
    periodDays,
    days,
    sessions,
    totalSeconds,
    averageSeconds: sessions ? Math.round(totalSeconds / sessions) : 0,
    longestSeconds: totals.reduce((n, d) => Math.max(n, d.longest), 0),
    todaySeconds,
    goalSeconds,
    streak,
    emotions,
    categories,
    prompts: choosePrompts({
      sessions,
      lateSessions,
      todaySeconds,
      goalSeconds,
      emotions,
      streak,
    }),
  };
}

/** Saves (or clears, with null) the daily-limit goal; the profile row is created when missing. */
export async function saveGoal(
  db: Database,
  userId: string,
  goalSeconds: number | null,
  now: Date = new Date(),
): Promise<void> {
  await db
    .insert(profiles)
    .values({ id: userId, dailyGoalSeconds: goalSeconds, updatedAt: now })
    .onConflictDoUpdate({
      target: profiles.id,
      set: { dailyGoalSeconds: goalSeconds, updatedAt: now },
    });
}

/** True when today's (UTC) total has reached the user's goal: the home page's gentle nudge. */
export async function todayOverGoal(
  db: Database,
  userId: string,
  now: Date = new Date(),
): Promise<boolean> {
  const [row] = await db
    .select({
      goal: profiles.dailyGoalSeconds,
      today: sql<number>`(select coalesce(sum(${usageSessions.seconds}), 0)::int from ${usageSessions} where ${usageSessions.userId} = ${userId} and ${usageSessions.startedAt} >= ${windowStart(now, 1).toISOString()})`,
    })
    .from(profiles)
    .where(eq(profiles.id, userId));
  return Boolean(row?.goal && Number(row.today) >= row.goal);
}
