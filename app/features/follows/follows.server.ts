import { and, desc, eq, inArray, lt, or, sql } from "drizzle-orm";
import { creatorFollows, creators } from "~schema";
import type { Database } from "~/lib/database";
import { Conflict, InvalidInput } from "~/lib/http/errors";
import { isUuidV4 } from "~/lib/uuid";
import { mediaUrl } from "~/features/clips/index.server";

/**
 * Following creators (docs/decisions/150-following-creators.md): one row per (creator, follower) in
 * creator_follows, the creator's `followers_count` changed in the same transaction, never below 0.
 * A follower is a signed-in user or an anonymous id (`spicy_uid`), like a flame owner.
 */
export type Follower = { userId: string } | { anonymousId: string };

/** A follower follows at most this many creators: the Following tab reads one index range per followed creator. */
export const MAX_FOLLOWS = 500;

export const followerCondition = (follower: Follower) =>
  "userId" in follower ? eq(creatorFollows.userId, follower.userId) : eq(creatorFollows.anonymousId, follower.anonymousId);

/** A creator slug that cannot be one (empty, too long, other characters): 400. */
export class InvalidCreator extends InvalidInput {
  constructor() {
    super("errors.invalidCreator");
  }
}

const SLUG = /^[a-z0-9][a-z0-9-]{0,199}$/;

/**
 * Sets the follower's follow of a creator (by slug) to `following`; idempotent, so retries and racing
 * requests are harmless. Returns null when no creator has this slug.
 */
export async function setFollow(
  db: Database,
  input: { creatorSlug: string; follower: Follower; following: boolean },
): Promise<{ following: boolean; followers: number } | null> {
  if (!SLUG.test(input.creatorSlug)) throw new InvalidCreator();
  const [creator] = await db.select({ id: creators.id }).from(creators).where(eq(creators.slug, input.creatorSlug)).limit(1);
  if (!creator) return null;
  const owner = "userId" in input.follower ? { userId: input.follower.userId } : { anonymousId: input.follower.anonymousId };
  return db.transaction(async (tx) => {
    const mine = and(eq(creatorFollows.creatorId, creator.id), followerCondition(input.follower));
    let delta = 0;
    if (input.following) {
      const [already] = await tx.select({ id: creatorFollows.id }).from(creatorFollows).where(mine).limit(1);
      if (!already) {
        // The cap is checked with one bounded read of the follower's index range, not a count.
        const [overCap] = await tx
          .select({ id: creatorFollows.id })
          .from(creatorFollows)
          .where(followerCondition(input.follower))
          .offset(MAX_FOLLOWS - 1)
          .limit(1);
        if (overCap) throw new Conflict("errors.tooMany", { max: MAX_FOLLOWS });
        const added = await tx
          .insert(creatorFollows)
          .values({ creatorId: creator.id, ...owner })
          .onConflictDoNothing()
          .returning({ id: creatorFollows.id });
        delta = added.length;
      }
    } else {
      const removed = await tx.delete(creatorFollows).where(mine).returning({ id: creatorFollows.id });
      delta = -removed.length;
    }
    const [row] = await tx
      .update(creators)
      .set({ followersCount: sql`greatest(${creators.followersCount} + ${delta}, 0)` })
      .where(eq(creators.id, creator.id))
      .returning({ followers: creators.followersCount });
    return { following: input.following, followers: row?.followers ?? 0 };
  });
}

/** Whether the follower follows each of these creators (by id; one indexed query). */
export async function followedCreatorIds(db: Database, follower: Follower | null, creatorIds: string[]): Promise<Set<string>> {
  const ids = creatorIds.filter(isUuidV4);
  if (!follower || ids.length === 0) return new Set();
  const rows = await db
    .select({ creatorId: creatorFollows.creatorId })
    .from(creatorFollows)
    .where(and(followerCondition(follower), inArray(creatorFollows.creatorId, ids)));
  return new Set(rows.map((row) => row.creatorId));
}

/** Whether the follower follows the creator with this slug. */
export async function followsCreator(db: Database, follower: Follower | null, creatorSlug: string): Promise<boolean> {
  if (!follower || !SLUG.test(creatorSlug)) return false;
  const [row] = await db
    .select({ id: creatorFollows.id })
    .from(creatorFollows)
    .innerJoin(creators, eq(creators.id, creatorFollows.creatorId))
    .where(and(eq(creators.slug, creatorSlug), followerCondition(follower)))
    .limit(1);
  return Boolean(row);
}

/**
 * On sign-in, the visitor's anonymous follows become the user's. A creator both followed keeps one
 * follow: the duplicate is dropped and the creator's count goes down by one, so nothing is counted twice.
 */
