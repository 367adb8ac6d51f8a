import { isSingleWriter, perDatabase } from "~/lib/db/engine.server";
import { sql } from "drizzle-orm";
import type { Database } from "~/lib/database";
import { keyedHash } from "~/lib/keys.server";
import type { SignalEvent } from "./signals.schema";
import { AFFINITY_HALF_LIFE_SECONDS, AFFINITY_MAX, HOT_SECONDS_PER_POINT, SIGNAL_WEIGHTS, VIEW_AFTER_MS } from "./signal-rules";

/** Who sent a batch, and whether a personal record may be kept (not under GPC/DNT, not while history is paused). */
export interface SignalOwner {
  userId: string | null;
  anonymousId: string | null;
  personal: boolean;
  /**
   * The visitor's key for daily view marks (viewKeyOf): a view without a profile is counted once a day by a row named
   * with it. Without one (scripts that seed counters) such a view counts each time it is sent.
   */
  viewKey?: string;
}

/** A keyed hash of the visitor under the server's secret: what names their daily view marks, never their id. */
export function viewKeyOf(secret: string, owner: { userId: string | null; anonymousId: string | null }): string {
  return keyedHash(secret, "view-day-visitor", owner.userId ? `u:${owner.userId}` : `a:${owner.anonymousId}`);
}

/** The mark of one view on one UTC day: unlinkable to the visitor, to their other clips and to other days. */
const viewMarkOf = (viewKey: string, day: string, clipId: string) => keyedHash(viewKey, "view-day", `${day}\u0000${clipId}`);

/**
 * The mark of what one visitor's events of a kind may add to a clip's totals on one UTC day (its watch counters, its
 * shares): the first counts, the rest of the day only the visitor's own weights — fifty completions or shares in a
 * batch, or the same clip sent again and again, would otherwise lift a clip into everyone's trending order.
 */
const countMarkOf = (viewKey: string, day: string, clipId: string, kind: "watch" | "share") =>
  keyedHash(viewKey, "count-day", `${day}\u0000${clipId}\u0000${kind}`);

interface Waiting {
  owner: SignalOwner;
  events: SignalEvent[];
  resolve: () => void;
  reject: (error: unknown) => void;
}

const MAX_EVENTS_PER_COMMIT = 2000;
/** Commits in flight at once on a database with several connections (ADR 229). */
const COMMITS_IN_FLIGHT = 2;

/** AFFINITY_MAX as a literal: a bare parameter under unary minus has no type PostgreSQL can infer. */
const BOUND = sql.raw(String(AFFINITY_MAX));

/**
 * qualityOf (./signal-rules.ts) in SQL, over the expressions that give a clip's flames and counters. In float8 all
 * through: a literal such as 3.0 is numeric, and numeric arithmetic per row costs several times its float8 twin.
 */
const qualitySql = (c: { flames: string; views: string; shares: string; completions: string; skips: string; watches: string }) =>
  `1.5::float8 * ln(1 + ${c.flames}::float8) + ln(1 + ${c.views}::float8) + 0.5::float8 * ln(1 + ${c.shares}::float8)` +
  ` + (3 * ${c.completions}::float8 - 2 * ${c.skips}::float8) / (${c.watches}::float8 + 10)`;

/** A publication time in hot points; date_part gives float8 where extract gives numeric. */
const hotPointsSql = (publishedAt: string) => `date_part('epoch', ${publishedAt}) / ${HOT_SECONDS_PER_POINT}::float8`;

/** A new clip_stats row's quality, from the commit's own counts (per_clip `p`). */
const NEW_QUALITY = sql.raw(
  qualitySql({
    flames: "p.flames",
    views: "p.views",
    shares: "p.shares",
    completions: "p.completions",
    skips: "p.skips",
    watches: "p.watches",
  }),
);
/**
 * An existing row's quality and hot after the commit's counts are added: its counters plus `excluded`'s, the clip's
 * flames now — one read of the clip for both columns.
 */
