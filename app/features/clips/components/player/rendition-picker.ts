import type { VideoRendition } from "../../clip-card.server";
import { currentConditions, recordThroughput } from "./network-conditions";
import { chooseRendition } from "./rendition-choice";

// The choice of a rendition in the browser (ADR 155), loaded after hydration: the clips the server rendered
// keep the server's sources, the ones mounted later (neighbours, the next pages) are chosen here.

/** The feed's box: a 9:16 column as tall as the screen (the whole screen on a phone). */
function viewportBox() {
  return { width: Math.min(window.innerWidth, (window.innerHeight * 9) / 16), height: window.innerHeight };
}

export function pickRendition(renditions: readonly VideoRendition[]): VideoRendition | null {
  return chooseRendition(renditions, currentConditions(viewportBox()));
}

/** Seconds of video whose arrival is timed (fewer when the rest of the clip is shorter). */
const MEASURED_SECONDS = 3;

/** When each video's timed load started and how much it had then; `done` once its arrival is timed. */
const started = new WeakMap<HTMLVideoElement, { at: number; buffered: number } | "done">();

const bufferedEnd = (el: HTMLVideoElement) => (el.buffered.length ? el.buffered.end(el.buffered.length - 1) : 0);

/** What the file playing costs, from its <source> element (none for the storage fallback). */
function kbpsOf(el: HTMLVideoElement): number {
  const source = Array.from(el.querySelectorAll("source")).find((s) => s.src === el.currentSrc);
  return Number(source?.dataset.kbps) || 0;
}

/**
 * Times a few seconds of the clip arriving while it loads in full (the one on screen; a neighbour waits with its
 * first bytes, preload="metadata", until it is shown) and records the throughput it shows, once per video.
 */
function time(el: HTMLVideoElement, now: number) {
  const state = started.get(el);
  if (state === "done" || el.preload !== "auto" || !el.duration) return;
  const buffered = bufferedEnd(el);
  if (!state) return void started.set(el, { at: now, buffered });
  const gained = buffered - state.buffered;
  if (gained <= 0 || gained < Math.min(MEASURED_SECONDS, el.duration - state.buffered - 0.1)) return;
  started.set(el, "done");
  const kbps = kbpsOf(el);
  const seconds = (now - state.at) / 1000;
  if (kbps && seconds > 0) recordThroughput((kbps * gained) / seconds);
}

// Media events do not bubble; listening in the capture phase hears every video of the page, so the first load
// carries no handler for this. (The server imports this module too, to render the settings in place.)
if (typeof document !== "undefined") {
  document.addEventListener(
    "progress",
    (event) => {
      if (event.target instanceof HTMLVideoElement) time(event.target, performance.now());
    },
    true,
  );
}
