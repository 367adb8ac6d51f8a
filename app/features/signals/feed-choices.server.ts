import { sql } from "drizzle-orm";
import type { Database } from "~/lib/database";
import { followOwnerSets, followOwnerValues, type OwnerSets, type SetOwner } from "~/lib/cache/owner-sets.server";
import { CHANNELS } from "~/lib/db/channels";
import { freshBatch } from "~/lib/cache/fresh-batch.server";
import { isSingleWriter, perDatabase, textArray } from "~/lib/db/engine.server";
import { isUuidV4 } from "~/lib/uuid";
import { ownerColumns, ownerIs, type SignalOwnerRef } from "./signals.server";
import { AFFINITY_MAX, SIGNAL_WEIGHTS } from "./signal-rules";

// What a visitor tells the feed directly (docs/decisions/160-feed-ranking.md): its order, and "Not interested".

export const FEED_ORDERS = ["for-you", "newest", "shuffle"] as const;
export type FeedOrder = (typeof FEED_ORDERS)[number];

const rowsOf = async <T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> => {
  const result = (await db.execute(query)) as unknown as { rows: T[] } | T[];
  return Array.isArray(result) ? result : result.rows;
};

/** Each visitor's dismissed clips, kept on PGlite in process by the `dismissed_clips` announcements (migration 0047). */
const dismissedSetsOf: (db: Database) => Promise<OwnerSets | null> = perDatabase("dismissed-sets", (db) =>
  followOwnerSets(db, {
    channel: CHANNELS.dismissedClips,
    trigger: "dismissed_clips_notify",
    load: async (owner: SetOwner) =>
      new Set(
        (await rowsOf<{ clip_id: string }>(db, sql`select clip_id from dismissed_clips where ${ownerIs(owner)}`)).map((row) => row.clip_id),
      ),
  }),
);

/** The visitor's chosen order; For you until they choose. */
export async function feedOrderOf(db: Database, owner: SignalOwnerRef): Promise<FeedOrder> {
  const [row] = await rowsOf<{ feed_order: FeedOrder }>(db, sql`select feed_order from visitor_feed_settings where ${ownerIs(owner)}`);
  return row?.feed_order ?? "for-you";
}

export interface FeedState {
  order: FeedOrder;
  version: number;
  /**
   * Whether the visitor has flamed anything, read with the rest after the request arrived; absent where it is not
   * read (PGlite in process hears each flame as it is given). A page of a visitor without a flame has nothing to ask
   * of its clips' flamed states.
   */
  flames?: boolean;
}

/** A visitor without a choice or a version row: For you, nothing known. */
const NO_FEED_STATE: Readonly<FeedState> = Object.freeze({ order: "for-you", version: 0 });

/**
 * The order the visitor chose and the version of what the feed knows of them (moved by the triggers of
 * visitor_signal_versions whenever their weights, dismissals or events change), in one read.
 */
export async function feedStateOf(db: Database, owner: SignalOwnerRef): Promise<FeedState> {
  // Never from a signed cookie; read as a visitor the feed knows nothing of rather than as a failed statement.
  if ("anonymousId" in owner && !isUuidV4(owner.anonymousId)) return NO_FEED_STATE;
  // One statement at a time on one connection (PGlite): nothing runs beside a read for others to join, and the
  // batched statement's arrays cost more to plan and run than this one. In process, kept as announced.
  if (isSingleWriter(db)) {
    const followed = await followedStatesOf(db);
    return followed ? followed.of(owner) : singleFeedState(db, owner);
  }
  const key = "userId" in owner ? `u:${owner.userId}` : `a:${owner.anonymousId}`;
  return (await feedStateReaderOf(db)([key])).get(key) ?? NO_FEED_STATE;
}

/** One visitor's feed state, in one statement. */
async function singleFeedState(db: Database, owner: SetOwner): Promise<FeedState> {
  const [row] = await rowsOf<{ feed_order: FeedOrder | null; version: string | number | null }>(
    db,
    sql`select (select feed_order from visitor_feed_settings where ${ownerIs(owner)}) as feed_order,
        (select version from visitor_signal_versions where ${ownerIs(owner)}) as version`,
  );
  return { order: row?.feed_order ?? "for-you", version: Number(row?.version ?? 0) };
}

/**
 * On PGlite in process, each visitor's feed state kept as the `feed_states` announcements say (migration 0048): read
 * once, dropped when their choice or version row changes, so a returning visitor's kept page needs no statement. The
 * trigger announces only to a session that asked; this one asks before it listens.
 */
const followedStatesOf: (db: Database) => Promise<{ of(owner: SetOwner): Promise<FeedState> } | null> = perDatabase("feed-states", (db) =>
  followOwnerValues(db, {
    channel: CHANNELS.feedStates,
    triggers: ["visitor_signal_versions_notify", "visitor_feed_settings_notify"],
    start: async () => void (await db.execute(sql`select set_config('spicy.feed_state_notices', 'on', false)`)),
    load: async (owner) => Object.freeze(await singleFeedState(db, owner)),
  }),
);

/**
 * On PostgreSQL, the feed states of every visitor whose page asked while the previous read ran, in one statement
 * (app/lib/cache/fresh-batch.server.ts: never from before the caller asked). A key is `u:<user id>` or `a:<anonymous
 * id>`; a visitor without either row is absent (For you, version 0). A statement per page was a query for every page
 * a returning visitor loads, a quarter of the app's time under load (docs/performance.md).
 */
