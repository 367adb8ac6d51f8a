import { addDays } from "./insights";
import { intentionSummary, type IntentionSummary, type SessionFacts } from "./patterns";

// The weekly report (docs/product.md, "A weekly report"): the last 7 local days against the 7 before, counted from
// the member's own sessions. Pure, so the sums are testable without a database.

/** A session as the report counts it: its local day, and the categories it watched by key. */
export interface ReportSession extends SessionFacts {
  day: string;
  categories: string[];
}

export interface WeekFigures {
  /** First and last local day of the week ("YYYY-MM-DD"). */
  from: string;
  to: string;
  seconds: number;
  sessions: number;
  intentions: IntentionSummary;
  /** Moods chosen after sessions: id and count, most first. */
  moods: { id: number; count: number }[];
  /** Categories by the number of sessions that watched them, most first (at most five). */
  categories: { key: string; sessions: number }[];
}

export interface WeeklyReport {
  week: WeekFigures;
  before: WeekFigures;
}

function ranked<K>(counts: Map<K, number>, compare: (a: K, b: K) => number): [K, number][] {
  return [...counts].sort((a, b) => b[1] - a[1] || compare(a[0], b[0]));
}

function figures(sessions: ReportSession[], from: string, to: string): WeekFigures {
  const inWeek = sessions.filter((s) => s.day >= from && s.day <= to);
  const moods = new Map<number, number>();
  const categories = new Map<string, number>();
  for (const s of inWeek) {
    if (s.moodAfter !== null) moods.set(s.moodAfter, (moods.get(s.moodAfter) ?? 0) + 1);
    for (const key of new Set(s.categories)) categories.set(key, (categories.get(key) ?? 0) + 1);
  }
  return {
    from,
    to,
    seconds: inWeek.reduce((n, s) => n + s.seconds, 0),
    sessions: inWeek.length,
    intentions: intentionSummary(inWeek),
    moods: ranked(moods, (a, b) => a - b).map(([id, count]) => ({ id, count })),
    categories: ranked(categories, (a, b) => a.localeCompare(b))
      .slice(0, 5)
      .map(([key, n]) => ({ key, sessions: n })),
  };
}

/** The week ending `today` (7 local days) and the 7 days before it. */
export function weeklyReport(sessions: ReportSession[], today: string): WeeklyReport {
  return {
    week: figures(sessions, addDays(today, -6), today),
    before: figures(sessions, addDays(today, -13), addDays(today, -7)),
  };
}
