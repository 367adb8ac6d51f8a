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

/**
 * The clip feed marks the clip on screen with this attribute, holding its
 * browse category's slug; the timer reads it each second.
 */
export const ON_SCREEN_CATEGORY_ATTRIBUTE = "data-clip-category";

/** The category of the clip on screen, or null when there is none or the page is hidden. */
export function onScreenCategory(doc: Document): string | null {
  if (doc.visibilityState !== "visible") return null;
  return doc.querySelector(`[${ON_SCREEN_CATEGORY_ATTRIBUTE}]`)?.getAttribute(ON_SCREEN_CATEGORY_ATTRIBUTE) || null;
}

export interface CategoryClock {
  /** From `now` on, `category` is on screen (null: nothing that counts). */
  show(category: string | null, now: number): void;
  /** Whole seconds per category up to `now`; the clock then starts again from `now`. */
  take(now: number): Record<string, number>;
}

/**
 * Time per browse category within one timer session that began at `start`.
 * It only ever credits time between `start` and `now`, and rounds each
 * category down, so the seconds it reports never add up to more than the
 * session's own whole seconds (the server refuses such a session).
 */
export function categoryClock(start: number): CategoryClock {
  let current: string | null = null;
  let since = start;
  let spent = new Map<string, number>();
  const settle = (now: number) => {
    if (current && now > since) spent.set(current, (spent.get(current) ?? 0) + (now - since));
    since = Math.max(since, now);
  };
  return {
    show(category, now) {
      settle(now);
      current = category;
    },
    take(now) {
      settle(now);
      const seconds: Record<string, number> = {};
      for (const [category, ms] of spent) if (ms >= 1000) seconds[category] = Math.floor(ms / 1000);
      spent = new Map();
      return seconds;
    },
  };
}

let pendingSave: Promise<unknown> | null = null;

/**
 * Sends one timer session. When the page is going away only a beacon survives; inside the app a
 * fetch is used and remembered, so a page that opens while it is in flight (insights, reached
 * from the home page whose unmount saved it) can wait for it and read its figures again.
 */
export function sendUsage(body: URLSearchParams, leavingPage: boolean): void {
  if (leavingPage && navigator.sendBeacon?.(USAGE_ENDPOINT, body)) return;
  const sent = fetch(USAGE_ENDPOINT, { method: "POST", body, keepalive: true }).catch(() => {});
  pendingSave = sent;
  void sent.finally(() => {
    if (pendingSave === sent) pendingSave = null;
  });
}

/** The in-app save still in flight, if any (see sendUsage). */
export const pendingUsageSave = (): Promise<unknown> | null => pendingSave;
