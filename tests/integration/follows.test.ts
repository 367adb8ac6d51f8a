import { randomUUID } from "node:crypto";
import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clips, creatorFollows, creators, user } from "~schema";
import {
  followedCreatorIds,
  followingFeed,
  followingList,
  followsCreator,
  InvalidCreator,
  MAX_FOLLOWS,
  mergeAnonymousFollows,
  parseCursor,
  setFollow,
  FOLLOWING_PAGE_SIZE,
} from "~/features/follows/index.server";
import { ExpectedError, InvalidInput } from "~/lib/http/errors";
import type { DatabaseHandle } from "~/lib/db.server";
import { makeClips } from "../support/catalog";
import { createTestDatabase, testEngine } from "../support/database";

describe(`follows on ${testEngine()}`, () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(() => handle?.close());

  const creatorOf = async (clipId: string) => {
    const [row] = await handle.db
      .select({ id: creators.id, slug: creators.slug, followers: creators.followersCount })
      .from(creators)
      .innerJoin(clips, eq(clips.creatorId, creators.id))
      .where(eq(clips.id, clipId));
    return row!;
  };
  const followersOf = async (slug: string) =>
    (await handle.db.select({ n: creators.followersCount }).from(creators).where(eq(creators.slug, slug)))[0]!.n;
  const rowsOf = async (creatorId: string) =>
    (await handle.db.select({ n: count() }).from(creatorFollows).where(eq(creatorFollows.creatorId, creatorId)))[0]!.n;
  const newUser = async () => {
    const id = randomUUID();
    await handle.db.insert(user).values({ id, name: "u", email: `${id}@example.com` });
    return id;
  };
  const base = { audience: "hetero" as const, mediaAllowed: true, language: "en" as const };

  it("adds one row and one follower, and takes them back, idempotently", async () => {
    const [clip] = await makeClips(handle.db, 1);
    const creator = await creatorOf(clip!.id);
    const follower = { anonymousId: randomUUID() };
    expect(await setFollow(handle.db, { creatorSlug: creator.slug, follower, following: true })).toEqual({ following: true, followers: 1 });
    expect(await setFollow(handle.db, { creatorSlug: creator.slug, follower, following: true })).toEqual({ following: true, followers: 1 });
    expect(await followsCreator(handle.db, follower, creator.slug)).toBe(true);
    expect(await followedCreatorIds(handle.db, follower, [creator.id, randomUUID()])).toEqual(new Set([creator.id]));
    expect(await setFollow(handle.db, { creatorSlug: creator.slug, follower, following: false })).toEqual({
      following: false,
      followers: 0,
    });
    expect(await setFollow(handle.db, { creatorSlug: creator.slug, follower, following: false })).toEqual({
      following: false,
      followers: 0,
    });
    expect(await rowsOf(creator.id)).toBe(0);
    expect(await followsCreator(handle.db, follower, creator.slug)).toBe(false);
  });

  it("refuses slugs that cannot be a creator's and answers null for an unknown one", async () => {
    for (const creatorSlug of ["", "Not A Slug", "-x", "a".repeat(201), "x'; drop table creators; --"]) {
      await expect(setFollow(handle.db, { creatorSlug, follower: { anonymousId: randomUUID() }, following: true })).rejects.toThrow(
        InvalidCreator,
      );
    }
    expect(
      await setFollow(handle.db, { creatorSlug: "nobody-by-this-name", follower: { anonymousId: randomUUID() }, following: true }),
    ).toBeNull();
  });

  it("counts parallel follows from distinct visitors exactly, and a follow/unfollow storm from one visitor ends consistent", async () => {
    const [clip] = await makeClips(handle.db, 1);
    const creator = await creatorOf(clip!.id);
    await Promise.all(
      Array.from({ length: 30 }, () =>
        setFollow(handle.db, { creatorSlug: creator.slug, follower: { anonymousId: randomUUID() }, following: true }),
      ),
    );
    expect(await followersOf(creator.slug)).toBe(30);
    const follower = { userId: await newUser() };
    await Promise.all(
      Array.from({ length: 30 }, (_, i) => setFollow(handle.db, { creatorSlug: creator.slug, follower, following: i % 3 !== 0 })),
    );
    const rows = await rowsOf(creator.id);
    expect(rows === 30 || rows === 31).toBe(true);
    expect(await followersOf(creator.slug)).toBe(rows);
  });

  it("moves anonymous follows to the account on sign-in without counting a creator twice", async () => {
    const [a] = await makeClips(handle.db, 1);
    const [b] = await makeClips(handle.db, 1);
    const [creatorA, creatorB] = [await creatorOf(a!.id), await creatorOf(b!.id)];
    const anonymousId = randomUUID();
    const userId = await newUser();
    await setFollow(handle.db, { creatorSlug: creatorA.slug, follower: { anonymousId }, following: true });
    await setFollow(handle.db, { creatorSlug: creatorB.slug, follower: { anonymousId }, following: true });
    await setFollow(handle.db, { creatorSlug: creatorB.slug, follower: { userId }, following: true });
    expect(await followersOf(creatorB.slug)).toBe(2);
    expect(await mergeAnonymousFollows(handle.db, { anonymousId, userId })).toEqual({ moved: 1, merged: 1 });
    expect(await followersOf(creatorA.slug)).toBe(1);
    expect(await followersOf(creatorB.slug)).toBe(1);
    expect(await followsCreator(handle.db, { userId }, creatorA.slug)).toBe(true);
    expect(await followsCreator(handle.db, { anonymousId }, creatorA.slug)).toBe(false);
    expect(await mergeAnonymousFollows(handle.db, { anonymousId: "not-a-uuid", userId })).toEqual({ moved: 0, merged: 0 });
  });

  it("caps how many creators one visitor follows with a translated 409", async () => {
    const follower = { anonymousId: randomUUID() };
    const suffix = randomUUID().slice(0, 8);
    const made = await handle.db
      .insert(creators)
      .values(Array.from({ length: MAX_FOLLOWS + 1 }, (_, i) => ({ slug: `cap-${suffix}-${i}`, name: `Cap ${i}` })))
      .returning({ id: creators.id, slug: creators.slug });
    await handle.db.insert(creatorFollows).values(made.slice(0, MAX_FOLLOWS).map((creator) => ({ creatorId: creator.id, ...follower })));
    const refused = await setFollow(handle.db, { creatorSlug: made[MAX_FOLLOWS]!.slug, follower, following: true }).catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(ExpectedError);
    expect((refused as ExpectedError).status).toBe(409);
    expect((refused as ExpectedError).key).toBe("errors.tooMany");
    // Already followed stays answerable, and unfollowing frees a place.
    expect(await setFollow(handle.db, { creatorSlug: made[0]!.slug, follower, following: true })).toMatchObject({ following: true });
    await setFollow(handle.db, { creatorSlug: made[0]!.slug, follower, following: false });
    expect(await setFollow(handle.db, { creatorSlug: made[MAX_FOLLOWS]!.slug, follower, following: true })).toMatchObject({
      following: true,
    });
  });

  it("shows only followed creators' clips on the Following tab, newest first, keyset paged without gaps or repeats", async () => {
    const followed1 = await makeClips(handle.db, 9);
    const followed2 = await makeClips(handle.db, 8);
    const other = await makeClips(handle.db, 5);
    // Distinct and equal publication times, to the microsecond: the cursor must keep ties apart.
    const times = [...followed1, ...followed2, ...other].map((clip, i) => ({
      id: clip.id,
      at: new Date(Date.UTC(2026, 0, 1, 0, 0, i % 7)),
    }));
    for (const { id, at } of times) await handle.db.update(clips).set({ publishedAt: at }).where(eq(clips.id, id));
    const hidden = followed1[0]!;
    await handle.db.update(clips).set({ status: "hidden" }).where(eq(clips.id, hidden.id));
    const gayOnly = followed2[0]!;
    await handle.db
      .update(clips)
      .set({ audiences: ["gay"] })
      .where(eq(clips.id, gayOnly.id));

    const follower = { userId: await newUser() };
    expect((await followingFeed(handle.db, { ...base, follower, after: null })).followsAnyone).toBe(false);
    for (const clip of [followed1[0]!, followed2[0]!]) {
      await setFollow(handle.db, { creatorSlug: (await creatorOf(clip.id)).slug, follower, following: true });
    }
    const seen: string[] = [];
    let after = null;
    let pages = 0;
    do {
      const page = await followingFeed(handle.db, { ...base, follower, after });
      expect(page.followsAnyone).toBe(true);
      expect(page.clips.length).toBeLessThanOrEqual(FOLLOWING_PAGE_SIZE);
      seen.push(...page.clips.map(({ clip }) => clip.id));
      after = page.next ? parseCursor(page.next) : null;
      pages += 1;
    } while (after && pages < 10);
    const expected = [...followed1, ...followed2]
      .filter((clip) => clip.id !== hidden.id && clip.id !== gayOnly.id)
      .map((clip) => ({ id: clip.id, at: times.find((time) => time.id === clip.id)!.at.getTime() }))
      .sort((x, y) => y.at - x.at || (x.id < y.id ? -1 : 1))
      .map((clip) => clip.id);
    expect(seen).toEqual(expected);
    expect(pages).toBe(2);
    const gay = await followingFeed(handle.db, { ...base, audience: "gay", follower, after: null });
    expect(gay.clips.map(({ clip }) => clip.id)).toEqual([gayOnly.id]);
  });

  it("shows a new clip of a followed creator at the top on the next request", async () => {
    const [first] = await makeClips(handle.db, 1);
    const creator = await creatorOf(first!.id);
    const follower = { anonymousId: randomUUID() };
    await setFollow(handle.db, { creatorSlug: creator.slug, follower, following: true });
    const [later] = await handle.db
      .insert(clips)
      .values({
        ...first!,
        id: randomUUID(),
        slug: `later-${randomUUID().slice(0, 8)}`,
        title: "Later",
        publishedAt: new Date(Date.now() + 1000),
      })
      .returning();
    const page = await followingFeed(handle.db, { ...base, follower, after: null });
    expect(page.clips[0]!.clip.id).toBe(later!.id);
    expect(page.clips[0]!.clip.creatorSlug).toBe(creator.slug);
  });

  it("lists a member's followed creators newest first in keyset pages", async () => {
    const userId = await newUser();
    const suffix = randomUUID().slice(0, 8);
    const made = await handle.db
      .insert(creators)
      .values(Array.from({ length: 5 }, (_, i) => ({ slug: `list-${suffix}-${i}`, name: `List ${i}` })))
      .returning({ slug: creators.slug });
    for (const creator of made) await setFollow(handle.db, { creatorSlug: creator.slug, follower: { userId }, following: true });
    const first = await followingList(handle.db, { userId, after: null, mediaAllowed: true, limit: 3 });
    expect(first.creators.map((creator) => creator.slug)).toEqual([made[4]!.slug, made[3]!.slug, made[2]!.slug]);
    expect(first.creators[0]!.followers).toBe(1);
    const second = await followingList(handle.db, { userId, after: parseCursor(first.next), mediaAllowed: true, limit: 3 });
    expect(second.creators.map((creator) => creator.slug)).toEqual([made[1]!.slug, made[0]!.slug]);
    expect(second.next).toBeNull();
  });

  it("keeps cached pages on a follow (the count may be seconds old) but drops them when a creator is edited", async () => {
    const generation = async () =>
      Number(
        ((await handle.db.execute(sql`select value from cache_generation where id = 1`)) as unknown as { rows: { value: string }[] })
          .rows[0]!.value,
      );
    const [clip] = await makeClips(handle.db, 1);
    const creator = await creatorOf(clip!.id);
    const before = await generation();
    await setFollow(handle.db, { creatorSlug: creator.slug, follower: { anonymousId: randomUUID() }, following: true });
    expect(await generation()).toBe(before);
    await handle.db.update(creators).set({ bio: "A new bio" }).where(eq(creators.id, creator.id));
    expect(await generation()).toBeGreaterThan(before);
  });

  it("refuses cursors it did not write", () => {
    expect(parseCursor(null)).toBeNull();
    for (const bad of [
      "x",
      "2026-01-01T00:00:00Z_abc",
      `2026-13-45T00:00:00.000000Z_${randomUUID()}`,
      `2026-01-01T00:00:00.000000Z_${randomUUID()}x`,
    ]) {
      expect(() => parseCursor(bad), bad).toThrow(InvalidInput);
    }
  });
});
