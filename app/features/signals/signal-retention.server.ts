import { and, eq, inArray } from "drizzle-orm";
import { jobs } from "~schema";
import type { Database } from "~/lib/database";
import { enqueueJob, type JobHandler } from "~/lib/jobs/index.server";
import { pruneSignals } from "./signals.server";

/** The retention job: personal signals older than 90 days go, every six hours (docs/product.md § Watch signals). */
export const SIGNALS_PRUNE_JOB = "signals.prune";
const EVERY_MS = 6 * 3600_000;

/** Queues the next run unless one is already queued or running (several servers may all ask at boot). */
export async function scheduleSignalPrune(db: Database, runAt = new Date()): Promise<void> {
  const [pending] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.kind, SIGNALS_PRUNE_JOB), inArray(jobs.state, ["queued", "running"])))
    .limit(2);
  if (!pending) await enqueueJob(db, SIGNALS_PRUNE_JOB, {}, { runAt });
}

export function signalPruneHandler(db: Database): JobHandler {
  return async () => {
    const removed = await pruneSignals(db);
    await enqueueJob(db, SIGNALS_PRUNE_JOB, {}, { runAt: new Date(Date.now() + EVERY_MS) });
    return { removed };
  };
}
