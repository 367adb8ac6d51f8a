/** ISO 8601 duration in whole seconds, e.g. PT9S (never PT0S: structured-data validators reject it). */
export const isoDuration = (seconds: number) => `PT${Math.max(1, Math.round(seconds))}S`;

/** A clip length as a clock, e.g. 0:09 or 1:05. */
export function clockDuration(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, "0")}`;
}
