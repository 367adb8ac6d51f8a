import { isbot } from "isbot";
import { sql } from "drizzle-orm";
import type { Services } from "~/lib/context";
import type { Database } from "~/lib/database";
import { isUuidV4 } from "~/lib/uuid";
import { perDatabase } from "~/lib/db/engine.server";
import { InvalidInput, RateLimited } from "~/lib/http/errors";
import { signalBatch, type SignalEvent } from "./signals.schema";
import { BATCHES_PER_VISITOR_MINUTE, EVENTS_PER_ADDRESS_MINUTE, WindowLimiter } from "./signal-limits.server";
import { asksNoProfile, signalVisitor } from "./signal-owner.server";
import { signalWriterOf, viewKeyOf } from "./signal-writer.server";
import { SIGNAL_RETENTION_DAYS } from "./signal-rules";

/** The largest batch body read, in bytes (50 events fit in well under half of it). */
export const MAX_SIGNAL_BODY = 16 * 1024;

// Per database, as everything a process keeps: a process with several (the test suites) counts each one's visitors apart.
const perVisitor = perDatabase("signal-batches-per-visitor", () => new WindowLimiter(60_000, BATCHES_PER_VISITOR_MINUTE));
const perAddress = perDatabase("signal-events-per-address", () => new WindowLimiter(60_000, EVENTS_PER_ADDRESS_MINUTE));

/**
 * The request's body as a one-field form for the action helper (ADR 024): `_batch`, the JSON text — a control field,
 * so a refusal does not echo it back. A body over MAX_SIGNAL_BODY is refused before it is parsed.
 */
export async function readSignalBody(request: Request): Promise<FormData> {
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > MAX_SIGNAL_BODY) throw new InvalidInput("signals.tooLarge");
  const text = await request.text();
  if (text.length > MAX_SIGNAL_BODY) throw new InvalidInput("signals.tooLarge");
  const form = new FormData();
  form.set("_batch", text);
  return form;
}

/** The events of a batch's JSON text; a body that is no batch at all is unreadable, a batch with a bad event invalid. */
function parseBatch(text: string): SignalEvent[] {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new InvalidInput("errors.unreadable");
  }
  if (typeof body !== "object" || body === null || !("events" in body)) throw new InvalidInput("errors.unreadable");
  const parsed = signalBatch.safeParse(body);
  if (!parsed.success) throw new InvalidInput("signals.invalid");
  return parsed.data.events;
}

/**
 * One batch from the player (docs/product.md §5.9, ADR 130): checked whole (nothing of a bad batch is written), bots
 * ignored, bounded per visitor and per address, then written by the group commit; returns once it is committed,
 * with the cookie of a newly issued anonymous id.
 */
export async function recordSignals(
  services: Pick<Services, "db" | "secret">,
  input: { batch: string; request: Request; userId: string | null; clientIp: string; secure: boolean },
): Promise<{ written: number; setCookie?: string }> {
  const events = parseBatch(input.batch);
  if (isbot(input.request.headers.get("user-agent") ?? "")) return { written: 0 };
  const visitor = signalVisitor({ ...input, db: services.db, secret: services.secret });
  if (!visitor.ok) throw new RateLimited("signals.rateLimited");
  const key = visitor.userId ? `u:${visitor.userId}` : `a:${visitor.anonymousId}`;
  if (!perVisitor(services.db).take(key) || !perAddress(services.db).take(input.clientIp, events.length))
    throw new RateLimited("signals.rateLimited");
  await signalWriterOf(services.db).write(
    {
      userId: visitor.userId,
      anonymousId: visitor.anonymousId,
      personal: !asksNoProfile(input.request),
      viewKey: viewKeyOf(services.secret, visitor),
    },
    events,
  );
  return { written: events.length, setCookie: visitor.setCookie };
}

/** A visitor whose signals are read or changed: a member or an anonymous id. */
export type SignalOwnerRef = { userId: string } | { anonymousId: string };

