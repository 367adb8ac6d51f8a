import { randomUUID } from "node:crypto";
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clips, user, userFlames } from "~schema";
import { flamedClipIds, InvalidClipId, mergeAnonymousFlames, setFlame } from "~/features/flames/flames.server";
import type { DatabaseHandle } from "~/lib/db.server";
import { makeClips } from "../support/catalog";
import { createTestDatabase, testEngine } from "../support/database";

describe(`flames on ${testEngine()}`, () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(() => handle?.close());

  const flamesOf = async (clipId: string) =>
    (await handle.db.select({ flames: clips.flames }).from(clips).where(eq(clips.id, clipId)))[0]!.flames;
  const rowsOf = async (clipId: string) =>
    (await handle.db.select({ n: count() }).from(userFlames).where(eq(userFlames.clipId, clipId)))[0]!.n;

  it("adds one row and one flame, and takes them back", async () => {
    const [clip] = await makeClips(handle.db, 1);
    const flameOwner = { anonymousId: randomUUID() };
    expect(await setFlame(handle.db, { clipId: clip!.id, flameOwner, flamed: true })).toEqual({ flamed: true, flames: 1 });
    expect(await setFlame(handle.db, { clipId: clip!.id, flameOwner, flamed: true })).toEqual({ flamed: true, flames: 1 });
    expect(await flamedClipIds(handle.db, flameOwner, [clip!.id])).toEqual(new Set([clip!.id]));
    expect(await setFlame(handle.db, { clipId: clip!.id, flameOwner, flamed: false })).toEqual({ flamed: false, flames: 0 });
    expect(await setFlame(handle.db, { clipId: clip!.id, flameOwner, flamed: false })).toEqual({ flamed: false, flames: 0 });
    expect(await rowsOf(clip!.id)).toBe(0);
  });

  it("refuses ids that are not version-4 UUIDs and ignores unknown or hidden clips", async () => {
    await expect(setFlame(handle.db, { clipId: "not-a-uuid", flameOwner: { anonymousId: randomUUID() }, flamed: true })).rejects.toThrow(
      InvalidClipId,
    );
    await expect(
      setFlame(handle.db, { clipId: "00000000-0000-1000-8000-000000000000", flameOwner: { anonymousId: randomUUID() }, flamed: true }),
    ).rejects.toThrow(InvalidClipId);
    expect(await setFlame(handle.db, { clipId: randomUUID(), flameOwner: { anonymousId: randomUUID() }, flamed: true })).toBeNull();
    const [hidden] = await makeClips(handle.db, 1, { status: "hidden" });
    expect(await setFlame(handle.db, { clipId: hidden!.id, flameOwner: { anonymousId: randomUUID() }, flamed: true })).toBeNull();
  });

  it("never lets the count go below zero", async () => {
    const [clip] = await makeClips(handle.db, 1, { flames: 0 });
    const flameOwner = { anonymousId: randomUUID() };
    await handle.db.insert(userFlames).values({ clipId: clip!.id, ...flameOwner });
    expect(await setFlame(handle.db, { clipId: clip!.id, flameOwner, flamed: false })).toEqual({ flamed: false, flames: 0 });
  });

  it("counts 50 parallel flames from distinct visitors as exactly +50", async () => {
    const [clip] = await makeClips(handle.db, 1, { flames: 7 });
    await Promise.all(
      Array.from({ length: 50 }, () => setFlame(handle.db, { clipId: clip!.id, flameOwner: { anonymousId: randomUUID() }, flamed: true })),
    );
    expect(await flamesOf(clip!.id)).toBe(57);
    expect(await rowsOf(clip!.id)).toBe(50);
  });

  it("ends a like/unlike storm from one visitor with 0 or 1 row and a matching count", async () => {
    for (let round = 0; round < 5; round++) {
      const [clip] = await makeClips(handle.db, 1);
      const flameOwner = { anonymousId: randomUUID() };
      await Promise.all(
        Array.from({ length: 40 }, (_, i) => setFlame(handle.db, { clipId: clip!.id, flameOwner, flamed: (i + round) % 3 !== 0 })),
      );
      const rows = await rowsOf(clip!.id);
      expect(rows).toBeLessThanOrEqual(1);
      expect(await flamesOf(clip!.id)).toBe(rows);
    }
  });

  it("keeps one row per user under parallel flames from one signed-in user", async () => {
    const [clip] = await makeClips(handle.db, 1);
    const id = randomUUID();
    await handle.db.insert(user).values({ id, name: "u", email: `${id}@example.com` });
    await Promise.all(
      Array.from({ length: 20 }, () => setFlame(handle.db, { clipId: clip!.id, flameOwner: { userId: id }, flamed: true })),
    );
    expect(await rowsOf(clip!.id)).toBe(1);
    expect(await flamesOf(clip!.id)).toBe(1);
  });

  it("merges anonymous flames into the account without counting twice", async () => {
    const [a, b] = await makeClips(handle.db, 2);
    const anonymousId = randomUUID();
    const userId = randomUUID();
    await handle.db.insert(user).values({ id: userId, name: "u", email: `${userId}@example.com` });
    await setFlame(handle.db, { clipId: a!.id, flameOwner: { anonymousId }, flamed: true });
    await setFlame(handle.db, { clipId: b!.id, flameOwner: { anonymousId }, flamed: true });
    await setFlame(handle.db, { clipId: b!.id, flameOwner: { userId }, flamed: true });
    expect(await flamesOf(b!.id)).toBe(2);

    expect(await mergeAnonymousFlames(handle.db, { anonymousId, userId })).toEqual({ moved: 1, merged: 1 });
    expect(await flamesOf(a!.id)).toBe(1);
    expect(await flamesOf(b!.id)).toBe(1);
    const mine = await handle.db.select().from(userFlames).where(eq(userFlames.userId, userId));
    expect(mine.map((f) => f.clipId).sort()).toEqual([a!.id, b!.id].sort());
    const left = await handle.db
      .select()
      .from(userFlames)
      .where(and(eq(userFlames.anonymousId, anonymousId)));
    expect(left).toEqual([]);
  });
});
