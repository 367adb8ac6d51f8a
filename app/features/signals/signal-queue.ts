// Only a type from the schema: zod stays out of the home page's first load (its JIT probe also trips the CSP).
import { MAX_SIGNAL_BATCH, SKIP_WITHIN_MS } from "./signal-rules";
import type { SignalEvent } from "./signals.schema";

// In the browser: the watch signals waiting to be sent (docs/product.md §5.9). They go every few clips, and with
// navigator.sendBeacon when the page is hidden — the browser then sends them even as the page goes away.

const SEND_EVERY = 5;
let queue: SignalEvent[] = [];
let listening = false;
/**
 * How to end each watch of a clip on screen now (signal-settle.ts); `kept`: the clip leaves by the visitor's choice in
 * the feed, not by their moving on, and is never a skip (feed-extras.ts).
 */
export const openWatches = new Set<(kept?: boolean) => void>();

/** What a send answers once the server has it, or failed: nothing (a lost batch is not tried again). */
const done = () => {};

/** Sends what waits; answers when the server has it (at once for a beacon, which the browser delivers later). */
function send(useBeacon: boolean): Promise<void> {
  if (queue.length === 0) return Promise.resolve();
  const events = queue.slice(0, MAX_SIGNAL_BATCH);
  queue = queue.slice(events.length);
  const body = JSON.stringify({ events });
  const sent = useBeacon && navigator.sendBeacon?.("/api/signals", body);
  const posted = sent ? Promise.resolve() : fetch("/api/signals", { method: "POST", body, keepalive: true }).then(done, done);
  return queue.length > 0 ? Promise.all([posted, send(useBeacon)]).then(done) : posted;
}

function listen() {
  if (listening || typeof document === "undefined") return;
  listening = true;
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") void send(true);
  });
  window.addEventListener("pagehide", () => void send(true));
}

/** Queues one event; a batch goes once SEND_EVERY are waiting. */
export function reportSignal(event: Omit<SignalEvent, "watchedMs" | "loops" | "completed" | "skipped"> & Partial<SignalEvent>) {
  if (typeof window === "undefined") return;
  listen();
  queue.push({ watchedMs: 0, loops: 0, completed: false, skipped: false, ...event });
  if (document.visibilityState === "hidden") void send(true);
  else if (queue.length >= SEND_EVERY) void send(false);
}

/**
 * Sends what waits now and answers when the server has it: a Conscious Mode session is saved after its last
 * watches, so the categories it watched are linked to it (a batch of fewer than five would otherwise wait for
 * the page to be hidden, which an in-app "I'm done" never does).
 */
export function flushSignals(): Promise<void> {
  return send(false);
}

/**
 * What a clip had played before anyone followed it: a feed clip starts playing from the server's HTML, before the
 * page's script runs, and that time was watched too.
 */
export interface PlayedBefore {
  playedMs: number;
  currentTime: number;
}

/** The time `video` has played so far (its played ranges) and where its clock is. */
export function playedBefore(video: HTMLVideoElement): PlayedBefore {
  let seconds = 0;
  for (let i = 0; i < video.played.length; i++) seconds += video.played.end(i) - video.played.start(i);
  return { playedMs: seconds * 1000, currentTime: video.currentTime };
}

/**
 * Follows one clip while it is on screen: the time it played (sums of small forward steps of its clock, so a seek
 * is not watching), loops (its clock jumping back from near the end), and how long it stayed. `end()` reports the
 * watch: completed when it reached the end, skipped when it left within SKIP_WITHIN_MS without being finished —
 * unless `end(true)`: it left because "Not interested" took it out, or its Undo put the clip before it back.
 */
export function watchClip(clipId: string, now = () => Date.now(), before?: PlayedBefore) {
  const shownAt = now();
  let watchedMs = before?.playedMs ?? 0;
  let loops = 0;
  let completed = false;
  let last: number | null = before ? before.currentTime : null;
  let lastAt = shownAt;
  // Reported once: a watch is open until its first end.
  const end = (kept?: boolean) => {
    if (!openWatches.delete(end)) return;
    const stayed = now() - shownAt;
    reportSignal({
      clipId,
      kind: "watch",
      watchedMs: Math.round(Math.min(watchedMs, 3_600_000)),
      loops: Math.min(loops, 1000),
      completed,
      skipped: !kept && !completed && stayed < SKIP_WITHIN_MS,
    });
  };
  openWatches.add(end);
  return {
    time(currentTime: number, duration: number) {
      const at = now();
      if (last !== null) {
        const step = currentTime - last;
        // A step no longer than the time that passed (plus the usual spacing of time updates) is playing; a
        // longer one is a seek. A busy page delivers time updates late, so the bound grows with the wait.
        if (step > 0 && step < 1.5 + (at - lastAt) / 1000) watchedMs += step * 1000;
        else if (step < 0 && duration > 0 && last > duration - 1) {
          loops += 1;
          completed = true;
        }
      }
      if (duration > 0 && currentTime >= duration - 0.3) completed = true;
      last = currentTime;
      lastAt = at;
    },
    end,
  };
}