const UPDATED_RANK = sql.raw(
  `(select q.quality, q.quality + ${hotPointsSql("s.published_at")} from (select ${qualitySql({
    flames: "c.flames",
    views: "(s.views + excluded.views)",
    shares: "(s.shares + excluded.shares)",
    completions: "(s.completions + excluded.completions)",
    skips: "(s.skips + excluded.skips)",
    watches: "(s.watches + excluded.watches)",
  })} as quality from clips c where c.id = s.clip_id) q)`,
);
const NEW_HOT_POINTS = sql.raw(hotPointsSql("p.published_at"));

/**
 * Group commit of watch signals (ADR 130): batches that arrive while a commit runs wait for the next one, which
 * writes all of them in one transaction — events, views, clip/creator/tag counters and affinities — and only then
 * answers their requests, so an acknowledged batch is on disk. Every app server has its own writer; what they
 * share is PostgreSQL, where each commit's rows are written in key order (no deadlock between servers) and a view
 * is counted once by its unique row, whichever server saw it.
 *
 * On PostgreSQL two commits run at once (ADR 229): one commit keeps one database backend, hence one core, busy, and
 * waits between its statements for this process's event loop; a second one in flight uses the other core and those
 * gaps. They share rows only in the counters written last, in key order, so the second waits there at most. PGlite
 * has one connection: one commit at a time.
 */
export class SignalWriter {
  private waiting: Waiting[] = [];
  private inFlight = 0;
  private gathering = false;
  private readonly maxInFlight: number;

  constructor(private readonly db: Database) {
    this.maxInFlight = isSingleWriter(db) ? 1 : COMMITS_IN_FLIGHT;
  }

  write(owner: SignalOwner, events: SignalEvent[]): Promise<void> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ owner, events, resolve, reject });
      this.schedule();
    });
  }

  /** A free commit takes what arrived in this turn of the event loop, not only the first batch. */
  private schedule(): void {
    if (this.gathering || this.inFlight >= this.maxInFlight || this.waiting.length === 0) return;
    this.gathering = true;
    setImmediate(() => {
      this.gathering = false;
      if (this.inFlight >= this.maxInFlight || this.waiting.length === 0) return;
      this.inFlight++;
      void this.commitNext().finally(() => {
        this.inFlight--;
        this.schedule();
      });
    });
  }

  private async commitNext(): Promise<void> {
    const batch: Waiting[] = [];
    let size = 0;
    while (this.waiting.length > 0 && (batch.length === 0 || size + this.waiting[0]!.events.length <= MAX_EVENTS_PER_COMMIT)) {
      const next = this.waiting.shift()!;
      size += next.events.length;
      batch.push(next);
    }
    // A second commit may start on what is still waiting while this one runs.
    this.schedule();
    try {
      await commitSignals(this.db, batch);
      for (const w of batch) w.resolve();
    } catch (error) {
      for (const w of batch) w.reject(error);
    }
  }
}

/** The process's writer for this database. */
export const signalWriterOf = perDatabase("signal-writer", (db) => new SignalWriter(db));

/** A PostgreSQL array literal: sent as text, cast to its type in the statement. */
function arrayOf(values: (string | number | boolean | null)[]): string {
  return `{${values.map((v) => (v === null ? "NULL" : typeof v === "string" ? `"${v.replace(/["\\]/g, "\\$&")}"` : String(v))).join(",")}}`;
}

