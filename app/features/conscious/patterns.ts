// Habit patterns read from a member's own sessions (ADR 181): fixed rules over their sessions' facts, each statement
// carrying the numbers behind it, and no statement from fewer than MIN_SESSIONS sessions. No outside service sees
// anything; the rules are this file.

/** No claim about a group of sessions smaller than this. */
export const MIN_SESSIONS = 5;

/** What a session is known by for the patterns (the database's row, with its category chosen already). */
export interface SessionFacts {
  seconds: number;
  clips: number;
  moodBefore: number | null;
  moodAfter: number | null;
  intention: { kind: "clips" | "minutes" | "browse"; target: number | null } | null;
  extensions: number;
  /** The hour it began on the member's clock (0–23); null for sessions saved before it was kept. */
  localHour: number | null;
  /** The category watched most (by time watched, else time on screen): a key the page names; null when none. */
  category: string | null;
}

export type TimeOfDay = "morning" | "afternoon" | "evening" | "night";
export type LengthBand = "short" | "medium" | "long";
export type Pace = "slow" | "fast";
export type Dimension = "category" | "timeOfDay" | "length" | "pace";

/** Morning 05–11, afternoon 12–17, evening 18–22, night 23–04. */
export function timeOfDay(hour: number): TimeOfDay {
  if (hour >= 5 && hour < 12) return "morning";
  if (hour >= 12 && hour < 18) return "afternoon";
  if (hour >= 18 && hour < 23) return "evening";
  return "night";
}

/** Under 10 minutes, 10 to 20, longer than 20. */
export function lengthBand(seconds: number): LengthBand {
  return seconds < 600 ? "short" : seconds <= 1200 ? "medium" : "long";
}

/** Clips a minute at or above which a session counts as fast swiping. */
export const FAST_CLIPS_PER_MINUTE = 4;

/** Swipe speed: clips per minute (a swipe is a different clip on screen); null with no clip or under a minute. */
export function clipsPerMinute(s: Pick<SessionFacts, "seconds" | "clips">): number | null {
  return s.clips > 0 && s.seconds >= 60 ? (s.clips * 60) / s.seconds : null;
}

export function pace(s: Pick<SessionFacts, "seconds" | "clips">): Pace | null {
  const speed = clipsPerMinute(s);
  return speed === null ? null : speed >= FAST_CLIPS_PER_MINUTE ? "fast" : "slow";
}

/** A minutes intention still counts as kept within this much past its target (the stop card comes at the next swipe). */
const MINUTES_SLACK_SECONDS = 60;

/**
 * Kept: stopped at or before the target without "5 more"; stretched: "5 more" chosen; missed: went past the target
 * otherwise. Null when there was nothing to keep ("Just browsing", or no intention).
 */
export function intentionOutcome(
  s: Pick<SessionFacts, "intention" | "extensions" | "clips" | "seconds">,
): "kept" | "stretched" | "missed" | null {
  const { intention } = s;
  if (!intention || intention.kind === "browse" || !intention.target) return null;
  if (s.extensions > 0) return "stretched";
  const within = intention.kind === "clips" ? s.clips <= intention.target : s.seconds <= intention.target * 60 + MINUTES_SLACK_SECONDS;
  return within ? "kept" : "missed";
}

export interface IntentionSummary {
  /** Sessions with a clips or minutes intention. */
  set: number;
  kept: number;
  stretched: number;
  missed: number;
}

export function intentionSummary(sessions: SessionFacts[]): IntentionSummary {
  const summary: IntentionSummary = { set: 0, kept: 0, stretched: 0, missed: 0 };
  for (const s of sessions) {
    const outcome = intentionOutcome(s);
    if (!outcome) continue;
    summary.set++;
    summary[outcome]++;
  }
  return summary;
}

/** "After sessions <group>, you chose <mood> <count> times out of <of>." */
export interface MoodPattern {
  dimension: Dimension;
  /** The group's key: a category key, a TimeOfDay, a LengthBand or a Pace. */
  group: string;
  moodId: number;
  count: number;
  of: number;
}

function groupOf(s: SessionFacts, dimension: Dimension): string | null {
  switch (dimension) {
    case "category":
      return s.category;
    case "timeOfDay":
      return s.localHour === null ? null : timeOfDay(s.localHour);
    case "length":
      return lengthBand(s.seconds);
    case "pace":
      return pace(s);
  }
}

