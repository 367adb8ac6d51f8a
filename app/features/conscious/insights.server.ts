import { eq } from "drizzle-orm";
import { profiles } from "~schema";
import type { BrandMode } from "~/lib/brand-mode";
import type { Database } from "~/lib/database";
import type { Language } from "~/lib/i18n/languages";
import { readProfile } from "~/features/premium/index.server";
import { choosePrompts, fillDays, goalStreak, lastDays, type DayTotal, type EmotionStat, type Prompt } from "./insights";
import { dayIn } from "./time-zone";
import { databaseTimeZone } from "./time-zone.server";
import { categoryTime, dayTotals, emotionStats, goalHistory, hasSessions, secondsToday, type CategoryTime } from "./usage-figures.server";
import { listEmotions } from "./emotions.server";
import {
  clipsPerMinute,
  intentionSummary,
  moodPatterns,
  moodShifts,
  patternPrompts,
  type Dimension,
  type IntentionSummary,
  type MoodPattern,
  type MoodShift,
  type PatternPromptKey,
} from "./patterns";
import { sessionRecords, type SessionRecord } from "./patterns.server";
import { linkRecentSessions } from "./watched.server";

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
  /** Intentions set in the window and how they ended. */
  intentions: IntentionSummary;
  /** The latest sessions with a mood, each with what it watched: the mood pairs. */
  recent: RecentSession[];
  /** Premium: patterns computed from the member's own sessions by fixed rules, and prompts chosen from them. */
  habits: Habits | null;
}

export interface RecentSession {
  id: string;
  /** The local day it began ("YYYY-MM-DD", in the page's zone). */
  day: string;
  seconds: number;
  clips: number;
  moodBefore: string | null;
  moodAfter: string | null;
  /** Names of the categories watched, most first (adult site only). */
  categories: string[];
  clipsPerMinute: number | null;
}

export interface NamedPattern extends MoodPattern {
  mood: string;
  /** The category's name for a category pattern; other groups are words the page translates. */
  groupName: string | null;
}
export interface NamedShift extends MoodShift {
  beforeName: string;
  afterName: string;
}
export interface HabitPrompt {
  key: PatternPromptKey;
  pattern?: NamedPattern;
  shift?: NamedShift;
}
export interface Habits {
  /** Sessions the patterns were read from. */
  sessions: number;
  patterns: NamedPattern[];
  shifts: NamedShift[];
  prompts: HabitPrompt[];
}

const RECENT_PAIRS = 8;

/** The premium patterns with their words: mood and category names in the visitor's language. */
function habitsOf(
  records: SessionRecord[],
  intentions: IntentionSummary,
  emotionName: Map<number, string>,
  dimensions: Dimension[],
): Habits {
  const categoryName = new Map(records.flatMap((r) => r.watched.map((c) => [c.slug, c.name] as const)));
  const patterns = moodPatterns(records, dimensions).map((p) => ({
    ...p,
    mood: emotionName.get(p.moodId) ?? "?",
    groupName: p.dimension === "category" ? (categoryName.get(p.group) ?? p.group) : null,
  }));
  const shifts = moodShifts(records).map((s) => ({
    ...s,
    beforeName: emotionName.get(s.before) ?? "?",
    afterName: emotionName.get(s.after) ?? "?",
  }));
  // The prompts carry the named pattern they were chosen from, so the page words them with its numbers.
  const prompts = patternPrompts(intentions, patterns, shifts) as HabitPrompt[];
  return { sessions: records.length, patterns, shifts, prompts };
}

/** Everything /insights shows, from the user's own sessions: 7 days, or 30 with premium. */
export async function loadInsights(db: Database, query: InsightsQuery): Promise<Insights> {
  const { userId, language } = query;
  const now = query.now ?? new Date();
  // Watch signals that reached the server after the latest session's last save belong to it.
  await linkRecentSessions(db, userId, now);
  const [profile, timeZone] = await Promise.all([readProfile(db, userId, now), databaseTimeZone(db, query.timeZone)]);
  const premium = profile?.premium ?? false;
  const periodDays = premium ? 30 : 7;
  const goalSeconds = profile?.dailyGoalSeconds ?? null;
  const today = dayIn(now, timeZone);
  const windowDays = lastDays(today, periodDays);
  const window = { userId, timeZone, firstDay: windowDays[0]! };
  const adult = query.brandMode === "adult";
  const [totals, emotions, categories, history, records, emotionList] = await Promise.all([
    dayTotals(db, window),
    emotionStats(db, window, language),
    premium && adult ? categoryTime(db, window, language) : null,
    goalSeconds ? goalHistory(db, { userId, timeZone, today, goalSeconds }) : null,
    sessionRecords(db, window, { language, withCategories: adult }),
    listEmotions(db, language),
  ]);
  const emotionName = new Map(emotionList.map((e) => [e.id, e.name]));
  const intentions = intentionSummary(records);
  const habits = premium
    ? habitsOf(records, intentions, emotionName, adult ? ["category", "timeOfDay", "length", "pace"] : ["timeOfDay", "length", "pace"])
    : null;
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
    intentions,
    recent: records
      .filter((r) => r.moodBefore !== null || r.moodAfter !== null)
      .slice(0, RECENT_PAIRS)
      .map((r) => ({
        id: r.id,
        day: dayIn(new Date(r.startedAt), timeZone),
        seconds: r.seconds,
        clips: r.clips,
        moodBefore: r.moodBefore === null ? null : (emotionName.get(r.moodBefore) ?? null),
        moodAfter: r.moodAfter === null ? null : (emotionName.get(r.moodAfter) ?? null),
        categories: r.watched.map((c) => c.name),
        clipsPerMinute: clipsPerMinute(r),
      })),
    habits,
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