/** Writes batches in one transaction; retried once when PostgreSQL picks it as a deadlock or serialization victim. */
export async function commitSignals(db: Database, batches: { owner: SignalOwner; events: SignalEvent[] }[]): Promise<void> {
  const rows = batches.flatMap(({ owner, events }) => events.map((event) => ({ owner, event })));
  if (rows.length === 0) return;
  const day = new Date().toISOString().slice(0, 10);
  const col = {
    clip: arrayOf(rows.map((r) => r.event.clipId)),
    user: arrayOf(rows.map((r) => r.owner.userId)),
    anon: arrayOf(rows.map((r) => r.owner.anonymousId)),
    kind: arrayOf(rows.map((r) => r.event.kind)),
    watched: arrayOf(rows.map((r) => r.event.watchedMs)),
    loops: arrayOf(rows.map((r) => r.event.loops)),
    completed: arrayOf(rows.map((r) => r.event.completed)),
    skipped: arrayOf(rows.map((r) => r.event.skipped)),
    personal: arrayOf(rows.map((r) => r.owner.personal)),
    mark: arrayOf(rows.map((r) => (r.owner.viewKey && r.event.kind === "watch" ? viewMarkOf(r.owner.viewKey, day, r.event.clipId) : null))),
    count: arrayOf(
      rows.map((r) =>
        r.owner.viewKey && (r.event.kind === "watch" || r.event.kind === "share")
          ? countMarkOf(r.owner.viewKey, day, r.event.clipId, r.event.kind)
          : null,
      ),
    ),
  };
  // Only published clips are counted; an unknown or hidden clip's events are dropped.
  const input = sql`select e.*, c.category_id, c.creator_id, c.published_at, c.duration_seconds, c.flames
    from unnest(${col.clip}::uuid[], ${col.user}::text[], ${col.anon}::uuid[], ${col.kind}::text[], ${col.watched}::int[],
                ${col.loops}::int[], ${col.completed}::boolean[], ${col.skipped}::boolean[], ${col.personal}::boolean[],
                ${col.mark}::text[], ${col.count}::text[]) with ordinality
      as e(clip_id, user_id, anonymous_id, kind, watched_ms, loops, completed, skipped, personal, view_mark, count_mark, ord)
    join clips c on c.id = e.clip_id and c.status = 'published'`;
  for (let attempt = 1; ; attempt++) {
    try {
      await db.transaction(async (tx) => {
        // Both work tables in one statement: each statement is a round trip, and PGlite's cost a commit pays whatever
        // its size (docs/performance.md § Watch signals).
        await tx.execute(sql`do $$ begin
            create temporary table if not exists signal_rows (
              clip_id uuid, user_id text, anonymous_id uuid, kind text, watched_ms int, loops int, completed boolean,
              skipped boolean, personal boolean, category_id uuid, creator_id uuid, published_at timestamptz,
              duration_seconds real, counts_view boolean, view_mark text, flames int, ord int, count_mark text,
              counts boolean) on commit delete rows;
            create temporary table if not exists signal_views (clip_id uuid) on commit delete rows;
          end $$`);
        // Paused history keeps nothing personal, like a visitor asking for no profile.
        await tx.execute(sql`insert into signal_rows select i.clip_id, i.user_id, i.anonymous_id, i.kind, i.watched_ms,
            i.loops, i.completed, i.skipped,
            i.personal
              and not exists (select 1 from visitor_feed_settings f where f.history_paused and f.user_id = i.user_id)
              and not exists (select 1 from visitor_feed_settings f where f.history_paused and f.anonymous_id = i.anonymous_id),
            i.category_id, i.creator_id, i.published_at, i.duration_seconds,
            i.kind = 'watch' and i.watched_ms >= least(${VIEW_AFTER_MS}, i.duration_seconds * 500), i.view_mark, i.flames,
            i.ord, i.count_mark, i.count_mark is null
            from (${input}) i`);
        // A view counts once per visitor, clip and UTC day. The day's mark (view_day_keys, a keyed hash naming no one,
        // docs/product.md § Views) decides for every visitor, with or without a profile: the history row of a visitor
        // with one can be removed, paused or never written (Global Privacy Control), and none of that may count the
        // view again. A visitor with a profile counts only with a new history row too: a history merged on sign-in
        // already holds the day's view under the account. Events and history rows take the commit's time plus their
        // place in it (microseconds): the history lists a batch's clips in the order they were watched.
        // The raw events ride along as one more part of the statement (insert-only: no lock to order).
        await tx.execute(sql`with events as (
              insert into watch_events (clip_id, user_id, anonymous_id, kind, watched_ms, loops, completed, skipped, created_at)
              select clip_id, user_id, anonymous_id, kind, watched_ms, loops, completed, skipped, now() + ord * interval '1 microsecond'
              from signal_rows where personal),
            seen as (
              select clip_id, user_id, anonymous_id, view_mark, bool_or(personal) as personal, max(ord) as ord
              from signal_rows where counts_view group by clip_id, user_id, anonymous_id, view_mark),
            by_user as (
              insert into clip_views (clip_id, user_id, day, viewed_at)
              select clip_id, user_id, (now() at time zone 'utc')::date, now() + ord * interval '1 microsecond'
              from seen where personal and user_id is not null
              order by user_id, clip_id
              on conflict (user_id, clip_id, day) where user_id is not null do nothing returning clip_id, user_id),
            by_anonymous as (
              insert into clip_views (clip_id, anonymous_id, day, viewed_at)
              select clip_id, anonymous_id, (now() at time zone 'utc')::date, now() + ord * interval '1 microsecond'
              from seen where personal and user_id is null
              order by anonymous_id, clip_id
              on conflict (anonymous_id, clip_id, day) where anonymous_id is not null do nothing returning clip_id, anonymous_id),
            by_mark as (
              insert into view_day_keys (day, key)
              select distinct ${day}::date, view_mark from seen where view_mark is not null order by 2
              on conflict (day, key) do nothing returning key),
            -- What the visitor's events may add to the clips' totals: the first watch and the first share of the day.
            counted as (
              insert into view_day_keys (day, key)
              select distinct ${day}::date, count_mark from signal_rows where count_mark is not null order by 2
              on conflict (day, key) do nothing returning key),
            firsts as (
              update signal_rows r set counts = true
              where r.ord in (select min(f.ord) from signal_rows f join counted c on c.key = f.count_mark group by f.count_mark))
            insert into signal_views
              select s.clip_id from seen s
              where (s.view_mark is null or exists (select 1 from by_mark m where m.key = s.view_mark))
                and (not s.personal
                  or exists (select 1 from by_user u where u.clip_id = s.clip_id and u.user_id = s.user_id)
                  or exists (select 1 from by_anonymous a where a.clip_id = s.clip_id and a.anonymous_id = s.anonymous_id))`);
        // The visitors' own rows before the counters every commit shares: a commit running beside this one waits for
        // the counters' rows this one holds only from here to its end.
        await writeAffinities(tx as unknown as Database, {
          members: rows.some((r) => r.owner.personal && r.owner.userId !== null),
          anonymous: rows.some((r) => r.owner.personal && r.owner.userId === null),
        });
        // Each clip's counts and, for a new row, its quality and hot score; an existing row's are computed from its
        // counters after the addition, in the same statement.
        await tx.execute(sql`with viewed as (select clip_id, count(*) as views from signal_views group by clip_id),
            per_clip as (
              select i.clip_id, min(i.category_id::text)::uuid as category_id, min(i.creator_id::text)::uuid as creator_id,
                min(i.published_at) as published_at, coalesce(min(v.views), 0) as views,
                count(*) filter (where kind = 'watch' and counts) as watches,
                count(*) filter (where kind = 'watch' and counts and completed) as completions,
                count(*) filter (where kind = 'watch' and counts and skipped) as skips,
                coalesce(sum(least(loops, 3)) filter (where kind = 'watch' and counts), 0) as loops,
                count(*) filter (where kind = 'share' and counts) as shares,
                min(i.flames) as flames
              from signal_rows i left join viewed v on v.clip_id = i.clip_id group by i.clip_id)
            insert into clip_stats as s (clip_id, category_id, creator_id, published_at, views, watches, completions, skips, loops, shares,
              quality, hot)
            select p.clip_id, p.category_id, p.creator_id, p.published_at, p.views, p.watches, p.completions, p.skips, p.loops, p.shares,
              ${NEW_QUALITY}, ${NEW_QUALITY} + ${NEW_HOT_POINTS}
            from per_clip p order by p.clip_id
            on conflict (clip_id) do update set
              views = s.views + excluded.views, watches = s.watches + excluded.watches,
              completions = s.completions + excluded.completions, skips = s.skips + excluded.skips,
              loops = s.loops + excluded.loops, shares = s.shares + excluded.shares,
              (quality, hot) = ${UPDATED_RANK},
              updated_at = now()`);
        await tx.execute(sql`with by_creator as (
              insert into creator_stats as s (creator_id, views)
              select c.creator_id, count(*) from signal_views v join clips c on c.id = v.clip_id group by c.creator_id order by c.creator_id
              on conflict (creator_id) do update set views = s.views + excluded.views)
            insert into tag_stats as s (tag_id, views)
            select ct.tag_id, count(*) from signal_views v join clip_tags ct on ct.clip_id = v.clip_id
            group by ct.tag_id order by ct.tag_id
            on conflict (tag_id) do update set views = s.views + excluded.views`);
      });
      return;
    } catch (error) {
      const code = (error as { code?: string; cause?: { code?: string } }).code ?? (error as { cause?: { code?: string } }).cause?.code;
      if (attempt < 3 && (code === "40P01" || code === "40001")) continue;
      throw error;
    }
  }
}

