import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clips } from "~schema";
import { seedDemoContent } from "../../db/seed/demo";
import { cachedFeedClips, cachedFeedLead } from "~/features/feed/feed-cache.server";
import { feedClips, type FeedQuery } from "~/features/feed/feed.server";
import { setFlame } from "~/features/flames/index.server";
import { generationOf } from "~/lib/cache/generation.server";
import type { DatabaseHandle } from "~/lib/db.server";
import { createLocalStorage } from "~/lib/storage/index.server";
import { createTestDatabase, testEngine } from "../support/database";

// ADR 031: the shared pool, the visitor's own order. The in-memory order must be exactly the database's.
describe(`cached feed on ${testEngine()}`, () => {
  let handle: DatabaseHandle;
  const query = (seed: string): FeedQuery => ({ audience: "hetero", category: null, tag: null, period: "ongoing", seed });
  const input = (seed: string, offset: number, anonymousId: string | null = null) => ({
    query: query(seed),
    offset,
    mediaAllowed: true,
    flameOwner: anonymousId ? { anonymousId } : null,
    language: "en" as const,
  });

  beforeAll(async () => {
    handle = await createTestDatabase();
    await seedDemoContent({ db: handle.db, storage: createLocalStorage(mkdtempSync(path.join(tmpdir(), "feed-cache-"))) });
  });
  afterAll(() => handle?.close());

  it("gives each seed the order PostgreSQL gives it, page by page", async () => {
    for (const seed of ["a1b2c3d4", "ffffffffffff", "0123456789abcdef"]) {
      for (const offset of [0, 12, 24]) {
        const fromDb = await feedClips(handle.db, input(seed, offset));
        const fromCache = await cachedFeedClips(handle.db, input(seed, offset));
        expect(fromCache.clips.map((c) => c.id)).toEqual(fromDb.clips.map((c) => c.id));
        expect(fromCache.total).toBe(fromDb.total);
      }
    }
  });

  it("gives the home page the lead clip that opens every visitor's order, without a seed (ADR 112)", async () => {
    const { query: withSeed, ...rest } = input("ignored", 0);
    const { seed: _seed, ...query } = withSeed;
    const lead = await cachedFeedLead(handle.db, { ...rest, query });
    expect(lead.clips).toHaveLength(1);
    for (const seed of ["a1b2c3d4", "ffffffffffff"]) {
      const first = await cachedFeedClips(handle.db, input(seed, 0));
      expect(first.clips[0]!.id).toBe(lead.clips[0]!.id);
      expect(first.total).toBe(lead.total);
    }
  });

  it("shows flamed state only to its flameOwner and fresh counts to everyone", async () => {
    const mine = randomUUID();
    const theirs = randomUUID();
    const [clip] = (await cachedFeedClips(handle.db, input("aaaaaaaa", 0, theirs))).clips;
    await setFlame(handle.db, { clipId: clip!.id, flameOwner: { anonymousId: mine }, flamed: true });
    const forMe = (await cachedFeedClips(handle.db, input("aaaaaaaa", 0, mine))).clips.find((c) => c.id === clip!.id)!;
    const forThem = (await cachedFeedClips(handle.db, input("aaaaaaaa", 0, theirs))).clips.find((c) => c.id === clip!.id)!;
    expect(forMe).toMatchObject({ flamed: true, flames: clip!.flames + 1 });
    expect(forThem).toMatchObject({ flamed: false, flames: clip!.flames + 1 });
    // A visitor who never flamed sees the new count on their next request too.
    const forAnyone = (await cachedFeedClips(handle.db, input("aaaaaaaa", 0))).clips.find((c) => c.id === clip!.id)!;
    expect(forAnyone).toMatchObject({ flamed: false, flames: clip!.flames + 1 });
    await setFlame(handle.db, { clipId: clip!.id, flameOwner: { anonymousId: mine }, flamed: false });
    const afterUnflame = (await cachedFeedClips(handle.db, input("aaaaaaaa", 0))).clips.find((c) => c.id === clip!.id)!;
    expect(afterUnflame.flames).toBe(clip!.flames);
  });

  it("moves the generation on a hide, not on a flame, and drops the hidden clip at once", async () => {
    const generation = generationOf(handle.db);
    const [clip] = (await cachedFeedClips(handle.db, input("bbbbbbbb", 0))).clips;
    const before = await generation.current();
    await setFlame(handle.db, { clipId: clip!.id, flameOwner: { anonymousId: randomUUID() }, flamed: true });
    expect(await generation.current()).toBe(before);
    await handle.db.update(clips).set({ status: "hidden" }).where(eq(clips.id, clip!.id));
    expect(await generation.current()).toBeGreaterThan(before);
    const after = await cachedFeedClips(handle.db, input("bbbbbbbb", 0));
    expect(after.clips.map((c) => c.id)).not.toContain(clip!.id);
    await handle.db.update(clips).set({ status: "published" }).where(eq(clips.id, clip!.id));
    expect((await cachedFeedClips(handle.db, input("bbbbbbbb", 0))).clips.map((c) => c.id)).toContain(clip!.id);
  });

  it("sees a move committed by a transaction as soon as the transaction returns", async () => {
    const generation = generationOf(handle.db);
    const before = await generation.current();
    const [clip] = (await cachedFeedClips(handle.db, input("cccccccc", 0))).clips;
    await handle.db.transaction(async (tx) => {
      await tx.update(clips).set({ status: "hidden" }).where(eq(clips.id, clip!.id));
      await tx.update(clips).set({ status: "published" }).where(eq(clips.id, clip!.id));
    });
    expect(await generation.current()).toBeGreaterThan(before);
  });
});

// ADR 030: in process, PGlite's notifications carry the generation; reading it asks the database nothing.
describe.runIf(testEngine() === "pglite" && process.env.PGLITE_WORKER !== "1")("generation on PGlite in process", () => {
  it("follows the generation from notifications, without a query", async () => {
    const queries: string[] = [];
    const local = await createTestDatabase({ onQuery: (query) => queries.push(query) });
    try {
      const generation = generationOf(local.db);
      const before = await generation.current();
      queries.length = 0;
      expect(await generation.current()).toBe(before);
      expect(queries).toEqual([]);
      await local.db.execute(sql`update "cache_generation" set "value" = "value" + 1 where "id" = 1`);
      expect(await generation.current()).toBe(before + 1);
      // Nor are the feed's counts read: every flame is heard (channel `clip_flames`, docs/database.md).
      await seedDemoContent({ db: local.db, storage: createLocalStorage(mkdtempSync(path.join(tmpdir(), "feed-heard-"))) });
      const anyone = {
        query: { audience: "hetero", category: null, tag: null, period: "ongoing", seed: "dddddddd" } satisfies FeedQuery,
        offset: 0,
        mediaAllowed: true,
        flameOwner: null,
        language: "en" as const,
      };
      const [clip] = (await cachedFeedClips(local.db, anyone)).clips;
      await setFlame(local.db, { clipId: clip!.id, flameOwner: { anonymousId: randomUUID() }, flamed: true });
      queries.length = 0;
      const again = (await cachedFeedClips(local.db, anyone)).clips.find((c) => c.id === clip!.id)!;
      expect(again.flames).toBe(clip!.flames + 1);
      expect(queries).toEqual([]);
    } finally {
      await local.close();
    }
  });
});
