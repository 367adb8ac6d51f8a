import { afterAll, describe, expect, it } from "vitest";
import { engineModeOf, hasTriggers, isSingleWriter, perDatabase, synchronousNoticesOf } from "~/lib/db/engine.server";
import type { DatabaseHandle } from "~/lib/db.server";
import { createTestDatabase, testEngine } from "../support/database";

// ADR 118: what differs between the engines is decided when the database is opened, in one place.

const opened: DatabaseHandle[] = [];
afterAll(() => Promise.all(opened.map((handle) => handle.close())));
const open = async (options: { worker?: boolean } = {}) => {
  const handle = await createTestDatabase(options);
  opened.push(handle);
  return handle;
};

describe(`engine mode on ${testEngine()}`, () => {
  it("names the mode, the single writer and the synchronous notices of the database opened", async () => {
    const { db } = await open();
    if (testEngine() === "postgres") {
      expect(engineModeOf(db)).toBe("postgresql");
      expect(isSingleWriter(db)).toBe(false);
      expect(synchronousNoticesOf(db)).toBeNull();
      return;
    }
    expect(engineModeOf(db)).toBe("pglite-in-process");
    expect(isSingleWriter(db)).toBe(true);
    // Migrated: its notifying triggers exist, so the caches may follow it.
    expect(synchronousNoticesOf(db)).not.toBeNull();
  });

  it.runIf(testEngine() === "pglite")(
    "keeps PGlite on its worker a single writer without synchronous notices",
    async () => {
      const { db } = await open({ worker: true });
      expect(engineModeOf(db)).toBe("pglite-worker");
      expect(isSingleWriter(db)).toBe(true);
      expect(synchronousNoticesOf(db)).toBeNull();
    },
    120_000,
  );

  it("finds triggers only when every one named exists", async () => {
    const { db } = await open();
    expect(await hasTriggers(db, "cache_generation_notify")).toBe(true);
    expect(await hasTriggers(db, "session_changed_notify", "user_changed_notify")).toBe(true);
    expect(await hasTriggers(db, "cache_generation_notify", "no_such_trigger")).toBe(false);
  });

  it("keeps one value per database and name, made on first use", async () => {
    const [a, b] = [(await open()).db, (await open()).db];
    let made = 0;
    const counter = perDatabase("engine-mode-test", () => ({ n: ++made }));
    expect(counter(a)).toBe(counter(a));
    expect(counter(b)).not.toBe(counter(a));
    // Another module asking under the same name shares it (the server's copy and the build's).
    expect(perDatabase("engine-mode-test", () => ({ n: -1 }))(a)).toBe(counter(a));
    expect(made).toBe(2);
  });
});
