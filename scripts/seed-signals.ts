// `npm run seed:signals -- --events N [--visitors M]`: N synthetic watch events of M anonymous visitors (default
// N / 50) over the catalogue already seeded (`npm run seed -- --clips 1000000`), and the aggregates the feed reads
// from them, consistent with the rows: clip_views (the watch history: a view once per visitor, clip and day),
// clip_stats (views counted from those rows; watches, completions, skips, loops, shares, quality, hot),
// creator_stats, tag_stats, visitor_affinities and visitor_signal_versions. Generated inside the database
// (INSERT … SELECT over generate_series), with the triggers off and the secondary indexes built after the load, like
// the catalogue (db/seed/bulk.ts, ADR 035). For `npm run bench:queries -- --only "For you"` (docs/performance.md).
// Run it again to add more events: the aggregates are summed anew from every row.
//
// Visitor k (0 ≤ k < M) has the anonymous id seedVisitorId(k); visitor k's share of the events falls with k (the
// draw is M·u², so visitor 0 has about N/√M events, visitor 500 of 200 000 about N/20 000). Each visitor prefers
// one category (k mod the number of categories): 60 % of their events are on it, and they finish its clips more
// and skip them less. Clips are drawn newest-heavy within the category; an event falls between the clip's
// publication (or, for an older clip, the start of the events' 90 days of retention) and now, recent-heavy.
import { createHash } from "node:crypto";
import { pathToFileURL } from "node:url";
import { sql } from "drizzle-orm";
import type { Database } from "../app/lib/database";
import { openDatabase } from "../app/lib/db.server";
import { parseEnv } from "../app/lib/env.server";
import { createLogger, type Logger } from "../app/lib/logger.server";
import {
  AFFINITY_HALF_LIFE_SECONDS,
  AFFINITY_MAX,
  HOT_SECONDS_PER_POINT,
  SIGNAL_RETENTION_DAYS,
  SIGNAL_WEIGHTS,
  VIEW_AFTER_MS,
} from "../app/features/signals/signal-rules";

export interface SignalSeedOptions {
  events: number;
  visitors: number;
}

const BATCH = 1_000_000;
/** AFFINITY_MAX as a literal: a bare parameter under unary minus has no type PostgreSQL can infer. */
const BOUND = sql.raw(String(AFFINITY_MAX));
/** Events older than this add under 1 % of their weight to an affinity (half-life two days): left out of the sums. */
const AFFINITY_DAYS = 14;