/**
 * The mood after that dominates a group of sessions: for each dimension and group with at least MIN_SESSIONS sessions
 * with a mood after, the mood chosen most (ties: the lower id), stated only when it was chosen in at least half of
 * them. Strongest share first.
 */
export function moodPatterns(sessions: SessionFacts[], dimensions: readonly Dimension[]): MoodPattern[] {
  const patterns: MoodPattern[] = [];
  for (const dimension of dimensions) {
    const groups = new Map<string, Map<number, number>>();
    for (const s of sessions) {
      const group = groupOf(s, dimension);
      if (group === null || s.moodAfter === null) continue;
      const moods = groups.get(group) ?? new Map<number, number>();
      moods.set(s.moodAfter, (moods.get(s.moodAfter) ?? 0) + 1);
      groups.set(group, moods);
    }
    for (const [group, moods] of groups) {
      const of = [...moods.values()].reduce((n, c) => n + c, 0);
      if (of < MIN_SESSIONS) continue;
      const [moodId, count] = [...moods].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]!;
      if (count * 2 >= of) patterns.push({ dimension, group, moodId, count, of });
    }
  }
  return patterns.sort((a, b) => b.count / b.of - a.count / a.of || b.of - a.of);
}

/** "Sessions that began <before> ended <after> <count> times out of <of>." */
export interface MoodShift {
  before: number;
  after: number;
  count: number;
  of: number;
}

/** For each mood before chosen in at least MIN_SESSIONS sessions that have both moods, the mood after it led to most (half or more). */
export function moodShifts(sessions: SessionFacts[]): MoodShift[] {
  const byBefore = new Map<number, Map<number, number>>();
  for (const s of sessions) {
    if (s.moodBefore === null || s.moodAfter === null) continue;
    const after = byBefore.get(s.moodBefore) ?? new Map<number, number>();
    after.set(s.moodAfter, (after.get(s.moodAfter) ?? 0) + 1);
    byBefore.set(s.moodBefore, after);
  }
  const shifts: MoodShift[] = [];
  for (const [before, afters] of byBefore) {
    const of = [...afters.values()].reduce((n, c) => n + c, 0);
    if (of < MIN_SESSIONS) continue;
    const [after, count] = [...afters].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]!;
    if (count * 2 >= of) shifts.push({ before, after, count, of });
  }
  return shifts.sort((a, b) => b.count / b.of - a.count / a.of || a.before - b.before);
}

export type PatternPromptKey =
  "intentionsStretched" | "intentionsKept" | "moodByCategory" | "moodByTime" | "moodByLength" | "moodByPace" | "moodShift";
export interface PatternPrompt {
  key: PatternPromptKey;
  /** The pattern the prompt answers (index into the patterns or shifts shown), for the page to name its words. */
  pattern?: MoodPattern;
  shift?: MoodShift;
}

/**
 * Reflection prompts chosen from the member's patterns (at most three): the intentions first when there are enough
 * of them (stretched more than kept asks about the stretching; mostly kept acknowledges it), then the strongest mood
 * pattern of each dimension, then the strongest mood shift.
 */
export function patternPrompts(intentions: IntentionSummary, patterns: MoodPattern[], shifts: MoodShift[]): PatternPrompt[] {
  const prompts: PatternPrompt[] = [];
  if (intentions.set >= MIN_SESSIONS) {
    if (intentions.stretched + intentions.missed > intentions.kept) prompts.push({ key: "intentionsStretched" });
    else prompts.push({ key: "intentionsKept" });
  }
  const keys: Record<Dimension, PatternPromptKey> = {
    category: "moodByCategory",
    timeOfDay: "moodByTime",
    length: "moodByLength",
    pace: "moodByPace",
  };
  const seen = new Set<Dimension>();
  for (const pattern of patterns) {
    if (seen.has(pattern.dimension)) continue;
    seen.add(pattern.dimension);
    prompts.push({ key: keys[pattern.dimension], pattern });
  }
  if (shifts[0]) prompts.push({ key: "moodShift", shift: shifts[0] });
  return prompts.slice(0, 3);
}
