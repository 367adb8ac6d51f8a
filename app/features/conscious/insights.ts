// Pure computations behind /insights (docs/product.md §11.5, ADR 062). Days are calendar days
// ("YYYY-MM-DD") in the visitor's time zone; the server works out which.

import { InvalidInput } from "~/lib/http/errors";

const DAY_MS = 86_400_000;

export const GOAL_MIN_MINUTES = 5;
export const GOAL_MAX_MINUTES = 600;
/** How far back the streak under the goal looks, whatever window the page shows. */
export const STREAK_LOOKBACK_DAYS = 365;

export interface DayTotal {
  day: string;
  seconds: number;
  sessions: number;
}

export interface EmotionStat {
  id: number;
  name: string;
  sessions: number;
  averageSeconds: number;
}

export type PromptKey = "start" | "overGoal" | "lateNight" | "longestEmotion" | "setGoal" | "underGoal" | "reflect" | "pause";
export interface Prompt {
  key: PromptKey;
  /** `durationSeconds` is shown as the prompt's `{{duration}}` (see durationMessage). */
  values?: Record<string, string | number>;
}

// Calendar arithmetic on "YYYY-MM-DD" strings, read as UTC dates so no zone's
// daylight-saving change can shift them.
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;

/** The day `count` days after `day` (before, when negative). */
export function addDays(day: string, count: number): string {
  return new Date((dayNumber(day) + count) * DAY_MS).toISOString().slice(0, 10);
}

/** The `count` days ending with `today`, oldest first. */
export function lastDays(today: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => addDays(today, i - (count - 1)));
}

/** One entry per day of the window; days without sessions read as zero. */
export function fillDays(days: string[], rows: DayTotal[]): DayTotal[] {
  const byDay = new Map(rows.map((row) => [row.day, row]));
  return days.map((day) => byDay.get(day) ?? { day, seconds: 0, sessions: 0 });
}

/** What the streak needs from the look-back, summed by the database. */
export interface GoalHistory {
  /** The first day with a session in the look-back (null: none). */
  firstDay: string | null;
  todaySeconds: number;
  /** The last day before today whose total reached the goal (null: none). */
  lastDayOver: string | null;
}

/**
 * Consecutive days under the goal, ending today (or yesterday while today is
 * already over it). Days before the first recorded session do not count: a
 * streak starts with the habit being tracked.
 */
export function goalStreak(today: string, history: GoalHistory, goalSeconds: number | null): number {
  if (!goalSeconds || !history.firstDay) return 0;
  const end = history.todaySeconds >= goalSeconds ? addDays(today, -1) : today;
  const start = history.lastDayOver ? addDays(history.lastDayOver, 1) : history.firstDay;
  return Math.max(0, dayNumber(end) - dayNumber(start) + 1);
}

/** Seconds to whole minutes for display, rounding half up (30 s → 1 min). */
export function toMinutes(seconds: number): number {
  return Math.round(seconds / 60);
}

export type DurationKey = "seconds" | "minutes" | "minutesSeconds" | "hours" | "hoursMinutes";

/**
 * A duration as words are chosen for it: under an hour in minutes and seconds
 * ('45 s', '2 min 5 s', '3 min'), from an hour on in hours and minutes
 * ('1 h 5 min'). Never '0 min' for a short session.
 */
export function durationMessage(totalSeconds: number): { key: DurationKey; values: { h: number; m: number; s: number } } {
  const total = Math.max(0, Math.round(totalSeconds));
  if (total < 3600) {
    const m = Math.floor(total / 60);
    const s = total % 60;
    return { key: m === 0 ? "seconds" : s === 0 ? "minutes" : "minutesSeconds", values: { h: 0, m, s } };
  }
  const minutes = Math.round(total / 60);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return { key: m === 0 ? "hours" : "hoursMinutes", values: { h, m, s: 0 } };
}

/** The emotion whose sessions last longest on average (ties: the one logged more often). */
export function longestEmotion(emotions: EmotionStat[]): EmotionStat | null {
  return emotions.reduce<EmotionStat | null>(
    (best, e) =>
      !best || e.averageSeconds > best.averageSeconds || (e.averageSeconds === best.averageSeconds && e.sessions > best.sessions)
        ? e
        : best,
    null,
  );
}

export interface PromptInput {
  sessions: number;
  lateSessions: number;
  todaySeconds: number;
  goalSeconds: number | null;
  emotions: EmotionStat[];
  streak: number;
}

/** Two or three reflection prompts read from the user's own pattern, most pressing first. */
export function choosePrompts(input: PromptInput): Prompt[] {
  if (input.sessions === 0) return [{ key: "start" }, ...(input.goalSeconds ? [] : [{ key: "setGoal" as const }])];
  const prompts: Prompt[] = [];
  if (input.goalSeconds && input.todaySeconds >= input.goalSeconds)
    prompts.push({
      key: "overGoal",
      values: {
        durationSeconds: input.todaySeconds,
        goal: toMinutes(input.goalSeconds),
      },
    });
  // "Many" late sessions: at least two, and at least a quarter of all sessions.
  if (input.lateSessions >= 2 && input.lateSessions * 4 >= input.sessions)
    prompts.push({ key: "lateNight", values: { count: input.lateSessions } });
  const longest = longestEmotion(input.emotions);
  if (longest)
    prompts.push({
      key: "longestEmotion",
      values: {
        emotion: longest.name,
        durationSeconds: longest.averageSeconds,
      },
    });
  if (!input.goalSeconds) prompts.push({ key: "setGoal" });
  else if (input.streak > 0) prompts.push({ key: "underGoal", values: { count: input.streak } });
  for (const key of ["reflect", "pause"] as const) if (prompts.length < 2) prompts.push({ key });
  return prompts.slice(0, 3);
}

/**
 * The goal form's value in seconds: minutes 5..600, or null (empty) to clear. Anything else is
 * InvalidInput on the `minutes` field, worded in `insights` (ADR 024).
 */
export function parseGoalMinutes(value: FormDataEntryValue | null): number | null {
  const text = String(value ?? "").trim();
  if (text === "") return null;
  const minutes = /^\d{1,4}$/.test(text) ? Number(text) : NaN;
  if (!(minutes >= GOAL_MIN_MINUTES && minutes <= GOAL_MAX_MINUTES)) throw new InvalidInput("goal.invalid", {}, "minutes");
  return minutes * 60;
}
