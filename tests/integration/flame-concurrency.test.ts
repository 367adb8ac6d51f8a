import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clips, user } from "~schema";
import { seedDemoContent } from "../../db/seed/demo";
import { setFlame } from "~/features/flames/index.server";
import type { DatabaseHandle } from "~/lib/db.server";
import { createLocalStorage } from "~/lib/storage/index.server";
import { createTestDatabase, testEngine } from "../support/database";

// Found by `npm run bench` on PostgreSQL: signed-in visitors flaming and unflaming one clip at the same time got
// 500s — an unflame locked its flame row before the clip's, while a flame held the clip's and, moving the clip's
// band (ADR 047), waited for that row: a deadlock. Every flame must take the clip's row first.
describe(`flames given and taken back at once on one clip, on ${testEngine()}`, () => {
  let handle: DatabaseHandle;
  let clipId: string;
  const users = Array.from({ length: 20 }, () => randomUUID());

  beforeAll(async () => {
    handle = await createTestDatabase();
    await seedDemoContent({ db: handle.db, storage: createLocalStorage(mkdtempSync(path.join(tmpdir(), "flame-race-"))) });
    const [clip] = await handle.db.select({ id: clips.id }).from(clips).where(eq(clips.status, "published")).limit(1);
    clipId = clip!.id;
    await handle.db.update(clips).set({ flames: 0 }).where(eq(clips.id, clipId));
    await handle.db.insert(user).values(users.map((id) => ({ id, name: id, email: `${id}@example.com` })));
  });
  afterAll(() => handle?.close());

  it("never fails, and counts exactly the flames that stand", async () => {
    const rounds = 15;
    for (let round = 0; round < rounds; round++) {
      // Half the users flame while the other half take theirs back, then the other way round.
      const results = await Promise.allSettled(
        users.map((userId, i) => setFlame(handle.db, { clipId, flameOwner: { userId }, flamed: (i + round) % 2 === 0 })),
      );
      const failures = results.filter((r) => r.status === "rejected").map((r) => String((r as PromiseRejectedResult).reason));
      expect(failures).toEqual([]);
    }
    const [row] = await handle.db.select({ flames: clips.flames }).from(clips).where(eq(clips.id, clipId));
    const standing = (await handle.db.execute(sql`select count(*)::int as n from user_flames where clip_id = ${clipId}`)) as unknown as {
      rows: { n: number }[];
    };
    expect(row!.flames).toBe(standing.rows[0]!.n);
    expect(row!.flames).toBe(users.filter((_, i) => (i + rounds - 1) % 2 === 0).length);
  });

  // Also found by the bench: flames on different clips of one creator and category update the same counter rows
  // (catalogue_counts, tag_counts, ADR 036); rows taken in whatever order the scan met them deadlocked.
  it("never fails when flames on sibling clips move the same counters", async () => {
    const siblings = await handle.db.select({ id: clips.id }).from(clips).where(eq(clips.status, "published")).limit(8);
    const [first] = await handle.db.select().from(clips).where(eq(clips.id, siblings[0]!.id));
    const audiences = [["hetero"], ["hetero", "gay"], ["gay", "trans"], ["trans", "hetero", "gay"]] as const;
    for (const [i, { id }] of siblings.entries()) {
      await handle.db
        .update(clips)
        .set({ creatorId: first!.creatorId, categoryId: first!.categoryId, audiences: [...audiences[i % audiences.length]!] })
        .where(eq(clips.id, id));
    }
    for (let round = 0; round < 60; round++) {
      const results = await Promise.allSettled([
        ...users.map((userId, i) =>
          setFlame(handle.db, { clipId: siblings[(i + round) % siblings.length]!.id, flameOwner: { userId }, flamed: round % 4 < 2 }),
        ),
        // Anonymous flames on the same clips, many at once, as a busy page gets them.
        ...siblings.map(({ id }) => setFlame(handle.db, { clipId: id, flameOwner: { anonymousId: randomUUID() }, flamed: true })),
      ]);
      const failures = results.filter((r) => r.status === "rejected").map((r) => String((r as PromiseRejectedResult).reason).slice(0, 200));
      expect(failures).toEqual([]);
    }
  });
});
