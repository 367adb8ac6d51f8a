import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/lib/db.server";
import { takeRateLimit } from "~/lib/rate-limit.server";
import { createTestDatabase, testEngine } from "../support/database";

describe(`database rate limits on ${testEngine()}`, () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(() => handle?.close());
  const store = () => ({ db: handle.db, secret: "rate-limit-test-secret" });

  it("counts bursts of first requests exactly, without a duplicate key or a deadlock", async () => {
    for (let round = 0; round < 60; round++) {
      const key = `burst:${randomUUID()}`;
      const answers = await Promise.all(Array.from({ length: 30 }, () => takeRateLimit(store(), key, { window: 600, max: 10 })));
      expect(answers.filter(Boolean)).toHaveLength(10);
    }
  });

  it("opens a new window once the old one has passed", async () => {
    const key = `window:${randomUUID()}`;
    const rule = { window: 60, max: 2 };
    const start = Date.now();
    expect(await takeRateLimit(store(), key, rule, start)).toBe(true);
    expect(await takeRateLimit(store(), key, rule, start + 1000)).toBe(true);
    expect(await takeRateLimit(store(), key, rule, start + 2000)).toBe(false);
    expect(await takeRateLimit(store(), key, rule, start + 61_000)).toBe(true);
  });
});
