// Pure computations behind /insights (DESIGN 12). Days are UTC calendar days ("YYYY-MM-DD").

const DAY_MS = 86_400_000;

export const GOAL_MIN_MINUTES = 5;
export const GOAL_MAX_MINUTES = 600;

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

export type PromptKey =
  | "start"
  | "overGoal"
  | "lateNight"
  | "longestEmotion"
  | "setGoal"
  | "underGoal"
  | "reflect"
  | "pause";
export interface Prompt {
  key: PromptKey;
  values?: Record<string, string | number>;
}

/** The UTC day of an instant. */
export function utcDay(value: Date): string {
  return value.toISOString().slice(0, 10);
}

/** The `count` UTC days ending with `now`'s day, oldest first. */
export function lastDays(now: Date, count: number): string[] {
  const today = Date.UTC(
    now.getUTCFullYear(),
    now.getUTCMonth(),
    now.getUTCDate(),
  );
  return Array.from({ length: count }, (_, i) =>
    utcDay(new Date(today - (count - 1 - i) * DAY_MS)),
  );
}

/** One entry per day of the window; days without sessions read as zero. */
export function fillDays(days: string[], rows: DayTotal[]): DayTotal[] {
  const byDay = new Map(rows.map((row) => [row.day, row]));
  return days.map((day) => byDay.get(day) ?? { day, seconds: 0, sessions: 0 });
}

/**
 * Consecutive days under the goal, ending today (or yesterday while today is
 * already over it). Days before the first recorded session do not count: a
 * streak starts with the habit being tracked.
 */
export function goalStreak(
  days: DayTotal[],
  goalSeconds: number | null,
): number {
  if (!goalSeconds || days.length === 0) return 0;
  const first = days.findIndex((d) => d.sessions > 0);
  if (first === -1) return 0;
  let end = days.length - 1;
  if (days[end]!.seconds >= goalSeconds) end -= 1;
  let streak = 0;
  for (let i = end; i >= first && days[i]!.seconds < goalSeconds; i -= 1)
    streak += 1;
  return streak;
}

/** Seconds to whole minutes for display, rounding half up (30 s → 1 min). */
export function toMinutes(seconds: number): number {
  return Math.round(seconds / 60);
}

/** The emotion whose sessions last longest on average (ties: the one logged more often). */
export function longestEmotion(emotions: EmotionStat[]): EmotionStat | null {
  return emotions.reduce<EmotionStat | null>(
    (best, e) =>
      !best ||
      e.averageSeconds > best.averageSeconds ||
      (e.averageSeconds === best.averageSeconds && e.sessions > best.sessions)
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
  if (input.sessions === 0)
    return [
      { key: "start" },
      ...(input.goalSeconds ? [] : [{ key: "setGoal" as const }]),
    ];
  const prompts: Prompt[] = [];
  if (input.goalSeconds && input.todaySeconds >= input.goalSeconds)
    prompts.push({
      key: "overGoal",
      values: {
        minutes: toMinutes(input.todaySeconds),
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
        minutes: toMinutes(longest.averageSeconds),
      },
    });
  if (!input.goalSeconds) prompts.push({ key: "setGoal" });
  else if (input.streak > 0)
    prompts.push({ key: "underGoal", values: { count: input.streak } });
  for (const key of ["reflect", "pause"] as const)
    if (prompts.length < 2) prompts.push({ key });
  return prompts.slice(0, 3);
}

/** The goal form's value: minutes 5..600, or empty to clear. */
export function parseGoalMinutes(
  value: FormDataEntryValue | null,
): { ok: true; seconds: number | null } | { ok: false } {
  const text = String(value ?? "").trim();
  if (text === "") return { ok: true, seconds: null };
  if (!/^\d{1,4}$/.test(text)) return { ok: false };
  const minutes = Number(text);
  return minutes >= GOAL_MIN_MINUTES && minutes <= GOAL_MAX_MINUTES
    ? { ok: true, seconds: minutes * 60 }
    : { ok: false };
}
