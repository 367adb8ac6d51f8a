import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobs } from "~schema";
import { openDatabase, type DatabaseHandle } from "~/lib/db.server";
import { claimJob, createWorker, enqueueJob, PermanentJobError, retryJob, startWorker, type JobHandlers } from "~/lib/jobs/index.server";
import { createLogger } from "~/lib/logger.server";
import { createTestDatabase, testEngine } from "../support/database";

// Durable jobs on the database (ADR 050): they survive a restart, retry with back-off, fail with
// their error, and a job is taken by one worker only, however many share the database.

const log = createLogger("silent");
const until = async (check: () => Promise<boolean>, ms = 15_000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 50));
  }
};

describe(`background jobs on ${testEngine()}`, () => {
  const url = process.env.TEST_DATABASE_URL;
  const dataDir = mkdtempSync(path.join(tmpdir(), "jobs-"));
  let handle: DatabaseHandle;
  /** A database that outlives its handle: a PGlite folder on disk, or the test PostgreSQL database. */
  const reopen = async () => (url ? openDatabase({ databaseUrl: url }) : openDatabase({ dataDir }));
  beforeAll(async () => {
    if (url) handle = await createTestDatabase();
    else {
      handle = await reopen();
      await handle.migrate();
    }
  });
  afterAll(() => handle?.close());

  const job = async (id: string) => (await handle.db.select().from(jobs).where(eq(jobs.id, id)))[0]!;

  it("runs a queued job once and keeps its result", async () => {
    const seen: unknown[] = [];
    const handlers: JobHandlers = { echo: async (payload) => (seen.push(payload), { echoed: payload.n }) };
    const id = await enqueueJob(handle.db, "echo", { n: 7 }, { subject: "test:1" });
    const worker = startWorker({ db: handle.db, handlers, log, pollMs: 50 });
    await until(async () => (await job(id)).state === "done");
    await worker.stop();
    expect(seen).toEqual([{ n: 7 }]);
    expect(await job(id)).toMatchObject({ state: "done", attempts: 1, result: { echoed: 7 }, lockedAt: null, subject: "test:1" });
  });

  it("retries a failing job with a growing back-off, keeps the error, and fails it after its last attempt", async () => {
    let calls = 0;
    const handlers: JobHandlers = {
      flaky: async () => {
        calls++;
        if (calls < 3) throw new Error(`SMTP down (${calls})`);
        return { calls };
      },
      broken: async () => {
        throw new Error("always broken");
      },
      invalid: async () => {
        throw new PermanentJobError("no such item");
      },
    };
    const flaky = await enqueueJob(handle.db, "flaky", {});
    const broken = await enqueueJob(handle.db, "broken", {}, { maxAttempts: 2 });
    const invalid = await enqueueJob(handle.db, "invalid", {});
    const worker = createWorker({ db: handle.db, handlers, log, backoffMs: 200 });
    const started = Date.now();
    await worker.drain();
    // After the first failure the job waits for its back-off instead of running again at once.
    const waiting = await job(flaky);
    expect(waiting).toMatchObject({ state: "queued", attempts: 1, lastError: "SMTP down (1)" });
    expect(waiting.runAt.getTime()).toBeGreaterThanOrEqual(started + 150);
    expect(await job(invalid)).toMatchObject({ state: "failed", attempts: 1, lastError: "no such item" });
    worker.start();
    await until(async () => (await job(flaky)).state === "done" && (await job(broken)).state === "failed");
    await worker.stop();
    const done = await job(flaky);
    expect(done).toMatchObject({ attempts: 3, result: { calls: 3 }, lastError: "SMTP down (2)" });
    expect(await job(broken)).toMatchObject({ attempts: 2, lastError: "always broken" });
    // A moderator may send a failed job back.
    expect(await retryJob(handle.db, broken)).toBe(true);
    expect(await job(broken)).toMatchObject({ state: "queued", attempts: 0 });
    await handle.db.delete(jobs).where(eq(jobs.id, broken));
  });

  it("survives a restart: a job left running by a stopped server is taken up again after its lease", async () => {
    // The first server claims the job and dies before finishing (its process is gone: no heartbeat).
    const id = await enqueueJob(handle.db, "publish-like", { step: "transcode" });
    expect(await claimJob(handle.db, "dead-server", ["publish-like"])).toMatchObject({ id, state: "running" });
    await handle.db
      .update(jobs)
      .set({ lockedAt: sql`now() - interval '10 minutes'` })
      .where(eq(jobs.id, id));
    // A queued job waits across the restart too.
    const waiting = await enqueueJob(handle.db, "publish-like", { step: "queued before restart" });
    await handle.close();

    handle = await reopen();
    const ran: unknown[] = [];
    const worker = startWorker({
      db: handle.db,
      handlers: { "publish-like": async (payload) => void ran.push(payload.step) },
      log,
      pollMs: 50,
      leaseMs: 60_000,
    });
    await until(async () => (await job(id)).state === "done" && (await job(waiting)).state === "done");
    await worker.stop();
    expect(ran.sort()).toEqual(["queued before restart", "transcode"]);
    expect(await job(id)).toMatchObject({ attempts: 2, lastError: expect.stringContaining("stopped before finishing") });
  });

  it("stops without waiting out a long job: the job hears the stop and goes back to the queue, its attempt unspent", async () => {
    // A server's graceful stop has ten seconds in all; a long job (a catalogue backfill under load) must not hold it.
    let started = false;
    const handlers: JobHandlers = {
      long: async (_payload, { signal }) => {
        started = true;
        await new Promise((_resolve, reject) => signal.addEventListener("abort", () => reject(signal.reason), { once: true }));
      },
    };
    const id = await enqueueJob(handle.db, "long", {});
    const worker = startWorker({ db: handle.db, handlers, log, pollMs: 20 });
    await until(async () => started);
    const stopping = Date.now();
    await worker.stop(5_000);
    expect(Date.now() - stopping).toBeLessThan(2_000);
    expect(await job(id)).toMatchObject({ state: "queued", attempts: 0, lockedBy: null, lockedAt: null });
    // The next server takes it at once, not after a lease.
    const next = createWorker({ db: handle.db, handlers: { long: async () => ({ finished: true }) }, log });
    expect(await next.drain()).toBe(1);
    expect(await job(id)).toMatchObject({ state: "done", attempts: 1 });
  });

  it("hands back a job that does not hear the stop once the stop's deadline has passed", async () => {
    let release = () => {};
    let started = false;
    const handlers: JobHandlers = {
      deaf: () =>
        new Promise((resolve) => {
          started = true;
          release = () => resolve();
        }),
    };
    const id = await enqueueJob(handle.db, "deaf", {});
    const worker = startWorker({ db: handle.db, handlers, log, pollMs: 20 });
    await until(async () => started);
    const stopping = Date.now();
    await worker.stop(300);
    expect(Date.now() - stopping).toBeLessThan(2_000);
    expect(await job(id)).toMatchObject({ state: "queued", attempts: 0, lockedBy: null });
    // Its late end changes nothing: the job is no longer this worker's.
    release();
    await new Promise((r) => setTimeout(r, 100));
    expect(await job(id)).toMatchObject({ state: "queued", attempts: 0 });
    await handle.db.delete(jobs).where(eq(jobs.id, id));
  });

  it("hands each job to one worker only, with several workers on the same database", async () => {
    const ids = await Promise.all(Array.from({ length: 30 }, (_, n) => enqueueJob(handle.db, "count", { n })));
    const runs = new Map<number, number>();
    const handlers: JobHandlers = {
      count: async (payload) => {
        const n = Number(payload.n);
        runs.set(n, (runs.get(n) ?? 0) + 1);
        await new Promise((r) => setTimeout(r, 5));
      },
    };
    // Two "servers": on PostgreSQL each with its own connection pool, as separate processes would have.
    const second = url ? await openDatabase({ databaseUrl: url }) : handle;
    const workers = [
      startWorker({ db: handle.db, handlers, log, pollMs: 20, concurrency: 3 }),
      startWorker({ db: second.db, handlers, log, pollMs: 20, concurrency: 3 }),
    ];
    await until(async () => (await Promise.all(ids.map(job))).every((j) => j.state === "done"));
    await Promise.all(workers.map((w) => w.stop()));
    if (second !== handle) await second.close();
    expect([...runs.keys()].sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, n) => n));
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
  });
});