export async function mergeAnonymousFollows(db: Database, input: { anonymousId: string; userId: string }) {
  if (!isUuidV4(input.anonymousId)) return { moved: 0, merged: 0 };
  return db.transaction(async (tx) => {
    const duplicates = await tx
      .delete(creatorFollows)
      .where(
        and(
          eq(creatorFollows.anonymousId, input.anonymousId),
          sql`${creatorFollows.creatorId} in (select creator_id from creator_follows where user_id = ${input.userId})`,
        ),
      )
      .returning({ creatorId: creatorFollows.creatorId });
    if (duplicates.length) {
      await tx
        .update(creators)
        .set({ followersCount: sql`greatest(${creators.followersCount} - 1, 0)` })
        .where(
          inArray(
            creators.id,
            duplicates.map((row) => row.creatorId),
          ),
        );
    }
    const moved = await tx
      .update(creatorFollows)
      .set({ userId: input.userId, anonymousId: null })
      .where(eq(creatorFollows.anonymousId, input.anonymousId))
      .returning({ id: creatorFollows.id });
    return { moved: moved.length, merged: duplicates.length };
  });
}

export const FOLLOWING_LIST_SIZE = 24;

export interface FollowedCreator {
  slug: string;
  name: string;
  /** /media URL of the avatar, or null: the initials avatar is drawn. */
  avatarUrl: string | null;
  followers: number;
}

/** Where the next page of a keyset list starts: the last row's sort key, exact to the microsecond. */
export interface Cursor {
  at: string;
  id: string;
}

const CURSOR = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z)_([0-9a-f-]{36})$/;

/** `?after=` as a cursor; null when absent; InvalidInput when it is not one this site wrote. */
export function parseCursor(value: string | null): Cursor | null {
  if (value === null || value === "") return null;
  const match = CURSOR.exec(value);
  if (!match || !isUuidV4(match[2]) || Number.isNaN(Date.parse(match[1]!))) throw new InvalidInput("errors.invalidCursor");
  return { at: match[1]!, id: match[2]! };
}

export const formatCursor = (cursor: Cursor) => `${cursor.at}_${cursor.id}`;

/** A timestamp as UTC text with microseconds, so a cursor names the row exactly. */
const exactTime = (column: unknown) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * The creators a member follows, newest follow first, one keyset page of creator_follows_user_idx.
 */
export async function followingList(
  db: Database,
  input: { userId: string; after: Cursor | null; mediaAllowed: boolean; limit?: number },
): Promise<{ creators: FollowedCreator[]; next: string | null }> {
  const limit = input.limit ?? FOLLOWING_LIST_SIZE;
  const rows = await db
    .select({
      id: creatorFollows.id,
      at: exactTime(creatorFollows.createdAt),
      slug: creators.slug,
      name: creators.name,
      avatarKey: creators.avatarKey,
      followers: creators.followersCount,
    })
    .from(creatorFollows)
    .innerJoin(creators, eq(creators.id, creatorFollows.creatorId))
    .where(
      and(
        eq(creatorFollows.userId, input.userId),
        input.after
          ? or(
              lt(creatorFollows.createdAt, sql`${input.after.at}::timestamptz`),
              and(eq(creatorFollows.createdAt, sql`${input.after.at}::timestamptz`), lt(creatorFollows.id, input.after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(creatorFollows.createdAt), desc(creatorFollows.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    creators: page.map(({ slug, name, avatarKey, followers }) => ({
      slug,
      name,
      avatarUrl: mediaUrl(avatarKey, input.mediaAllowed),
      followers,
    })),
    next: rows.length > limit && last ? formatCursor({ at: last.at, id: last.id }) : null,
  };
}

/** A member's follows for their data export (ADR 150: kept while the member keeps them), newest first. */
export async function followsExport(db: Database, userId: string): Promise<{ creator: string; name: string; followedAt: string }[]> {
  return db
    .select({ creator: creators.slug, name: creators.name, followedAt: exactTime(creatorFollows.createdAt) })
    .from(creatorFollows)
    .innerJoin(creators, eq(creators.id, creatorFollows.creatorId))
    .where(eq(creatorFollows.userId, userId))
    .orderBy(desc(creatorFollows.createdAt), desc(creatorFollows.id));
}

/**
 * Removes a member's follows and takes each followed creator's count down by one, in the caller's transaction
 * (account deletion): the foreign key's cascade alone would leave the counts too high.
 */
export async function deleteFollows(db: Database, userId: string): Promise<void> {
  // Each (creator, user) pair is unique, so every followed creator loses exactly one follower.
  const removed = db
    .$with("removed_follows")
    .as(db.delete(creatorFollows).where(eq(creatorFollows.userId, userId)).returning({ creatorId: creatorFollows.creatorId }));
  await db
    .with(removed)
    .update(creators)
    .set({ followersCount: sql`greatest(${creators.followersCount} - 1, 0)` })
    .from(removed)
    .where(eq(creators.id, removed.creatorId));
}
