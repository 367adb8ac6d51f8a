import { z } from "zod";
import { MAX_SIGNAL_BATCH } from "./signal-rules";

export const SIGNAL_EVENT_KINDS = ["watch", "flame", "share", "open"] as const;

/** One event as the player reports it (docs/product.md § Watch signals). */
export const signalEvent = z.object({
  clipId: z.uuid(),
  kind: z.enum(SIGNAL_EVENT_KINDS),
  watchedMs: z.number().int().min(0).max(3_600_000).default(0),
  loops: z.number().int().min(0).max(1000).default(0),
  completed: z.boolean().default(false),
  skipped: z.boolean().default(false),
});

export type SignalEvent = z.infer<typeof signalEvent>;

export const signalBatch = z.object({ events: z.array(signalEvent).min(1).max(MAX_SIGNAL_BATCH) });