/** Visitor k's anonymous id: a version 4 uuid made of md5('feed-visitor-k'), the same in SQL (visitorIdSql). */
export function seedVisitorId(k: number): string {
  const h = createHash("md5").update(`feed-visitor-${k}`).digest("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

const visitorIdSql = (k: string) =>
  sql.raw(
    `(select (substr(h, 1, 8) || '-' || substr(h, 9, 4) || '-4' || substr(h, 14, 3) || '-8' || substr(h, 18, 3) || '-' || substr(h, 21, 12))::uuid
      from (select md5('feed-visitor-' || ${k}) as h) x)`,
  );

/**
 * Drops the secondary indexes of the signal tables (built again after the load), returning their definitions. They
 * are kept in seed_signal_indexes until they are built again, so a load stopped halfway loses none: the next run
 * finds them there.
 */
async function dropIndexes(db: Database): Promise<{ name: string; definition: string }[]> {
  await db.execute(sql`create table if not exists seed_signal_indexes (name text primary key, definition text not null)`);
  await db.execute(sql`
    insert into seed_signal_indexes (name, definition)
    select i.indexname, i.indexdef
    from pg_indexes i
    where i.schemaname = 'public'
      and i.tablename in ('watch_events', 'clip_views', 'visitor_affinities', 'clip_stats', 'visitor_signal_versions')
      and not exists (select 1 from pg_constraint c where c.conname = i.indexname)
    on conflict (name) do nothing`);
  const result = (await db.execute(sql`select name, definition from seed_signal_indexes order by name`)) as unknown as {
    rows: { name: string; definition: string }[];
  };
  for (const { name } of result.rows) await db.execute(sql.raw(`drop index if exists "${name}"`));
  return result.rows;
}

export async function seedWatchSignals(db: Database, options: SignalSeedOptions, log?: Logger) {
  const started = Date.now();
  const seconds = () => Math.round((Date.now() - started) / 1000);
  const w = SIGNAL_WEIGHTS;
  const indexes = await dropIndexes(db);
  log?.info({ indexes: indexes.length }, "signal tables' secondary indexes dropped for the load");

  // The clips each event can fall on, numbered newest first within their category.
  await db.execute(sql`drop table if exists seed_signal_clips`);
  await db.execute(sql`
    create unlogged table seed_signal_clips as
    select dense_rank() over (order by c.category_id)::int as k,
      row_number() over (partition by c.category_id order by c.published_at desc, c.id)::int as n,
      c.id, c.published_at, c.duration_seconds
    from clips c where c.status = 'published'`);
  await db.execute(sql`create unique index on seed_signal_clips (k, n)`);
  await db.execute(sql`analyze seed_signal_clips`);
  const sizes = (
    (await db.execute(sql`select k, count(*)::int as n from seed_signal_clips group by k order by k`)) as unknown as {
      rows: { k: number; n: number }[];
    }
  ).rows;
  const categories = sizes.length;
  if (categories === 0) throw new Error("seed the catalogue first: npm run seed -- --clips 1000000");
  const sizeArray = sql.raw(`array[${sizes.map((s) => s.n).join(",")}]::int[]`);
  log?.info({ categories, seconds: seconds() }, "clips numbered per category");

  for (let done = 0; done < options.events; done += BATCH) {
    const size = Math.min(BATCH, options.events - done);
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`set local synchronous_commit = off`);
      await tx.execute(sql`
        with drawn as (
          select floor(${options.visitors} * random() ^ 2)::int as v, random() as r_taste, random() as r_category,
            random() as r_clip, random() as r_kind, random() as r_watch, random() as r_loop, random() as r_time
          from generate_series(1, ${size})
        ),
        placed as (
          select d.*, case when d.r_taste < 0.6 then 1 + d.v % ${categories} else 1 + floor(d.r_category * ${categories})::int end as k
          from drawn d
        ),
        shaped as (
          select p.*, (p.k = 1 + p.v % ${categories}) as preferred,
            case when p.r_kind < 0.9 then 'watch' when p.r_kind < 0.94 then 'flame' when p.r_kind < 0.96 then 'share' else 'open' end as kind,
            1 + floor((${sizeArray})[p.k] * p.r_clip ^ 2)::int as n
          from placed p
        ),
        judged as (
          select s.*, s.kind = 'watch' and s.r_watch < (case when s.preferred then 0.7 else 0.2 end) as completed,
            s.kind = 'watch' and s.r_watch > (case when s.preferred then 0.95 else 0.6 end) as skipped
          from shaped s
        )
        insert into watch_events (clip_id, anonymous_id, kind, watched_ms, loops, completed, skipped, created_at)
        select c.id, ${visitorIdSql("j.v")}, j.kind,
          case
            when j.kind <> 'watch' then 0
            when j.completed then (c.duration_seconds * 1000 * (1 + case when j.r_loop < 0.3 then floor(j.r_loop * 10)::int else 0 end))::int
            when j.skipped then 300 + floor(j.r_watch * 1500)::int
            else (c.duration_seconds * 1000 * j.r_watch)::int
          end,
          case when j.completed and j.r_loop < 0.3 then floor(j.r_loop * 10)::int else 0 end,
          j.completed, j.skipped,
          o.since + (now() - o.since) * sqrt(j.r_time)
        from judged j join seed_signal_clips c on c.k = j.k and c.n = j.n
          cross join lateral (select greatest(c.published_at, now() - ${SIGNAL_RETENTION_DAYS} * interval '1 day') as since) o`);
    });
    log?.info({ inserted: done + size, total: options.events, seconds: seconds() }, "seeding watch events");
  }

  await db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql`set local work_mem = '512MB'`);
    // The counters of every clip with an event, as commitSignals would have moved them (its views: its clip_views rows).
    await tx.execute(sql`truncate clip_stats, creator_stats, tag_stats`);
    // The visitors' views: a watch past 3 s or half the clip, once per visitor, clip and UTC day, as the writer's
    // unique rows decide (its first moment that day).
    await tx.execute(sql`delete from clip_views where anonymous_id is not null`);
    await tx.execute(sql`
      insert into clip_views (clip_id, anonymous_id, day, viewed_at)
      select e.clip_id, e.anonymous_id, (e.created_at at time zone 'utc')::date, min(e.created_at)
      from watch_events e join clips c on c.id = e.clip_id
      where e.anonymous_id is not null and e.kind = 'watch' and e.watched_ms >= least(${VIEW_AFTER_MS}, c.duration_seconds * 500)
      group by e.clip_id, e.anonymous_id, (e.created_at at time zone 'utc')::date`);
    log?.info({ seconds: seconds() }, "clip_views written");
    await tx.execute(sql`
      with viewed as (select clip_id, count(*) as views from clip_views group by clip_id)
      insert into clip_stats (clip_id, category_id, creator_id, published_at, views, watches, completions, skips, loops, shares)
      select e.clip_id, c.category_id, c.creator_id, c.published_at, coalesce(min(v.views), 0),
        count(*) filter (where e.kind = 'watch'),
        count(*) filter (where e.kind = 'watch' and e.completed),
        count(*) filter (where e.kind = 'watch' and e.skipped),
        coalesce(sum(e.loops) filter (where e.kind = 'watch'), 0),
        count(*) filter (where e.kind = 'share')
      from watch_events e join clips c on c.id = e.clip_id left join viewed v on v.clip_id = e.clip_id
      group by e.clip_id, c.category_id, c.creator_id, c.published_at`);
    log?.info({ seconds: seconds() }, "clip_stats counted");
    const quality = sql.raw(
      `1.5 * ln(1 + c.flames) + ln(1 + s.views) + 0.5 * ln(1 + s.shares) + (3.0 * s.completions - 2.0 * s.skips) / (s.watches + 10)`,
    );
    await tx.execute(sql`update clip_stats s set quality = ${quality},
        hot = ${quality} + extract(epoch from s.published_at) / ${HOT_SECONDS_PER_POINT}::float8
      from clips c where c.id = s.clip_id`);
    await tx.execute(sql`insert into creator_stats (creator_id, views) select creator_id, sum(views) from clip_stats group by creator_id`);
    await tx.execute(sql`insert into tag_stats (tag_id, views)
      select ct.tag_id, sum(s.views) from clip_stats s join clip_tags ct on ct.clip_id = s.clip_id group by ct.tag_id`);
    log?.info({ seconds: seconds() }, "quality, hot and view counters written");

    // Each visitor's weights: every event's weight (the writer's SIGNAL_WEIGHTS) decayed by its age, summed per
    // category, creator and tag, within ±AFFINITY_MAX, as of now.
    await tx.execute(sql`delete from visitor_affinities where anonymous_id is not null`);
    await tx.execute(sql`
      with events as (
        select e.anonymous_id, e.clip_id, c.category_id, c.creator_id,
          (case
            when e.kind = 'flame' then ${w.flame}::float8
            when e.kind = 'share' then ${w.share}::float8
            when e.kind = 'open' then ${w.open}::float8
            when e.skipped then ${w.skip}::float8
            else (case when e.completed then ${w.completion}::float8
                  else ${w.partial}::float8 * least(1, e.watched_ms / greatest(c.duration_seconds * 1000, 1)) end)
              + ${w.loop}::float8 * least(e.loops, 3)
          end) * power(0.5, extract(epoch from (now() - e.created_at)) / ${AFFINITY_HALF_LIFE_SECONDS}) as delta
        from watch_events e join clips c on c.id = e.clip_id
        where e.anonymous_id is not null and e.created_at >= now() - ${AFFINITY_DAYS} * interval '1 day'
      ),
      facets as (
        select anonymous_id, 'category' as facet, category_id as item_id, delta from events
        union all select anonymous_id, 'creator', creator_id, delta from events
        union all select e.anonymous_id, 'tag', ct.tag_id, e.delta from events e join clip_tags ct on ct.clip_id = e.clip_id
      )
      insert into visitor_affinities (anonymous_id, facet, item_id, weight, updated_at)
      select anonymous_id, facet, item_id, least(${BOUND}, greatest(-${BOUND}, sum(delta))), now()
      from facets group by anonymous_id, facet, item_id`);
    log?.info({ seconds: seconds() }, "affinities summed");
    // A version per visitor with signals (what the statement triggers would have written, ADR 199/221).
    await tx.execute(sql`delete from visitor_signal_versions where anonymous_id is not null`);
    await tx.execute(sql`insert into visitor_signal_versions (anonymous_id)
      select anonymous_id from watch_events where anonymous_id is not null
      union select anonymous_id from visitor_affinities where anonymous_id is not null`);
  });
  await db.execute(sql`drop table seed_signal_clips`);

  for (const { name, definition } of indexes) {
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local maintenance_work_mem = '512MB'`);
      await tx.execute(sql.raw(definition));
    });
    log?.info({ index: name, seconds: seconds() }, "index built");
  }
  await db.execute(sql`drop table seed_signal_indexes`);
  await db.execute(
    sql`vacuum analyze watch_events, clip_views, clip_stats, visitor_affinities, visitor_signal_versions, creator_stats, tag_stats`,
  );
  log?.info({ seconds: seconds() }, "watch signals seeded");
  return { events: options.events, visitors: options.visitors };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const option = (name: string, fallback: number) => {
    const at = process.argv.indexOf(`--${name}`);
    const value = at < 0 ? fallback : Number(process.argv[at + 1]);
    if (!Number.isInteger(value) || value <= 0) {
      console.error(`--${name} takes a positive whole number, e.g. --${name} 1000000`);
      process.exit(1);
    }
    return value;
  };
  const env = parseEnv();
  if (!env.DATABASE_URL) {
    console.error("DATABASE_URL is required: the watch signals are seeded into PostgreSQL");
    process.exit(1);
  }
  const events = option("events", 1_000_000);
  const log = createLogger(env.LOG_LEVEL);
  const handle = await openDatabase({ databaseUrl: env.DATABASE_URL });
  await handle.migrate();
  log.info(await seedWatchSignals(handle.db, { events, visitors: option("visitors", Math.max(1, Math.round(events / 50))) }, log), "done");
  await handle.close();
}
