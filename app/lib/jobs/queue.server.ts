import { and, count, desc, eq, inArray, lt, sql } from "drizzle-orm";
import { jobs, JOB_STATES, type JobState } from "~schema";
import type { Database } from "../database";
import { scrub } from "../logger.server";

// The job table's operations (docs/decisions/050-jobs-on-the-database.md). Every statement is
// plain PostgreSQL that PGlite runs too; the claim uses FOR UPDATE SKIP LOCKED so two workers —
// two loops of one server, or several servers sharing PostgreSQL — never take the same job.

export type JobRow = typeof jobs.$inferSelect;
export type JobPayload = Record<string, unknown>;
type Writer = Pick<Database, "insert">;

export interface EnqueueOptions {
  /** What the job is about (`submissions:<id>`), for the item page and the admin list. */
  subject?: string;
  runAt?: Date;
  maxAttempts?: number;
}

const listeners = new Set<() => void>();

/** Workers of this process hear about a new job at once instead of at their next poll. */
export function onJobEnqueued(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Queues a job. Pass the transaction that makes the change the job follows from: the job then
 * exists exactly when the change does (a decision and its e-mail, a publish and its audit).
 */
export async function enqueueJob(db: Writer, kind: string, payload: JobPayload, options: EnqueueOptions = {}): Promise<string> {
  const [row] = await db
    .insert(jobs)
    .values({ kind, payload, subject: options.subject ?? null, runAt: options.runAt, maxAttempts: options.maxAttempts })
    .returning({ id: jobs.id });
  // A little later: inside a transaction the row is not visible until it commits.
  setTimeout(() => listeners.forEach((listener) => listener()), 20).unref?.();
  return row!.id;
}

/** Takes the oldest due job of these kinds, or null. */
export async function claimJob(db: Database, workerId: string, kinds: readonly string[]): Promise<JobRow | null> {
  if (kinds.length === 0) return null;
  const next = sql`(select ${jobs.id} from ${jobs} where ${jobs.state} = 'queued' and ${jobs.runAt} <= now() and ${inArray(jobs.kind, [...kinds])} order by ${jobs.runAt}, ${jobs.id} limit 1 for update skip locked)`;
  const [row] = await db
    .update(jobs)
    .set({
      state: "running",
      attempts: sql`${jobs.attempts} + 1`,
      lockedAt: sql`now()`,
      lockedBy: workerId,
      updatedAt: sql`now()`,
    })
    .where(eq(jobs.id, next))
    .returning();
  return row ?? null;
}

/** Renews a running job's lease; false when the job is no longer this worker's. */
export async function renewLease(db: Database, id: string, workerId: string): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ lockedAt: sql`now()` })
    .where(and(eq(jobs.id, id), eq(jobs.lockedBy, workerId), eq(jobs.state, "running")))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

export async function completeJob(db: Database, id: string, workerId: string, result: JobPayload | null) {
  await db
    .update(jobs)
    .set({ state: "done", result, lockedAt: null, finishedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(jobs.id, id), eq(jobs.lockedBy, workerId)));
}

/** Retry after `delayMs` while attempts remain (and the error is not permanent), else failed for good. */
export async function failJob(db: Database, job: JobRow, workerId: string, error: string, delayMs: number | null) {
  const message = scrub(error).slice(0, 2000);
  const retry = delayMs !== null && job.attempts < job.maxAttempts;
  await db
    .update(jobs)
    .set(
      retry
        ? {
            state: "queued",
            lastError: message,
            lockedAt: null,
            lockedBy: null,
            runAt: new Date(Date.now() + delayMs),
            updatedAt: sql`now()`,
          }
        : { state: "failed", lastError: message, lockedAt: null, finishedAt: sql`now()`, updatedAt: sql`now()` },
    )
    .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, workerId)));
  return retry ? "queued" : "failed";
}

/**
 * A running job handed back by a worker that is stopping: queued again at once for another server, its attempt
 * unspent (the stop, not the job, ended it). Nothing happens when the job is no longer this worker's.
 */
export async function releaseJob(db: Database, id: string, workerId: string): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({
      state: "queued",
      attempts: sql`greatest(${jobs.attempts} - 1, 0)`,
      lockedAt: null,
      lockedBy: null,
      runAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(jobs.id, id), eq(jobs.lockedBy, workerId), eq(jobs.state, "running")))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/**
 * Running jobs whose worker stopped renewing the lease (a crash, a restart, a killed server) go
 * back to the queue, or fail when they have used up their attempts.
 */
export async function recoverStaleJobs(db: Database, leaseMs: number): Promise<number> {
  const stale = and(eq(jobs.state, "running"), lt(jobs.lockedAt, sql`now() - ${`${Math.ceil(leaseMs)} milliseconds`}::interval`));
  const rows = await db
    .update(jobs)
    .set({
      state: sql`case when ${jobs.attempts} >= ${jobs.maxAttempts} then 'failed' else 'queued' end`,
      lastError: "The worker stopped before finishing (server restart or crash).",
      lockedAt: null,
      lockedBy: null,
      runAt: sql`now()`,
      finishedAt: sql`case when ${jobs.attempts} >= ${jobs.maxAttempts} then now() end`,
      updatedAt: sql`now()`,
    })
    .where(stale)
    .returning({ id: jobs.id });
  return rows.length;
}

/** A failed job, queued again now with a fresh set of attempts. */
export async function retryJob(db: Database, id: string): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ state: "queued", attempts: 0, runAt: sql`now()`, finishedAt: null, updatedAt: sql`now()` })
    .where(and(eq(jobs.id, id), eq(jobs.state, "failed")))
    .returning({ id: jobs.id });
  if (rows.length > 0) setTimeout(() => listeners.forEach((listener) => listener()), 0).unref?.();
  return rows.length > 0;
}

export const JOBS_PAGE_SIZE = 25;

/** One page of jobs in a state, newest first (the state/created_at index). */
export async function jobsPage(db: Database, state: JobState, page: number) {
  return db
    .select()
    .from(jobs)
    .where(eq(jobs.state, state))
    .orderBy(desc(jobs.createdAt), desc(jobs.id))
    .limit(JOBS_PAGE_SIZE + 1)
    .offset((page - 1) * JOBS_PAGE_SIZE);
}

/** Jobs waiting, running and failed. Done jobs are not counted: they only grow. */
export async function jobCounts(db: Database): Promise<Record<JobState, number | null>> {
  const rows = await db
    .select({ state: jobs.state, n: count() })
    .from(jobs)
    .where(inArray(jobs.state, ["queued", "running", "failed"]))
    .groupBy(jobs.state);
  const counts = Object.fromEntries(JOB_STATES.map((s) => [s, s === "done" ? null : 0])) as Record<JobState, number | null>;
  for (const row of rows) counts[row.state] = row.n;
  return counts;
}

/** The latest jobs about one subject (an item's publish job, a clip's fingerprint job). */
export async function jobsFor(db: Database, subject: string, limit = 5) {
  return db.select().from(jobs).where(eq(jobs.subject, subject)).orderBy(desc(jobs.createdAt)).limit(limit);
}
