import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consciousPauses, jobs, usageSessions, user } from "~schema";
import { seedEmotions } from "../../db/seed/emotions";
import {
  CONSCIOUS_RETENTION_DAYS,
  consciousJobs,
  RETENTION_JOB,
  scheduleConsciousRetention,
  sweepConsciousData,
} from "~/features/conscious/retention.server";
import type { DatabaseHandle } from "~/lib/db.server";
import { createTestDatabase, testEngine } from "../support/database";

const DAY = 86_400_000;

describe(`Conscious Mode keeps sessions and pauses for a year on ${testEngine()}`, () => {
  let handle: DatabaseHandle;
  const userId = "retention-user";

  beforeAll(async () => {
    handle = await createTestDatabase();
    await seedEmotions(handle.db);
    await handle.db.insert(user).values({ id: userId, name: "r", email: "retention@example.com", emailVerified: true });
  });
  afterAll(() => handle?.close());

  it("deletes what is older than the retention period, and only that", async () => {
    // Real time, not a fixed date: the rows this test leaves must stay within the period when the next test runs the
    // job at the real time (a fixed date made them a year old a day later).
    const now = new Date();
    const age = (days: number) => new Date(now.getTime() - days * DAY);
    await handle.db.insert(usageSessions).values([
      { userId, seconds: 60, startedAt: age(CONSCIOUS_RETENTION_DAYS + 1) },
      { userId, seconds: 61, startedAt: age(CONSCIOUS_RETENTION_DAYS - 1) },
      { userId, seconds: 62, startedAt: age(1) },
    ]);
    await handle.db.insert(consciousPauses).values([
      { userId, outcome: "closed", at: age(CONSCIOUS_RETENTION_DAYS + 30) },
      { userId, outcome: "continued", at: age(2) },
    ]);
    expect(await sweepConsciousData(handle.db, now)).toEqual({ sessions: 1, pauses: 1 });
    const left = await handle.db.select({ seconds: usageSessions.seconds }).from(usageSessions).where(eq(usageSessions.userId, userId));
    expect(left.map((s) => s.seconds).sort()).toEqual([61, 62]);
    expect((await handle.db.select().from(consciousPauses)).map((p) => p.outcome)).toEqual(["continued"]);
    expect(await sweepConsciousData(handle.db, now)).toEqual({ sessions: 0, pauses: 0 });
  });

  it("books one sweep at boot, and each run books the next a day later", async () => {
    await scheduleConsciousRetention(handle.db);
    await scheduleConsciousRetention(handle.db);
    const booked = await handle.db.select().from(jobs).where(eq(jobs.kind, RETENTION_JOB));
    expect(booked).toHaveLength(1);
    const result = await consciousJobs({ db: handle.db })[RETENTION_JOB]!({}, {} as never);
    expect(result).toEqual({ sessions: 0, pauses: 0 });
    const after = await handle.db.select().from(jobs).where(eq(jobs.kind, RETENTION_JOB));
    expect(after).toHaveLength(2);
    const next = after.map((j) => j.runAt.getTime()).sort()[1]!;
    expect(next).toBeGreaterThan(Date.now() + DAY - 60_000);
  });
});