const feedStateReaderOf = perDatabase("feed-state-reader", (db) =>
  freshBatch(async (keys: string[]): Promise<Map<string, FeedState>> => {
    const users: string[] = [];
    const anonymous: string[] = [];
    for (const key of keys) {
      const id = key.slice(2);
      if (key[0] === "u") users.push(id);
      // Never an id that is not a UUID in the array: its cast would fail the statement for every page in the batch.
      else if (isUuidV4(id)) anonymous.push(id);
    }
    const rows = await rowsOf<{ key: string; feed_order: FeedOrder | null; version: string | number | null; flames: boolean }>(
      db,
      sql`select 'u:' || o.id as key,
          (select feed_order from visitor_feed_settings s where s.user_id = o.id) as feed_order,
          (select version from visitor_signal_versions v where v.user_id = o.id) as version,
          exists (select 1 from user_flames f where f.user_id = o.id) as flames
        from unnest(${textArray(users)}) as o(id)
        union all
        select 'a:' || o.id,
          (select feed_order from visitor_feed_settings s where s.anonymous_id = o.id::uuid),
          (select version from visitor_signal_versions v where v.anonymous_id = o.id::uuid),
          exists (select 1 from user_flames f where f.anonymous_id = o.id::uuid)
        from unnest(${textArray(anonymous)}) as o(id)`,
    );
    const states = new Map<string, FeedState>();
    for (const row of rows)
      states.set(row.key, { order: row.feed_order ?? "for-you", version: Number(row.version ?? 0), flames: Boolean(row.flames) });
    return states;
  }),
);

/** Remembers the order; only this column moves (Pause history shares the row). */
export async function setFeedOrder(db: Database, owner: SignalOwnerRef, order: FeedOrder): Promise<void> {
  const { userId, anonymousId } = ownerColumns(owner);
  await db.execute(
    userId
      ? sql`insert into visitor_feed_settings (user_id, feed_order) values (${userId}, ${order})
          on conflict (user_id) where user_id is not null do update set feed_order = excluded.feed_order, updated_at = now()`
      : sql`insert into visitor_feed_settings (anonymous_id, feed_order) values (${anonymousId}::uuid, ${order})
          on conflict (anonymous_id) where anonymous_id is not null do update set feed_order = excluded.feed_order, updated_at = now()`,
  );
}

/** Whether the visitor marked any clip "Not interested" (one probe of dismissed_clips' owner key). */
export async function hasDismissedClips(db: Database, owner: SignalOwnerRef): Promise<boolean> {
  return (await rowsOf(db, sql`select 1 from dismissed_clips where ${ownerIs(owner)} limit 1`)).length > 0;
}

/**
 * Which of these clips the visitor marked "Not interested": from their kept set on PGlite in process (a stored page
 * asks for every visit), else dismissed_clips' owner key, one probe per clip.
 */
export async function dismissedAmong(db: Database, owner: SignalOwnerRef, clipIds: readonly string[]): Promise<Set<string>> {
  const ids = clipIds.filter(isUuidV4);
  if (ids.length === 0) return new Set();
  const known = await (await dismissedSetsOf(db))?.of(owner);
  if (known) return new Set(ids.filter((id) => known.has(id)));
  const rows = await rowsOf<{ clip_id: string }>(
    db,
    sql`select clip_id from dismissed_clips where ${ownerIs(owner)} and clip_id = any(${`{${ids.join(",")}}`}::uuid[])`,
  );
  return new Set(rows.map((row) => row.clip_id));
}

/**
 * "Not interested": the clip leaves the visitor's feed and its creator and tags sink by SIGNAL_WEIGHTS.dismiss, in one
 * transaction; `undo` takes both back. Returns false for a clip that is not published.
 */
export async function dismissClip(db: Database, owner: SignalOwnerRef, clipId: string, undo = false): Promise<boolean> {
  if (!isUuidV4(clipId)) return false;
  const { userId, anonymousId } = ownerColumns(owner);
  const ownerKey = sql.raw(userId ? "user_id" : "anonymous_id");
  const ownerValue = userId ? sql`${userId}` : sql`${anonymousId}::uuid`;
  return db.transaction(async (tx) => {
    const changed = undo
      ? await rowsOf<{ clip_id: string }>(
          tx as unknown as Database,
          sql`delete from dismissed_clips where ${ownerIs(owner)} and clip_id = ${clipId}::uuid returning clip_id`,
        )
      : await rowsOf<{ clip_id: string }>(
          tx as unknown as Database,
          sql`insert into dismissed_clips (clip_id, ${ownerKey})
            select id, ${ownerValue} from clips where id = ${clipId}::uuid and status = 'published'
            on conflict (${ownerKey}, clip_id) where ${ownerKey} is not null do nothing returning clip_id`,
        );
    if (changed.length === 0) {
      const [exists] = await rowsOf(
        tx as unknown as Database,
        sql`select 1 from clips where id = ${clipId}::uuid and status = 'published'`,
      );
      return Boolean(exists);
    }
    const delta = undo ? -SIGNAL_WEIGHTS.dismiss : SIGNAL_WEIGHTS.dismiss;
    const bound = sql.raw(String(AFFINITY_MAX));
    await tx.execute(sql`insert into visitor_affinities as a (${ownerKey}, facet, item_id, weight)
        select ${ownerValue}, f.facet, f.item_id, ${delta}::real from (
          select 'creator'::text as facet, creator_id as item_id from clips where id = ${clipId}::uuid
          union all select 'tag', tag_id from clip_tags where clip_id = ${clipId}::uuid) f
        order by f.facet, f.item_id
        on conflict (${ownerKey}, facet, item_id) where ${ownerKey} is not null
        do update set weight = least(${bound}, greatest(-${bound}, a.weight + excluded.weight)), updated_at = now()`);
    return true;
  });
}
