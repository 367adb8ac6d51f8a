// The numbers behind views, affinities and the hot score, written down in docs/decisions/160-feed-ranking.md (ADR 130).
// They live in one module so the SQL that keeps the columns and the pure functions that rank agree.

/** At most this many events in one batch. */
export const MAX_SIGNAL_BATCH = 50;

/** A watch counts as a view after this many milliseconds, or half the clip when that comes first. */
export const VIEW_AFTER_MS = 3000;

/** A clip left within this many milliseconds is a skip. */
export const SKIP_WITHIN_MS = 2000;

/** Raw events, views and dismissals are kept this many days; then only aggregates remain. */
export const SIGNAL_RETENTION_DAYS = 90;

/** An affinity weight halves in this many seconds without new signals (two days). */
export const AFFINITY_HALF_LIFE_SECONDS = 2 * 24 * 60 * 60;

/** A stored affinity weight stays within ±AFFINITY_MAX, so a few skips can undo a long liking within one session. */
export const AFFINITY_MAX = 8;

/** One point of quality is worth this many seconds of age in the trending order (`clip_stats.hot`): two days. */
export const HOT_SECONDS_PER_POINT = 2 * 24 * 60 * 60;

/** What one event adds to the visitor's weight for the clip's category, creator and each of its tags. */
export const SIGNAL_WEIGHTS = {
  completion: 1,
  /** Times the share of the clip watched, when it was neither finished nor skipped. */
  partial: 0.4,
  /** Per rewatch, at most three. */
  loop: 0.5,
  skip: -0.7,
  flame: 1.5,
  share: 1.2,
  open: 0.6,
  /** "Not interested": the clip's creator and tags sink. */
  dismiss: -2,
} as const;

/** Whether a watch of `watchedMs` counts as a view of a clip lasting `durationSeconds`. */
export function countsAsView(watchedMs: number, durationSeconds: number): boolean {
  return watchedMs >= Math.min(VIEW_AFTER_MS, durationSeconds * 500);
}

export interface QualityInput {
  flames: number;
  views: number;
  watches: number;
  completions: number;
  skips: number;
  shares: number;
}

/**
 * A clip's quality — its hot score before age decay: 1.5·ln(1+flames) + ln(1+views) + 0.5·ln(1+shares)
 * + (3·completions − 2·skips) / (watches + 10). The last term is the completion rate minus the skip rate, shrunk
 * toward 0 while a clip has few watches, so one lucky watch cannot lift it.
 */
export function qualityOf(s: QualityInput): number {
  return (
    1.5 * Math.log1p(s.flames) + Math.log1p(s.views) + 0.5 * Math.log1p(s.shares) + (3 * s.completions - 2 * s.skips) / (s.watches + 10)
  );
}

/** The trending order of a clip (`clip_stats.hot`): its quality plus its publication time in points. */
export function hotOf(quality: number, publishedAt: Date): number {
  return quality + publishedAt.getTime() / 1000 / HOT_SECONDS_PER_POINT;
}
