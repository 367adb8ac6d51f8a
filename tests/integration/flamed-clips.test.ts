import { randomUUID } from "node:crypto";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clips, user, userFlames, categories } from "~schema";
import { flamedClipIds, InvalidClipId } from "~/features/flames/flames.server";
import { rowsOf, textArray, uuidArray } from "~/lib/db/engine.server";
import { parseFlamedFilters } from "~/features/flames/flamed-filters";
import { flamedClips, unflame } from "~/features/flames/flamed-clips.server";
import type { DatabaseHandle } from "~/lib/db.server";
import { makeClips } from "../support/catalog";
import { createTestDatabase, testEngine } from "../support/database";

describe(`liked videos on ${testEngine()}`, () => {
  let handle: DatabaseHandle;
  let userId: string;
  let catA: string;
  let gayOnlyId: string;
  let catB: string;
  /** Clip ids in the order they were liked, oldest first. */
  const flamedOrder: string[] = [];

  const makeUser = async () => {
    const id = randomUUID();
    await handle.db.insert(user).values({ id, name: "", email: `${id}@example.com` });
    return id;
  };
  const like = (flameOwner: string, clipId: string, minutesAgo: number) =>
    handle.db.insert(userFlames).values({ clipId, userId: flameOwner, createdAt: new Date(Date.now() - minutesAgo * 60_000) });

  beforeAll(async () => {
    handle = await createTestDatabase();
    userId = await makeUser();
    const a = await makeClips(handle.db, 12);
    const b = await makeClips(handle.db, 3);
    const [gayOnly] = await makeClips(handle.db, 1, { audiences: ["gay"] });
    const [hidden] = await makeClips(handle.db, 1);
    [catA, catB] = (await Promise.all(
      [a[0]!, b[0]!].map(
        async (clip) =>
          (await handle.db.select({ slug: categories.slug }).from(categories).where(eq(categories.id, clip.categoryId)))[0]!.slug,
      ),
    )) as [string, string];
    // Liked one minute apart: a[0] first (oldest) … b[2] last; flames rise with the index except one outlier.
    const ordered = [...a, ...b];
    for (const [i, clip] of ordered.entries()) {
      await like(userId, clip.id, 100 - i);
      await handle.db.update(clips).set({ flames: i }).where(eq(clips.id, clip.id));
      flamedOrder.push(clip.id);
    }
    await handle.db.update(clips).set({ flames: 999 }).where(eq(clips.id, a[3]!.id));
    await like(userId, gayOnly!.id, 1);
    gayOnlyId = gayOnly!.id;
    await like(userId, hidden!.id, 1);
    await handle.db.update(clips).set({ status: "hidden" }).where(eq(clips.id, hidden!.id));
    // Someone else's likes never show.
    const other = await makeUser();
    const [theirs] = await makeClips(handle.db, 1);
    await like(other, theirs!.id, 0);
  });
  afterAll(() => handle?.close());

  const list = (input: Partial<Parameters<typeof flamedClips>[1]> = {}) =>
    flamedClips(handle.db, {
      userId,
      audience: "hetero",
      category: null,
      sort: "recent",
      everyAudience: false,
      page: 1,
      mediaAllowed: true,
      ...input,
    });

  it("pages the audience's published likes, newest first, 10 per page, with the total counted in SQL", async () => {
    const first = await list();
    expect(first).toMatchObject({ total: 15, totalAll: 15, hidden: 1, totalPages: 2 });
    expect(first.videos.map((v) => v.clip.id)).toEqual(flamedOrder.slice().reverse().slice(0, 10));
    expect(first.videos[0]!.clip.videoUrl).toBe("/media/clips/clip-01.mp4");
    expect(new Date(first.videos[0]!.flamedAt).getTime()).toBeGreaterThan(new Date(first.videos[1]!.flamedAt).getTime());

    const second = await list({ page: 2 });
    expect(second.videos.map((v) => v.clip.id)).toEqual(flamedOrder.slice().reverse().slice(10));
    expect((await list({ page: 3 })).videos).toEqual([]);
  });

  it("sorts by oldest and by most flames", async () => {
    expect((await list({ sort: "oldest" })).videos.map((v) => v.clip.id)).toEqual(flamedOrder.slice(0, 10));
    const byFlames = (await list({ sort: "flames" })).videos.map((v) => v.clip.flames);
    expect(byFlames[0]).toBe(999);
    expect(byFlames.slice(1)).toEqual([14, 13, 12, 11, 10, 9, 8, 7, 6]);
  });

  it("filters by category and still knows the user has likes elsewhere", async () => {
    const onlyB = await list({ category: catB });
    expect(onlyB).toMatchObject({ total: 3, totalAll: 15, totalPages: 1 });
    expect(onlyB.videos.every((v) => v.clip.category.slug === catB)).toBe(true);
    expect(await list({ category: "no-such-category" })).toMatchObject({ total: 0, totalAll: 15, videos: [] });
    expect((await list({ category: catA })).total).toBe(12);
  });

  it("applies the audience, counts what it hides, and shows every audience on request", async () => {
    // The gay-only clip is the one hetero hides; under gay, the 15 hetero clips are hidden.
    expect(await list({ audience: "gay" })).toMatchObject({ total: 1, totalAll: 1, hidden: 15 });
    const everything = await list({ everyAudience: true });
    expect(everything).toMatchObject({ total: 16, totalAll: 16, hidden: 0, totalPages: 2 });
    // The gay-only clip was liked last: it leads the newest-first list.
    expect(everything.videos[0]!.clip.id).toBe(gayOnlyId);
    expect((await list({ everyAudience: true, category: catB })).total).toBe(3);
  });

  it("withholds media before the age gate", async () => {
    expect((await list({ mediaAllowed: false })).videos[0]!.clip).toMatchObject({ videoUrl: null, thumbnailUrl: null });
  });

  it("says 'no likes' for a user without any", async () => {
    expect(await list({ userId: await makeUser() })).toMatchObject({
      total: 0,
      totalAll: 0,
      hidden: 0,
      totalPages: 1,
      videos: [],
    });
  });

  it("reads the filters from the URL, accepting aliases and falling back to defaults", () => {
    const categories = [{ slug: "bdsm", aliases: ["dominatrix-bdsm"] }];
    expect(parseFlamedFilters(new URLSearchParams("category=Dominatrix-BDSM&sort=flames"), categories)).toEqual({
      category: "bdsm",
      sort: "flames",
      everyAudience: false,
    });
    expect(parseFlamedFilters(new URLSearchParams("category=all&sort=nope"), categories)).toEqual({
      category: null,
      sort: "recent",
      everyAudience: false,
    });
    expect(parseFlamedFilters(new URLSearchParams("category=unknown&audiences=all"), categories)).toEqual({
      category: null,
      sort: "recent",
      everyAudience: true,
    });
  });

  it("removes a like and takes the clip's flame back", async () => {
    const clipId = flamedOrder.at(-1)!;
    const [before] = await handle.db.select({ flames: clips.flames }).from(clips).where(eq(clips.id, clipId));
    expect(await unflame(handle.db, { userId, clipId })).toEqual({ flamed: false, flames: before!.flames - 1 });
    const after = await list();
    expect(after.total).toBe(14);
    expect(after.videos.map((v) => v.clip.id)).not.toContain(clipId);
    await expect(unflame(handle.db, { userId, clipId: "not-a-uuid" })).rejects.toThrow(InvalidClipId);
    expect(
      await handle.db
        .select()
        .from(userFlames)
        .where(inArray(userFlames.clipId, [clipId])),
    ).toEqual([]);
  });
  it("reads the flamed states of owners asked for at once, each only their own, whatever their ids hold", async () => {
    const odd = `o'dd "id", {x} \\ y`;
    await handle.db.insert(user).values({ id: odd, name: "", email: "odd@example.com" });
    const other = await makeUser();
    const anonymousId = randomUUID();
    const some = await makeClips(handle.db, 4);
    const ids = some.map((clip) => clip.id);
    await handle.db.insert(userFlames).values([
      { clipId: ids[0]!, userId: odd },
      { clipId: ids[1]!, userId: other },
      { clipId: ids[1]!, anonymousId },
      { clipId: ids[2]!, anonymousId },
    ]);
    // Asked together (on PostgreSQL, one statement answers them all).
    const [forOdd, forOther, forAnonymous, forNobody] = await Promise.all([
      flamedClipIds(handle.db, { userId: odd }, ids),
      flamedClipIds(handle.db, { userId: other }, ids),
      flamedClipIds(handle.db, { anonymousId }, ids),
      flamedClipIds(handle.db, { anonymousId: randomUUID() }, ids),
    ]);
    expect([...forOdd]).toEqual([ids[0]]);
    expect([...forOther]).toEqual([ids[1]]);
    expect([...forAnonymous].sort()).toEqual([ids[1], ids[2]].sort());
    expect(forNobody.size).toBe(0);
    // The array parameters carry any text as it is.
    const texts = [odd, "plain", "", "NULL"];
    expect((await rowsOf<{ value: string }>(handle.db, sql`select unnest(${textArray(texts)}) as value`)).map((row) => row.value)).toEqual(
      texts,
    );
    expect((await rowsOf<{ n: number }>(handle.db, sql`select cardinality(${uuidArray(ids)}) as n`))[0]!.n).toBe(4);
  });
});
