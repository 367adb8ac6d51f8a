import { and, eq, inArray, lt } from "drizzle-orm";
import { consciousPauses, jobs, usageSessions } from "~schema";
import type { Database } from "~/lib/database";
import { enqueueJob, type JobHandlers } from "~/lib/jobs/index.server";

/**
 * How long Conscious Mode keeps a member's sessions (with their moods, intentions and time per
 * category) and pause outcomes: a year, long enough for a weekly report and a year's patterns
 * (docs/product.md §11.10). Older rows are deleted by a daily job; account deletion removes them at once.
 */
export const CONSCIOUS_RETENTION_DAYS = 365;
export const RETENTION_JOB = "conscious-retention";
const DAY_MS = 86_400_000;
// Each statement deletes at most this many rows, so a first sweep over a large table never holds one long transaction.
const BATCH = 5_000;

/** Deletes the sessions and pauses older than the retention period; answers how many of each went. */
export async function sweepConsciousData(db: Database, now = new Date()): Promise<{ sessions: number; pauses: number }> {
  const cutoff = new Date(now.getTime() - CONSCIOUS_RETENTION_DAYS * DAY_MS);
  let sessions = 0;
  let pauses = 0;
  for (;;) {
    // usage_sessions_recent_idx (started_at) finds the oldest; their categories go with them (cascade).
    const gone = await db
      .delete(usageSessions)
      .where(
        inArray(
          usageSessions.id,
          db.select({ id: usageSessions.id }).from(usageSessions).where(lt(usageSessions.startedAt, cutoff)).limit(BATCH),
        ),
      )
      .returning({ id: usageSessions.id });
    sessions += gone.length;
    if (gone.length < BATCH) break;
  }
  for (;;) {
    // conscious_pauses_at_idx.
    const gone = await db
      .delete(consciousPauses)
      .where(
        inArray(
          consciousPauses.id,
          db.select({ id: consciousPauses.id }).from(consciousPauses).where(lt(consciousPauses.at, cutoff)).limit(BATCH),
        ),
      )
      .returning({ id: consciousPauses.id });
    pauses += gone.length;
    if (gone.length < BATCH) break;
  }
  return { sessions, pauses };
}

/** The daily sweep: it runs, then books its next run a day later. */
export function consciousJobs(services: { db: Database }): JobHandlers {
  return {
    [RETENTION_JOB]: async () => {
      const swept = await sweepConsciousData(services.db);
      await enqueueJob(services.db, RETENTION_JOB, {}, { runAt: new Date(Date.now() + DAY_MS) });
      return swept;
    },
  };
}

/** At boot: make sure a sweep is booked (one at a time, whatever the number of servers that boot). */
export async function scheduleConsciousRetention(db: Database): Promise<void> {
  const [pending] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.kind, RETENTION_JOB), inArray(jobs.state, ["queued", "running"])))
    .limit(1);
  if (!pending) await enqueueJob(db, RETENTION_JOB, {});
}
