import { randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { creatorFollows, creators, user } from "~schema";
import { deleteAccount } from "~/features/accounts/account.server";
import { setFollow } from "~/features/follows/index.server";
import type { DatabaseHandle } from "~/lib/db.server";
import { type TestApp, withTestApp } from "../support/app";
import { makeClips } from "../support/catalog";
import { testEngine } from "../support/database";
import { signIn } from "../support/sign-in";

/** A member's follows: in their export, and taken back from each creator's follower count when the account goes. */
describe(`a member's follows on ${testEngine()}`, () => {
  let handle: DatabaseHandle;
  let app: TestApp;
  withTestApp((made) => ({ handle, app } = made));

  const newCreator = async () => (await makeClips(handle.db, 1))[0]!.creatorId;
  const slugOf = async (creatorId: string) =>
    (await handle.db.select({ slug: creators.slug }).from(creators).where(eq(creators.id, creatorId)))[0]!.slug;
  const followersOf = async (ids: string[]) =>
    Object.fromEntries(
      (await handle.db.select({ id: creators.id, n: creators.followersCount }).from(creators).where(inArray(creators.id, ids))).map(
        (row) => [row.id, row.n],
      ),
    );

  it("are in the member's export and leave the followers counts with the account", async () => {
    const [shared, mine] = [await newCreator(), await newCreator()];
    const sharedSlug = await slugOf(shared!);
    const mineSlug = await slugOf(mine!);
    const email = `follower-${randomUUID().slice(0, 8)}@example.com`;
    const cookie = await signIn(app.env, email);
    const userId = (await handle.db.select({ id: user.id }).from(user).where(eq(user.email, email)))[0]!.id;
    const otherMember = randomUUID();
    await handle.db.insert(user).values({ id: otherMember, name: "", email: `${otherMember}@example.com` });

    for (const slug of [sharedSlug, mineSlug]) await setFollow(handle.db, { creatorSlug: slug, follower: { userId }, following: true });
    await setFollow(handle.db, { creatorSlug: sharedSlug, follower: { userId: otherMember }, following: true });
    await setFollow(handle.db, { creatorSlug: sharedSlug, follower: { anonymousId: randomUUID() }, following: true });
    expect(await followersOf([shared!, mine!])).toEqual({ [shared!]: 3, [mine!]: 1 });

    const download = await fetch(`${app.url}/my-account/watch-data`, { headers: { cookie } });
    expect(download.status).toBe(200);
    expect(download.headers.get("cache-control")).toMatch(/private, no-store/);
    const exported = (await download.json()) as { following?: { creator: string; followedAt: string }[] };
    expect(exported.following?.map((f) => f.creator).sort()).toEqual([sharedSlug, mineSlug].sort());
    expect(exported.following?.every((f) => !Number.isNaN(Date.parse(f.followedAt)))).toBe(true);

    await deleteAccount(handle.db, userId);
    expect(await handle.db.select().from(creatorFollows).where(eq(creatorFollows.userId, userId))).toHaveLength(0);
    expect(await followersOf([shared!, mine!])).toEqual({ [shared!]: 2, [mine!]: 0 });
  });
});
