import { inArray, sql } from "drizzle-orm";
import { clips } from "~schema";
import type { Database } from "~/lib/database";
import { InvalidInput } from "~/lib/http/errors";
import { isUuidV4 } from "~/lib/uuid";
import { clipCardFrom, toClipCard, type ClipCard } from "~/features/clips/index.server";
import { formatCursor, type Cursor } from "~/features/follows/index.server";
import { signedAnonymousId } from "~/features/flames/index.server";
import { signalVisitor } from "./signal-owner.server";
import { ownerColumns, ownerIs, type SignalOwnerRef } from "./signals.server";

/** Whose history a request reads: the member, else the anonymous id this server signed; null for neither. */
export function historyOwner(input: { request: Request; userId: string | null; secret: string }): SignalOwnerRef | null {
  if (input.userId) return { userId: input.userId };
  const anonymousId = signedAnonymousId(input.secret, input.request);
  return anonymousId ? { anonymousId } : null;
}

/**
 * The owner a change of the history needs. A visitor without an id gets one (signed, bounded per address, as a
 * batch of signals would), so "Pause history" holds from the first page they see; null when the address is over
 * its bound.
 */
export function historyOwnerForChange(input: {
  db: Database;
  request: Request;
  userId: string | null;
  secret: string;
  clientIp: string;
  secure: boolean;
}): { owner: SignalOwnerRef; setCookie?: string } | null {
  const visitor = signalVisitor(input);
  if (!visitor.ok) return null;
  if (visitor.userId) return { owner: { userId: visitor.userId } };
  return { owner: { anonymousId: visitor.anonymousId! }, setCookie: visitor.setCookie };
}

/** Entries on one page of the watch history. */
export const HISTORY_PAGE_SIZE = 24;

export interface HistoryEntry {
  clip: ClipCard;
  /** When the view counted (the first on its UTC day). */
  viewedAt: string;
}

export interface WatchHistoryPage {
  entries: HistoryEntry[];
  /** `?after=` of the next page, or null on the last one. */
  next: string | null;
}

const rowsOf = <T>(result: unknown) => (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

/** The statement behind a page: the visitor's rows past the cursor, in the order of their index. */
export function historyRowsQuery(input: { owner: SignalOwnerRef; after: Cursor | null; limit: number }) {
  // `viewed_at <= at` bounds the index range (the scan starts at the cursor); the rest only settles ties. The index
  // runs viewed_at descending and clip_id ascending, which no row comparison can express.
  const after = input.after
    ? sql`and v.viewed_at <= ${input.after.at}::timestamptz
          and (v.viewed_at < ${input.after.at}::timestamptz or v.clip_id > ${input.after.id}::uuid)`
    : sql``;
  return sql`select v.clip_id as "clipId", to_char(v.viewed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as "at"
      from clip_views v
      where ${ownerIs(input.owner, "v")} ${after}
      order by v.viewed_at desc, v.clip_id
      limit ${input.limit}`;
}

/**
 * A visitor's watch history, newest first: their clip_views rows (one per clip and day the watching counted as a
 * view), one keyset page of clip_views_user_recent_idx / clip_views_anonymous_recent_idx past `after` — the same
 * cost on the last page as on the first. A clip no longer published leaves the list (its row stays until it
 * expires with the others, 90 days).
 */
export async function watchHistory(
  db: Database,
  input: { owner: SignalOwnerRef; after: Cursor | null; mediaAllowed: boolean; limit?: number },
): Promise<WatchHistoryPage> {
  const limit = input.limit ?? HISTORY_PAGE_SIZE;
  const result = await db.execute(historyRowsQuery({ ...input, limit: limit + 1 }));
  const rows = rowsOf<{ clipId: string; at: string }>(result);
  const page = rows.slice(0, limit);
  const ids = [...new Set(page.map((row) => row.clipId))];
  const cards = ids.length ? await clipCardFrom(db).where(sql`${inArray(clips.id, ids)} and ${clips.status} = 'published'`) : [];
  const byId = new Map(cards.map((row) => [row.id, toClipCard(row, input)]));
  const last = page[page.length - 1];
  return {
    entries: page.flatMap((row) => {
      const clip = byId.get(row.clipId);
      return clip ? [{ clip, viewedAt: row.at }] : [];
    }),
    next: rows.length > limit && last ? formatCursor({ at: last.at, id: last.clipId }) : null,
  };
}

/**
 * "Remove" on one clip: every day's history row of it and the raw events of the visitor's watching it go. The
 * totals it moved stay (they name no one); what the feed learned is forgotten on its own page.
 */
export async function removeFromHistory(db: Database, input: { owner: SignalOwnerRef; clipId: string }): Promise<void> {
  if (!isUuidV4(input.clipId)) throw new InvalidInput("errors.invalidClip");
  await db.transaction(async (tx) => {
    await tx.execute(sql`delete from clip_views where ${ownerIs(input.owner)} and clip_id = ${input.clipId}::uuid`);
    await tx.execute(sql`delete from watch_events where ${ownerIs(input.owner)} and clip_id = ${input.clipId}::uuid`);
  });
}

/** Whether the visitor paused their history (then the group commit keeps nothing personal of theirs). */
export async function historyPaused(db: Database, owner: SignalOwnerRef): Promise<boolean> {
  const result = await db.execute(sql`select history_paused as "paused" from visitor_feed_settings where ${ownerIs(owner)} limit 1`);
  return rowsOf<{ paused: boolean }>(result)[0]?.paused ?? false;
}

/**
 * Pauses or resumes the history. Only this column is written: the feed order in the same row is the feed
 * setting's, upserted the same way, so neither overwrites the other.
 */
export async function setHistoryPaused(db: Database, input: { owner: SignalOwnerRef; paused: boolean }): Promise<void> {
  const { userId, anonymousId } = ownerColumns(input.owner);
  const target = userId ? sql`(user_id) where user_id is not null` : sql`(anonymous_id) where anonymous_id is not null`;
  await db.execute(sql`insert into visitor_feed_settings (user_id, anonymous_id, history_paused)
      values (${userId}, ${anonymousId}::uuid, ${input.paused})
      on conflict ${target} do update set history_paused = excluded.history_paused, updated_at = now()`);
}
