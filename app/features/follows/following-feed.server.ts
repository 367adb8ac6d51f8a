import { inArray, sql } from "drizzle-orm";
import { clips, creatorFollows } from "~schema";
import type { Audience } from "~schema";
import type { Database } from "~/lib/database";
import { clipCardFrom, toClipCard, withTagChips, type ClipCard, type TagChip } from "~/features/clips/index.server";
import type { Language } from "~/lib/i18n/languages";
import { formatCursor, MAX_FOLLOWS, type Cursor, type Follower } from "./follows.server";

export const FOLLOWING_PAGE_SIZE = 12;

export interface FollowingFeedPage {
  clips: { clip: ClipCard; tags: TagChip[] }[];
  /** The cursor of the next page, or null on the last one. */
  next: string | null;
  /** Whether the follower follows anyone (the empty state says which of the two it is). */
  followsAnyone: boolean;
}

/**
 * The Following tab (docs/decisions/150-following-creators.md): the published clips of the creators the
 * follower follows, newest first, one keyset page. For each followed creator (at most MAX_FOLLOWS) one
 * range of clips_creator_listing_idx, at most a page long, is read past the cursor; the newest of those make
 * the page. So a page costs (followed creators × page size) index entries at most, whatever the catalogue's size.
 */
export async function followingFeed(
  db: Database,
  input: { follower: Follower | null; audience: Audience; after: Cursor | null; mediaAllowed: boolean; language: Language },
): Promise<FollowingFeedPage> {
  if (!input.follower) return { clips: [], next: null, followsAnyone: false };
  const limit = FOLLOWING_PAGE_SIZE + 1;
  const owner =
    "userId" in input.follower
      ? sql`${creatorFollows.userId} = ${input.follower.userId}`
      : sql`${creatorFollows.anonymousId} = ${input.follower.anonymousId}`;
  const past = input.after
    ? sql`and (c.published_at < ${input.after.at}::timestamptz or (c.published_at = ${input.after.at}::timestamptz and c.id > ${input.after.id}::uuid))`
    : sql``;
  const result = await db.execute(sql`
    with f as (
      select ${creatorFollows.creatorId} as creator_id from ${creatorFollows} where ${owner} limit ${MAX_FOLLOWS}
    )
    select p.id, to_char(p.published_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at
    from f cross join lateral (
      select c.id, c.published_at from ${clips} c
      where c.creator_id = f.creator_id and c.status = 'published' and c.audiences && array[${input.audience}]::text[] ${past}
      order by c.published_at desc, c.id
      limit ${limit}
    ) p
    order by p.published_at desc, p.id
    limit ${limit}`);
  const rows = (result as unknown as { rows: { id: string; at: string }[] }).rows;
  const page = rows.slice(0, FOLLOWING_PAGE_SIZE);
  const last = page[page.length - 1];
  const next = rows.length > FOLLOWING_PAGE_SIZE && last ? formatCursor({ at: last.at, id: last.id }) : null;
  const followsAnyone = rows.length > 0 || (await followsSomeone(db, input.follower));
  if (page.length === 0) return { clips: [], next: null, followsAnyone };
  const cards = await clipCardFrom(db).where(
    inArray(
      clips.id,
      page.map((row) => row.id),
    ),
  );
  const byId = new Map(cards.map((row) => [row.id, toClipCard(row, input)]));
  const ordered = page.flatMap((row) => byId.get(row.id) ?? []);
  return { clips: await withTagChips(db, ordered, input.language), next, followsAnyone };
}

async function followsSomeone(db: Database, follower: Follower): Promise<boolean> {
  const owner =
    "userId" in follower
      ? sql`${creatorFollows.userId} = ${follower.userId}`
      : sql`${creatorFollows.anonymousId} = ${follower.anonymousId}`;
  const result = await db.execute(sql`select 1 from ${creatorFollows} where ${owner} limit 1`);
  return (result as unknown as { rows: unknown[] }).rows.length > 0;
}
