import { flushSignals, openWatches } from "./signal-queue";

// Kept apart from signal-queue.ts, which the home page's first load carries: only the pages that show what was
// watched load this (docs/decisions/251-watch-pages-send-watches-first.md).

/**
 * Ends the watch of every clip on screen and sends all that waits; answers when the server has it. The pages that
 * show what was watched (the watch history, what the feed learned) call it before they read, so the clips the visitor
 * just left, and the one they leave now, are there: otherwise a batch of fewer than five waits for the page to be
 * hidden, and the clip on screen is reported only once the feed has gone.
 */
export function settleSignals(): Promise<void> {
  for (const end of openWatches) end();
  return flushSignals();
}
