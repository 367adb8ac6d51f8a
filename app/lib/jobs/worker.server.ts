import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import type { Database } from "../database";
import type { Logger } from "../logger.server";
import {
  claimJob,
  completeJob,
  failJob,
  onJobEnqueued,
  recoverStaleJobs,
  releaseJob,
  renewLease,
  type JobPayload,
  type JobRow,
} from "./queue.server";

export interface JobContext {
  id: string;
  attempt: number;
  subject: string | null;
  log: Logger;
  /**
   * Aborted when the worker stops. A long job checks it between its steps (or hands it to what it runs) and ends by
   * throwing; the job then goes back to the queue with its attempt unspent, and the next server carries on.
   */
  signal: AbortSignal;
}

/** Runs one job; its resolved value is kept as the job's result. Throwing retries with back-off. */
export type JobHandler = (payload: JobPayload, context: JobContext) => Promise<JobPayload | void>;
export type JobHandlers = Record<string, JobHandler>;

/** A failure that retrying cannot fix (bad payload, missing item): the job fails at once. */
export class PermanentJobError extends Error {
  override name = "PermanentJobError";
}

export interface WorkerOptions {
  db: Database;
  handlers: JobHandlers;
  log: Logger;
  /** Parallel loops; each runs one job at a time. */
  concurrency?: number;
  /** How often an idle loop looks for due jobs (enqueueing in this process wakes it at once). */
  pollMs?: number;
  /** A running job whose lease is older than this is taken to be abandoned. */
  leaseMs?: number;
  /** First retry delay; each further attempt waits four times longer, at most an hour. */
  backoffMs?: number;
}

export interface Worker {
  readonly id: string;
  /** Starts the loops (startWorker does); a CLI may only drain instead. */
  start(): void;
  /**
   * Stops taking jobs, tells the running ones (their signal), and waits up to `timeoutMs` for them; a job still
   * running then is handed back to the queue, so a server's stop is never held by a long job.
   */
  stop(timeoutMs?: number): Promise<void>;
  /** Runs due jobs until none is left (for CLI commands and tests). */
  drain(): Promise<number>;
}

export const backoffDelay = (attempt: number, baseMs: number) => Math.min(baseMs * 4 ** Math.max(0, attempt - 1), 3600_000);

/** Starts the loops that claim and run jobs; the composition root calls it with every handler. */
export function startWorker(options: WorkerOptions): Worker {
  const worker = createWorker(options);
  worker.start();
  return worker;
}

export function createWorker(options: WorkerOptions): Worker {
  const { db, handlers, log } = options;
  const pollMs = options.pollMs ?? 1000;
  const leaseMs = options.leaseMs ?? 60_000;
  const backoffMs = options.backoffMs ?? 10_000;
  const id = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const kinds = Object.keys(handlers);
  let stopping = false;
  let lastRecovery = 0;
  const running = new Map<Promise<unknown>, string>();
  const halt = new AbortController();
  const wakers = new Set<() => void>();
  // Subscribed by start and dropped by stop: a worker only drained (CLI commands, tests) never listens, and a process
  // that opens several databases keeps no listener, nor the database it holds, past its worker's life.
  let unsubscribe = () => {};

  async function runOne(): Promise<boolean> {
    if (Date.now() - lastRecovery > leaseMs / 2) {
      lastRecovery = Date.now();
      const recovered = await recoverStaleJobs(db, leaseMs);
      if (recovered > 0) log.warn({ recovered }, "jobs: re-queued jobs abandoned by a stopped worker");
    }
    const job = await claimJob(db, id, kinds);
    if (!job) return false;
    if (stopping) {
      // Claimed by a query sent before the stop but answered after it: handed straight back, never started.
      await releaseJob(db, job.id, id);
      return false;
    }
    const work = execute(job);
    running.set(work, job.id);
    await work.finally(() => running.delete(work));
    return true;
  }

  async function execute(job: JobRow) {
    const jobLog = log.child({ job: { id: job.id, kind: job.kind, attempt: job.attempts } });
    const heartbeat = setInterval(() => void renewLease(db, job.id, id).catch(() => {}), Math.max(50, leaseMs / 3));
    const started = Date.now();
    try {
      const context = { id: job.id, attempt: job.attempts, subject: job.subject, log: jobLog, signal: halt.signal };
      const result = await handlers[job.kind]!(job.payload, context);
      await completeJob(db, job.id, id, result ?? null);
      jobLog.info({ ms: Date.now() - started }, "job done");
    } catch (error) {
      if (halt.signal.aborted) {
        await releaseJob(db, job.id, id);
        jobLog.info({ ms: Date.now() - started }, "job stopped with the server; queued again");
        return;
      }
      const message = error instanceof Error ? error.message : String(error);
      const permanent = error instanceof PermanentJobError;
      const state = await failJob(db, job, id, message, permanent ? null : backoffDelay(job.attempts, backoffMs));
      jobLog[state === "failed" ? "error" : "warn"]({ err: error, state }, "job failed");
    } finally {
      clearInterval(heartbeat);
    }
  }

  async function loop() {
    while (!stopping) {
      let worked = false;
      try {
        worked = await runOne();
      } catch (error) {
        // The database may be briefly unreachable; the loop keeps going.
        if (!stopping) log.error({ err: error }, "jobs: could not claim a job");
      }
      if (!worked && !stopping) await idle();
    }
  }

  const idle = () =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        wakers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, pollMs);
      wakers.add(done);
    });

  let loops: Promise<void>[] = [];

  return {
    id,
    start() {
      if (loops.length > 0) return;
      unsubscribe = onJobEnqueued(() => wakers.forEach((wake) => wake()));
      loops = Array.from({ length: Math.max(1, options.concurrency ?? 2) }, () => loop());
    },
    async stop(timeoutMs = 10_000) {
      stopping = true;
      unsubscribe();
      halt.abort(new Error("the worker is stopping"));
      wakers.forEach((wake) => wake());
      const finished = Promise.all([...loops, ...running.keys()]);
      await Promise.race([finished, new Promise((resolve) => setTimeout(resolve, timeoutMs).unref?.())]);
      const late = [...running.values()];
      if (late.length > 0) {
        await Promise.all(late.map((jobId) => releaseJob(db, jobId, id)));
        log.warn({ jobs: late }, "jobs: still running at the stop's deadline; queued again for the next server");
      }
    },
    async drain() {
      let ran = 0;
      while (await runOne()) ran++;
      return ran;
    },
  };
}
