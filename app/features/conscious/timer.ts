export type TimerColour = "green" | "amber" | "orange" | "red";

/** docs/product.md §11.3: green under 5 minutes, amber under 15, orange under 30, red beyond. */
export function timerColour(seconds: number): TimerColour {
  if (seconds < 300) return "green";
  if (seconds < 900) return "amber";
  if (seconds < 1800) return "orange";
  return "red";
}

/** "mm:ss", or "h:mm:ss" from an hour on. */
export function formatElapsed(total: number): string {
  const seconds = Math.max(0, Math.floor(total));
  const pad = (n: number) => String(n).padStart(2, "0");
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${pad(m)}:${pad(s)}`;
}

/** One saved session is at most a day long. */
export const USAGE_MAX_SECONDS = 86_400;
export const USAGE_ENDPOINT = "/api/usage";

/** The clip feed and the video page mark the clip on screen with its browse category's slug. */
export const ON_SCREEN_CATEGORY_ATTRIBUTE = "data-clip-category";
/** … and with its id (the session counts distinct clips). */
export const ON_SCREEN_CLIP_ATTRIBUTE = "data-clip-id";
