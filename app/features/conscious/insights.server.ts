import { eq } from "drizzle-orm";
import { profiles } from "../../../db/schema";
import type { BrandMode } from "~/lib/brand-mode";
import type { Database } from "~/lib/db.server";
import type { Language } from "~/lib/i18n/languages";
import { readProfile } from "~/features/premium/index.server";
import { choosePrompts, fillDays, goalStreak, lastDays, type DayTotal, type EmotionStat, type Prompt } from "./insights";
import { dayIn } from "./time-zone";
import { databaseTimeZone } from "./time-zone.server";
import { categoryTime, dayTotals, emotionStats, goalHistory, hasSessions, secondsToday, type CategoryTime } from "./usage-figures.server";

export type { CategoryTime };

export interface InsightsQuery {
  userId: string;
  language: Language;
  /** The visitor's IANA time zone; UTC when the database does not know it. */
  timeZone: string;
  /** Category names are adult words: only the adult site shows time by category. */
  brandMode: BrandMode;
  now?: Date;
}

export interface Insights {
  premium: boolean;
  periodDays: number;
  /** The zone the days were counted in. */
  timeZone: string;
  days: DayTotal[];
  sessions: number;
  /** No session in the window, but older ones exist. */
  earlierSessions: boolean;
  totalSeconds: number;
  averageSeconds: number;
  longestSeconds: number;
  todaySeconds: number;
  goalSeconds: number | null;
  streak: number;
  emotions: EmotionStat[];
  /** Premium on the adult site; null otherwise. */
  categories: CategoryTime[] | null;
  prompts: Prompt[];
}

/** Everything /insights shows, from the user's own sessions: 7 days, or 30 with premium. */
export async function loadInsights(db: Database, query: InsightsQuery): Promise<Insights> {
  const { userId, language } = query;
  const now = query.now ?? new Date();
  const [profile, timeZone] = await Promise.all([readProfile(db, userId, now), databaseTimeZone(db, query.timeZone)]);
  const premium = profile?.premium ?? false;
  const periodDays = premium ? 30 : 7;
  const goalSeconds = profile?.dailyGoalSeconds ?? null;
  const today = dayIn(now, timeZone);
  const windowDays = lastDays(today, periodDays);
  const window = { userId, timeZone, firstDay: windowDays[0]! };
  const [totals, emotions, categories, history] = await Promise.all([
    dayTotals(db, window),
    emotionStats(db, window, language),
    premium && query.brandMode === "adult" ? categoryTime(db, window, language) : null,
    goalSeconds ? goalHistory(db, { userId, timeZone, today, goalSeconds }) : null,
  ]);
  const days = fillDays(windowDays, totals);
  const sessions = totals.reduce((n, d) => n + d.sessions, 0);
  const totalSeconds = totals.reduce((n, d) => n + d.seconds, 0);
  const todaySeconds = days[days.length - 1]!.seconds;
  const streak = history ? goalStreak(today, history, goalSeconds) : 0;
  return {
    premium,
    periodDays,
    timeZone,
    days,
    sessions,
    earlierSessions: sessions === 0 && (await hasSessions(db, userId)),
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
      lateSessions: totals.reduce((n, d) => n + d.late, 0),
      todaySeconds,
      goalSeconds,
      emotions,
      streak,
    }),
  };
}

/** Saves (or clears, with null) the daily-limit goal; the profile row is created when missing. */
export async function saveGoal(db: Database, userId: string, goalSeconds: number | null, now: Date = new Date()): Promise<void> {
  await db
    .insert(profiles)
    .values({ id: userId, dailyGoalSeconds: goalSeconds, updatedAt: now })
    .onConflictDoUpdate({
      target: profiles.id,
      set: { dailyGoalSeconds: goalSeconds, updatedAt: now },
    });
}

/** True when today's total, in the visitor's time zone, has reached the goal: the home page's gentle nudge. */
export async function todayOverGoal(db: Database, input: { userId: string; timeZone: string; now?: Date }): Promise<boolean> {
  const timeZone = await databaseTimeZone(db, input.timeZone);
  const today = dayIn(input.now ?? new Date(), timeZone);
  const [row] = await db
    .select({
      goal: profiles.dailyGoalSeconds,
      today: secondsToday(input.userId, today, timeZone),
    })
    .from(profiles)
    .where(eq(profiles.id, input.userId));
  return Boolean(row?.goal && Number(row.today) >= row.goal);
}