export const ownerColumns = (owner: SignalOwnerRef) =>
  "userId" in owner ? { userId: owner.userId, anonymousId: null } : { userId: null, anonymousId: owner.anonymousId };

/** `alias.user_id = …` or `alias.anonymous_id = …`, the form the partial indexes answer. */
export function ownerIs(owner: SignalOwnerRef, alias?: string) {
  const prefix = alias ? `${alias}.` : "";
  return "userId" in owner
    ? sql`${sql.raw(`${prefix}user_id`)} = ${owner.userId}`
    : sql`${sql.raw(`${prefix}anonymous_id`)} = ${owner.anonymousId}::uuid`;
}

/**
 * Raw events, views (the history) and dismissals older than SIGNAL_RETENTION_DAYS go (docs/product.md § Watch
 * signals), and the daily view marks of past days; clip_stats, creator/tag views and the decayed affinities are the
 * aggregates that stay. A visitor left with no signal at all loses their version row too (ADR 221); their feed choices
 * stay. Deleted in slices so no statement holds locks for long; returns how many rows went.
 */
export async function pruneSignals(db: Database, now = new Date(), slice = 10_000): Promise<number> {
  const cutoff = new Date(now.getTime() - SIGNAL_RETENTION_DAYS * 24 * 3600_000).toISOString();
  let total = 0;
  // The visitors whose rows went: those left with none lose their version.
  const emptied = { users: new Set<string>(), anonymous: new Set<string>() };
  const note = (rows: OwnerRow[]) => {
    for (const row of rows) {
      if (row.user_id) emptied.users.add(row.user_id);
      else if (row.anonymous_id) emptied.anonymous.add(row.anonymous_id);
    }
    return rows.length;
  };
  for (const [table, column] of [
    ["watch_events", "created_at"],
    ["clip_views", "viewed_at"],
    ["dismissed_clips", "created_at"],
  ] as const) {
    for (;;) {
      const count = note(
        rowsOf<OwnerRow>(
          await db.execute(
            sql`delete from ${sql.raw(table)} where ctid = any(array(
              select ctid from ${sql.raw(table)} where ${sql.raw(column)} < ${cutoff}::timestamptz limit ${slice}))
            returning user_id, anonymous_id`,
          ),
        ),
      );
      total += count;
      if (count < slice) break;
    }
  }
  // The daily view marks of visitors without a profile serve only their own UTC day.
  const today = now.toISOString().slice(0, 10);
  total += rowCount(await db.execute(sql`delete from view_day_keys where day < ${today}::date`));
  // An affinity untouched for the retention period has decayed to nothing (2^-45): it goes too.
  total += note(
    rowsOf<OwnerRow>(
      await db.execute(sql`delete from visitor_affinities where updated_at < ${cutoff}::timestamptz returning user_id, anonymous_id`),
    ),
  );
  for (const [column, owners, type] of [
    ["user_id", emptied.users, "text"],
    ["anonymous_id", emptied.anonymous, "uuid"],
  ] as const) {
    const list = [...owners];
    for (let i = 0; i < list.length; i += slice) {
      const ids = `{${list.slice(i, i + slice).join(",")}}`;
      const col = sql.raw(column);
      const signal = (table: string) => sql`exists (select 1 from ${sql.raw(table)} s where s.${col} = v.${col})`;
      total += rowCount(
        await db.execute(sql`delete from visitor_signal_versions v where v.${col} = any(${ids}::${sql.raw(type)}[])
          and not ${signal("watch_events")} and not ${signal("clip_views")}
          and not ${signal("visitor_affinities")} and not ${signal("dismissed_clips")}`),
      );
    }
  }
  return total;
}

type OwnerRow = { user_id: string | null; anonymous_id: string | null };