/**
 * Each personal event moves the visitor's weights for the clip's category, creator and tags
 * (docs/decisions/160-feed-ranking.md): the stored weight decays with its half-life since it last moved, then the
 * event's weight is added, and the sum stays within ±AFFINITY_MAX.
 */
async function writeAffinities(tx: Database, owners: { members: boolean; anonymous: boolean }): Promise<void> {
  const w = SIGNAL_WEIGHTS;
  const delta = sql`case
      when i.kind = 'flame' then ${w.flame}::float8
      when i.kind = 'share' then ${w.share}::float8
      when i.kind = 'open' then ${w.open}::float8
      when i.skipped then ${w.skip}::float8
      else (case when i.completed then ${w.completion}::float8 else ${w.partial}::float8 * least(1, i.watched_ms / greatest(i.duration_seconds * 1000, 1)) end)
        + ${w.loop}::float8 * least(i.loops, 3)
    end`;
  const facets = sql`select i.user_id, i.anonymous_id, f.facet, f.item_id, ${delta} as delta
      from signal_rows i
      cross join lateral (
        select 'category'::text as facet, i.category_id as item_id
        union all select 'creator', i.creator_id
        union all select 'tag', ct.tag_id from clip_tags ct where ct.clip_id = i.clip_id
      ) f
      where i.personal`;
  const decayed = (table: string) =>
    sql.raw(
      // date_part, not extract: extract's numeric made power() numeric, the costliest call of the commit.
      `least(${AFFINITY_MAX}, greatest(-${AFFINITY_MAX}, ${table}.weight * power(0.5::float8, date_part('epoch', now() - ${table}.updated_at) / ${AFFINITY_HALF_LIFE_SECONDS}) + excluded.weight))`,
    );
  // A commit with no member's (or no anonymous visitor's) personal event skips that statement.
  if (owners.members)
    await tx.execute(sql`insert into visitor_affinities as a (user_id, facet, item_id, weight)
      select user_id, facet, item_id, least(${BOUND}, greatest(-${BOUND}, sum(delta))) from (${facets}) x where user_id is not null
      group by user_id, facet, item_id order by user_id, facet, item_id
      on conflict (user_id, facet, item_id) where user_id is not null
      do update set weight = ${decayed("a")}, updated_at = now()`);
  if (owners.anonymous)
    await tx.execute(sql`insert into visitor_affinities as a (anonymous_id, facet, item_id, weight)
      select anonymous_id, facet, item_id, least(${BOUND}, greatest(-${BOUND}, sum(delta))) from (${facets}) x where user_id is null
      group by anonymous_id, facet, item_id order by anonymous_id, facet, item_id
      on conflict (anonymous_id, facet, item_id) where anonymous_id is not null
      do update set weight = ${decayed("a")}, updated_at = now()`);
}
