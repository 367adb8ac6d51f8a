import { and, eq, gte, sql } from "drizzle-orm";
import { emotionTypes, usageSessionCategories, usageSessions, categories } from "~schema";
import type { Database } from "~/lib/database";
import { type Language, localName } from "~/lib/i18n/languages";
import { addDays, STREAK_LOOKBACK_DAYS, type EmotionStat, type GoalHistory } from "./insights";

// The aggregate queries behind /insights. Every figure is summed by the
// database over one user's sessions, found through usage_sessions_user_idx
// (user_id, started_at); days are calendar days in the visitor's time zone.

/** One user's sessions from the start of `firstDay` in `timeZone`. */
export interface LocalWindow {
  userId: string;
  timeZone: string;
  firstDay: string;
}

export interface CategoryTime {
  slug: string;
  name: string;
  color: string;
  seconds: number;
}

/** The instant a calendar day begins in a zone (the database applies its daylight-saving rules). */
export const dayStart = (day: string, timeZone: string) => sql`(${day}::date::timestamp at time zone ${timeZone})`;

const inWindow = (window: LocalWindow) =>
  and(eq(usageSessions.userId, window.userId), gte(usageSessions.startedAt, dayStart(window.firstDay, window.timeZone)));

/**
 * The window's sessions with the local day and hour each started. A CTE, so
 * the zone is bound once and the outer query can group by the day column
 * (the same expression with a second parameter is not "the same" to Postgres).
 */
function localSessions(db: Database, window: LocalWindow) {
  return db.$with("local_sessions").as(
    db
      .select({
        day: sql<string>`(${usageSessions.startedAt} at time zone ${window.timeZone})::date`.as("day"),
        hour: sql<number>`extract(hour from ${usageSessions.startedAt} at time zone ${window.timeZone})`.as("hour"),
        seconds: usageSessions.seconds,
      })
      .from(usageSessions)
      .where(inWindow(window)),
  );
}

/** Per local day: total seconds, sessions, longest and late-night (23:00–03:59) sessions. */
export async function dayTotals(db: Database, window: LocalWindow) {
  const local = localSessions(db, window);
  const rows = await db
    .with(local)
    .select({
      day: sql<string>`to_char(${local.day}, 'YYYY-MM-DD')`,
      seconds: sql<number>`sum(${local.seconds})::int`,
      sessions: sql<number>`count(*)::int`,
      longest: sql<number>`max(${local.seconds})::int`,
      late: sql<number>`(count(*) filter (where ${local.hour} >= 23 or ${local.hour} < 4))::int`,
    })
    .from(local)
    .groupBy(local.day);
  return rows.map((r) => ({
    day: r.day,
    seconds: Number(r.seconds),
    sessions: Number(r.sessions),
    longest: Number(r.longest),
    late: Number(r.late),
  }));
}

/**
 * What the streak under the goal needs, over the last STREAK_LOOKBACK_DAYS
 * whatever window the page shows: the first day with a session, today's
 * total and the last earlier day that reached the goal.
 */
export async function goalHistory(
  db: Database,
  input: { userId: string; timeZone: string; today: string; goalSeconds: number },
): Promise<GoalHistory> {
  const local = localSessions(db, {
    userId: input.userId,
    timeZone: input.timeZone,
    firstDay: addDays(input.today, 1 - STREAK_LOOKBACK_DAYS),
  });
  const totals = db.$with("day_totals").as(
    db
      .select({ day: local.day, seconds: sql<number>`sum(${local.seconds})`.as("seconds") })
      .from(local)
      .groupBy(local.day),
  );
  const [row] = await db
    .with(local, totals)
    .select({
      firstDay: sql<string | null>`to_char(min(${totals.day}), 'YYYY-MM-DD')`,
      todaySeconds: sql<number>`coalesce(sum(${totals.seconds}) filter (where ${totals.day} = ${input.today}::date), 0)::int`,
      lastDayOver: sql<
        string | null
      >`to_char(max(${totals.day}) filter (where ${totals.seconds} >= ${input.goalSeconds} and ${totals.day} < ${input.today}::date), 'YYYY-MM-DD')`,
    })
    .from(totals);
  return {
    firstDay: row?.firstDay ?? null,
    todaySeconds: Number(row?.todaySeconds ?? 0),
    lastDayOver: row?.lastDayOver ?? null,
  };
}

/** Sessions per logged emotion and how long they lasted on average. */
export async function emotionStats(db: Database, window: LocalWindow, language: Language): Promise<EmotionStat[]> {
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
    .where(inWindow(window))
    .groupBy(emotionTypes.id)
    .orderBy(sql`avg(${usageSessions.seconds}) desc`, emotionTypes.id);
  return rows.map((r) => ({
    id: r.id,
    name: localName(language, r),
    sessions: Number(r.sessions),
    averageSeconds: Number(r.averageSeconds),
  }));
}

/** Premium: seconds spent on each browse category's clips in the window (the key of usage_session_categories leads with session_id). */
export async function categoryTime(db: Database, window: LocalWindow, language: Language): Promise<CategoryTime[]> {
  const total = sql<number>`sum(${usageSessionCategories.seconds})`;
  const rows = await db
    .select({
      slug: categories.slug,
      nameEn: categories.nameEn,
      nameEs: categories.nameEs,
      color: categories.color,
      seconds: sql<number>`${total}::int`,
    })
    .from(usageSessionCategories)
    .innerJoin(usageSessions, eq(usageSessions.id, usageSessionCategories.sessionId))
    .innerJoin(categories, eq(categories.id, usageSessionCategories.categoryId))
    .where(inWindow(window))
    .groupBy(categories.id)
    .orderBy(sql`${total} desc`, categories.slug)
    .limit(20);
  return rows.map((r) => ({
    slug: r.slug,
    name: localName(language, r),
    color: r.color,
    seconds: Number(r.seconds),
  }));
}

/** True when the user has timed any session at all (an empty window then means "none lately"). */
export async function hasSessions(db: Database, userId: string): Promise<boolean> {
  const rows = await db.select({ id: usageSessions.id }).from(usageSessions).where(eq(usageSessions.userId, userId)).limit(1);
  return rows.length > 0;
}

/** Seconds timed since `today` began in the zone, as a subquery. */
export function secondsToday(userId: string, today: string, timeZone: string) {
  return sql<number>`(select coalesce(sum(${usageSessions.seconds}), 0)::int from ${usageSessions} where ${usageSessions.userId} = ${userId} and ${usageSessions.startedAt} >= ${dayStart(today, timeZone)})`;
}