const rowsOf = <T>(result: unknown) => (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

function rowCount(result: unknown): number {
  const r = result as { rowCount?: number | null; affectedRows?: number };
  return r.rowCount ?? r.affectedRows ?? 0;
}

/** Everything personal the signals keep about a member, for their export (docs/product.md § Watch signals). */
export async function signalsExport(db: Database, userId: string) {
  const [events, views, affinities, dismissed, settings] = await Promise.all([
    db.execute(sql`select clip_id as "clipId", kind, watched_ms as "watchedMs", loops, completed, skipped, created_at as "at"
        from watch_events where user_id = ${userId} order by created_at desc`),
    db.execute(sql`select clip_id as "clipId", day, viewed_at as "at" from clip_views where user_id = ${userId} order by viewed_at desc`),
    db.execute(sql`select facet, item_id as "itemId", weight, updated_at as "updatedAt" from visitor_affinities where user_id = ${userId}`),
    db.execute(sql`select clip_id as "clipId", created_at as "at" from dismissed_clips where user_id = ${userId}`),
    db.execute(
      sql`select feed_order as "feedOrder", history_paused as "historyPaused" from visitor_feed_settings where user_id = ${userId}`,
    ),
  ]);
  return {
    watchEvents: rowsOf(events),
    watchHistory: rowsOf(views),
    feedAffinities: rowsOf(affinities),
    notInterested: rowsOf(dismissed),
    feedSettings: rowsOf(settings)[0] ?? null,
  };
}

/**
 * Removes a member's or an anonymous visitor's signals: their events, history, affinities, dismissals and settings
 * (the counters they moved stay: they name no one). Account deletion runs it inside its transaction.
 */
export async function deleteSignals(db: Database, owner: SignalOwnerRef): Promise<void> {
  if ("anonymousId" in owner && !isUuidV4(owner.anonymousId)) return;
  // The version last: deleting the rows above moves it.
  for (const table of [
    "watch_events",
    "clip_views",
    "visitor_affinities",
    "dismissed_clips",
    "visitor_feed_settings",
    "visitor_signal_versions",
  ]) {
    await db.execute(sql`delete from ${sql.raw(table)} where ${ownerIs(owner)}`);
  }
}

/**
 * On sign-in from the browser that asked for the link, the anonymous visitor's signals become the member's: events
 * and history move (a view both had on the same day stays once), affinities add up, dismissals and settings move
 * unless the member has their own.
 */
export async function mergeAnonymousSignals(db: Database, input: { anonymousId: string; userId: string }): Promise<void> {
  if (!isUuidV4(input.anonymousId)) return;
  const { anonymousId, userId } = input;
  await db.transaction(async (tx) => {
    await tx.execute(sql`update watch_events set user_id = ${userId}, anonymous_id = null where anonymous_id = ${anonymousId}::uuid`);
    await tx.execute(sql`insert into clip_views (clip_id, user_id, day, viewed_at)
        select clip_id, ${userId}, day, viewed_at from clip_views where anonymous_id = ${anonymousId}::uuid order by clip_id, day
        on conflict (user_id, clip_id, day) where user_id is not null do nothing`);
    await tx.execute(sql`insert into visitor_affinities as a (user_id, facet, item_id, weight, updated_at)
        select ${userId}, facet, item_id, weight, updated_at from visitor_affinities where anonymous_id = ${anonymousId}::uuid
        order by facet, item_id
        on conflict (user_id, facet, item_id) where user_id is not null
        do update set weight = a.weight + excluded.weight, updated_at = greatest(a.updated_at, excluded.updated_at)`);
    await tx.execute(sql`insert into dismissed_clips (clip_id, user_id, created_at)
        select clip_id, ${userId}, created_at from dismissed_clips where anonymous_id = ${anonymousId}::uuid order by clip_id
        on conflict (user_id, clip_id) where user_id is not null do nothing`);
    await tx.execute(sql`insert into visitor_feed_settings (user_id, feed_order, history_paused)
        select ${userId}, feed_order, history_paused from visitor_feed_settings where anonymous_id = ${anonymousId}::uuid
        on conflict (user_id) where user_id is not null do nothing`);
    for (const table of ["clip_views", "visitor_affinities", "dismissed_clips", "visitor_feed_settings", "visitor_signal_versions"]) {
      await tx.execute(sql`delete from ${sql.raw(table)} where anonymous_id = ${anonymousId}::uuid`);
    }
  });
}
