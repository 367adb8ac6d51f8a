// `npm run seed -- --clips N [--flames M]`: a large synthetic catalogue generated inside the
// database (INSERT … SELECT over generate_series, one statement per batch), the same SQL on
// PGlite and PostgreSQL. Titles, creators and tags are the invented demo ones (catalog-data.ts);
// every clip reuses a demo media file. See ADR 035 for why the load runs with triggers off and
// rebuilds the counters and indexes afterwards.
import { count, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../app/lib/database";
import type { Logger } from "../../app/lib/logger.server";
import { clips } from "../schema";
import { ADJECTIVES, CATEGORIES, NOUNS } from "./catalog-data";
import type { MediaFile } from "./demo";
import { thumbKeyFor, videoKeyFor } from "./demo";

export interface BulkOptions {
  clips: number;
  /** user_flames rows to create in all (spread over the new clips); 0 keeps the old random counts without rows. */
  flames: number;
  /** Extras for the page benchmarks: a user with this many likes, one with this many usage sessions, open reports. */
  ownerFlames: number;
  sessions: number;
  reports: number;
  /** The clips' publication dates spread evenly over this many days back (default BULK_DAYS). */
  days?: number;
}

/**
 * Two years of publishing: the feed's candidates come from the whole catalogue (a clip two years old can reach it,
 * and its drawn walks reach that far back), so a catalogue of a few weeks would leave most of its walks empty.
 */
export const BULK_DAYS = 730;

export interface References {
  categoryRows: { id: string; slug: string }[];
  creatorRows: { id: string; slug: string }[];
  siteRows: { id: string; url: string }[];
  tagRows: { id: string; slug: string }[];
}

/** Users the benchmark pages read (scripts/bench-queries.ts). */
export const BENCH_OWNER_ID = "seed-bench-flameOwner";
export const BENCH_HABITS_ID = "seed-bench-habits";

const AUDIENCE_PATTERN = ["hetero", "hetero", "gay", "hetero", "trans", "hetero", "hetero|trans", "gay"];
/** Steps coprime with the number of general tags, so a clip's general tags are distinct. */
const BATCH = 50_000;

const quote = (value: string) => `'${value.replace(/'/g, "''")}'`;
const textArray = (values: readonly string[]) => sql.raw(`array[${values.map(quote).join(",")}]::text[]`);
const uuidArray = (values: readonly string[]) => sql.raw(`array[${values.map(quote).join(",")}]::uuid[]`);
const numberArray = (values: readonly number[], type: string) => sql.raw(`array[${values.join(",")}]::${type}[]`);

/** Secondary indexes of the bulk-loaded tables: dropped before the load, built again after it (much faster than row by row). */
async function secondaryIndexes(db: Database): Promise<{ name: string; definition: string }[]> {
  const result = await db.execute(sql`
    select i.indexname as name, i.indexdef as definition
    from pg_indexes i
    where i.schemaname = 'public' and i.tablename in ('clips', 'clip_tags', 'user_flames', 'title_words')
      and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`);
  return (result as unknown as { rows: { name: string; definition: string }[] }).rows;
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/** One batch: clips with indexes [from, from + size), their tags and (optionally) their flames, in one statement. */
export function batchStatement(
  refs: References,
  media: MediaFile[],
  from: number,
  size: number,
  meanFlames: number | null,
  days: number,
): SQL {
  const categories = [...refs.categoryRows].sort(
    (a, b) => CATEGORIES.findIndex((c) => c.slug === a.slug) - CATEGORIES.findIndex((c) => c.slug === b.slug),
  );
  const names = categories.map((c) => CATEGORIES.find((d) => d.slug === c.slug) ?? { nameEn: c.slug, nameEs: c.slug });
  const general = refs.tagRows.filter((t) => !["hetero", "gay", "trans"].includes(t.slug));
  const steps = Array.from({ length: general.length }, (_, i) => i + 1)
    .filter((s) => gcd(s, general.length) === 1)
    .slice(0, 8);
  const tagId = (slug: string) => refs.tagRows.find((t) => t.slug === slug)?.id ?? null;
  const featuredTag = tagId("neon");
  const flames = meanFlames === null ? sql`floor(random() ^ 2 * 500)::int` : sql`floor(random() ^ 2 * ${3 * meanFlames})::int`;
  const [firstCreator, ...otherCreators] = refs.creatorRows;
  const sites = [...refs.siteRows].sort((a, b) => a.url.localeCompare(b.url));
  const others = otherCreators.length ? otherCreators : [firstCreator!];

  return sql`
    with params as (
      select i,
        ${uuidArray(categories.map((c) => c.id))} as category_ids,
        ${textArray(categories.map((c) => c.slug))} as category_slugs,
        ${textArray(names.map((n) => n.nameEn))} as names_en,
        ${textArray(names.map((n) => n.nameEs))} as names_es,
        ${textArray(AUDIENCE_PATTERN)} as audience_pattern,
        ${uuidArray(others.map((c) => c.id))} as other_creators,
        ${textArray(media.map((m) => videoKeyFor(m.file)))} as video_keys,
        ${textArray(media.map((m) => (m.thumbnails[0] ? thumbKeyFor(m.thumbnails[0]) : "")))} as thumbs1,
        ${textArray(media.map((m) => (m.thumbnails[1] ? thumbKeyFor(m.thumbnails[1]) : "")))} as thumbs2,
        ${textArray(media.map((m) => (m.thumbnails[2] ? thumbKeyFor(m.thumbnails[2]) : "")))} as thumbs3,
        ${numberArray(
          media.map((m) => m.durationSeconds),
          "real",
        )} as durations,
        ${numberArray(
          media.map((m) => m.bytes),
          "int",
        )} as sizes,
        ${textArray(media.map((m) => JSON.stringify(m.renditions)))} as renditions,
        ${textArray(media.map((m) => (m.storyboard ? JSON.stringify(m.storyboard) : "")))} as storyboards,
        gen_random_uuid() as id,
        random() as r_site, random() as r_age
      from generate_series(${from}::int, ${from + size - 1}::int) as i
    ),
    shaped as (
      select p.*,
        p.category_ids[1 + i % ${categories.length}] as category_id,
        p.category_slugs[1 + i % ${categories.length}] as category_slug,
        (i % 3 = 0) as featured,
        string_to_array(p.audience_pattern[1 + i % 8], '|') as pattern,
        1 + i % ${media.length} as m
      from params p
    ),
    rows as (
      select s.*,
        (string_to_array(${ADJECTIVES.join("|")}, '|'))[1 + i % ${ADJECTIVES.length}] || ' ' ||
        (string_to_array(${NOUNS.join("|")}, '|'))[1 + (i / ${ADJECTIVES.length} + i) % ${NOUNS.length}] || ' ' ||
        lpad((i + 1)::text, 2, '0') as title,
        (case when s.featured and not ('hetero' = any(s.pattern)) then array['hetero'] || s.pattern else s.pattern end)
          || (case when s.category_slug = 'trans' and not ('trans' = any(s.pattern)) then array['trans'] else array[]::text[] end) as audiences,
        (${uuidArray(sites.map((c) => c.id))})[1 + floor(s.r_site * ${sites.length})::int] as site_id,
        (${textArray(sites.map((c) => c.url))})[1 + floor(s.r_site * ${sites.length})::int] as site_url
      from shaped s
    ),
    inserted as (
      insert into clips (id, title, description, description_es, slug, creator_id, category_id, channel_site_id, source_url,
        video_key, thumbnail1_key, thumbnail2_key, thumbnail3_key, start_seconds, end_seconds, duration_seconds,
        file_size_bytes, renditions, storyboard, audiences, flames, published_at)
      select r.id, r.title,
        'A short synthetic ' || r.names_en[1 + i % ${categories.length}] || ' clip: abstract motion and test patterns.',
        'Un clip sintético corto de ' || r.names_es[1 + i % ${categories.length}] || ': movimiento abstracto y patrones de prueba.',
        lower(replace(r.title, ' ', '-')) || '-' || r.category_slug || '-' || left(r.id::text, 8),
        case when r.featured then ${firstCreator!.id}::uuid else r.other_creators[1 + i % ${others.length}] end,
        r.category_id,
        case when i % 5 = 4 then null else r.site_id end,
        case when i % 5 = 4 or r.site_id is null then null
          else r.site_url || '/watch/' || left(r.id::text, 8) end,
        r.video_keys[r.m], nullif(r.thumbs1[r.m], ''), nullif(r.thumbs2[r.m], ''), nullif(r.thumbs3[r.m], ''),
        0, r.durations[r.m], r.durations[r.m], r.sizes[r.m],
        r.renditions[r.m]::jsonb, nullif(r.storyboards[r.m], '')::jsonb,
        r.audiences, ${flames},
        now() - (case when i < 8 then i * 0.7 else r.r_age * ${days} end) * interval '1 day'
      from rows r
      returning id, title, category_id, creator_id, audiences, flames, published_at
    ),
    worded as (
      -- The title's words for title search (ADR 039), as clips_title_words_trigger() would write them.
      insert into title_words (clip_id, word, listed, published_at, audiences, title)
      select c.id, w, true, c.published_at, c.audiences, lower(c.title)
      from inserted c cross join lateral title_words_of(c.title) as w
      returning clip_id
    ),
    candidate_tags as (
      select c.id as clip_id, t.id as tag_id, 0 as prio, 0 as ord
        from inserted c join categories cat on cat.id = c.category_id join tags t on t.slug = cat.slug
      union all
      select c.id, t.id, 1, array_position(c.audiences, t.slug) from inserted c join tags t on t.slug = any(c.audiences)
      union all
      select c.id, ${featuredTag}::uuid, 2, 0 from inserted c where c.creator_id = ${firstCreator!.id}::uuid and ${featuredTag}::uuid is not null
      union all
      select c.id, (${uuidArray(general.map((t) => t.id))})[1 + (get_byte(uuid_send(c.id), 1) + j * (${numberArray(steps, "int")})[1 + get_byte(uuid_send(c.id), 2) % ${steps.length}]) % ${general.length}], 3, j
        from inserted c, generate_series(0, 5) as j
    ),
    distinct_tags as (
      select distinct on (clip_id, tag_id) clip_id, tag_id, prio, ord from candidate_tags order by clip_id, tag_id, prio, ord
    ),
    ranked as (
      -- The category, audience and featured tags always; general ones until the clip has 3–6 tags.
      select clip_id, tag_id, prio, (row_number() over (partition by clip_id order by prio, ord) - 1)::int as position
      from distinct_tags
    ),
    tagged as (
      insert into clip_tags (clip_id, tag_id, position, generation_model, confidence_score,
        listed, published_at, flames, audiences, category_id)
      select r.clip_id, r.tag_id, r.position, 'bulk-seed', round((0.6 + random() * 0.4)::numeric, 2)::real,
        true, c.published_at, c.flames, c.audiences, c.category_id
      from ranked r join inserted c on c.id = r.clip_id
      where r.prio < 3 or r.position < 3 + get_byte(uuid_send(r.clip_id), 0) % 4
      returning clip_id
    )
    insert into user_flames (clip_id, anonymous_id, created_at)
    select c.id, gen_random_uuid(), c.published_at + random() * (now() - c.published_at)
    from inserted c, generate_series(1, c.flames) as n
    where ${meanFlames !== null}`;
}

/** Adds `options.clips` synthetic clips (and flames, likes, sessions, reports) with the triggers off, then rebuilds indexes and counters. */
export async function seedBulkCatalogue(db: Database, refs: References, media: MediaFile[], options: BulkOptions, log?: Logger) {
  const [{ value: existing } = { value: 0 }] = await db.select({ value: count() }).from(clips);
  const meanFlames = options.flames > 0 ? options.flames / Math.max(1, options.clips) : null;
  const indexes = await secondaryIndexes(db);
  log?.info({ indexes: indexes.length }, "dropping secondary indexes for the load");
  for (const { name } of indexes) await db.execute(sql.raw(`drop index if exists "${name}"`));
  // Nothing references user_flames.id or title_words' key: their primary keys are built once after the load too.
  await db.execute(sql`alter table user_flames drop constraint if exists user_flames_pkey`);
  await db.execute(sql`alter table title_words drop constraint if exists title_words_clip_id_word_pk`);

  const started = Date.now();
  for (let done = 0; done < options.clips; done += BATCH) {
    const size = Math.min(BATCH, options.clips - done);
    await db.transaction(async (tx) => {
      // Triggers (counters, foreign keys) are off for the load; counters are rebuilt below (ADR 035).
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`set local synchronous_commit = off`);
      await tx.execute(batchStatement(refs, media, existing + done, size, meanFlames, options.days ?? BULK_DAYS));
    });
    log?.info({ inserted: done + size, total: options.clips, seconds: Math.round((Date.now() - started) / 1000) }, "seeding clips");
  }

  await db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await seedBenchExtras(tx as unknown as Database, options);
  });
  log?.info({ seconds: Math.round((Date.now() - started) / 1000) }, "bench extras seeded; building indexes");

  await db.transaction(async (tx) => {
    await tx.execute(sql`set local maintenance_work_mem = '256MB'`);
    await tx.execute(sql`alter table user_flames add constraint user_flames_pkey primary key (id)`);
    await tx.execute(sql`alter table title_words add constraint title_words_clip_id_word_pk primary key (clip_id, word)`);
  });
  log?.info({ seconds: Math.round((Date.now() - started) / 1000) }, "user_flames and title_words primary keys built");
  for (const { name, definition } of indexes) {
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local maintenance_work_mem = '256MB'`);
      await tx.execute(sql.raw(definition));
    });
    log?.info({ index: name, seconds: Math.round((Date.now() - started) / 1000) }, "index built");
  }
  await db.execute(sql`select rebuild_catalogue_counters()`);
  await db.transaction(async (tx) => {
    // The liked-videos copies and counters (ADR 047) and the title word counts (ADR 039), with the row triggers off.
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql`select rebuild_user_flame_counts()`);
    await tx.execute(sql`select rebuild_title_word_counts()`);
  });
  log?.info({ seconds: Math.round((Date.now() - started) / 1000) }, "counters rebuilt");
  return { added: options.clips, total: existing + options.clips };
}

/** A user with many likes, a user with many usage sessions, and a long moderation queue (idempotent by id). */
async function seedBenchExtras(db: Database, options: BulkOptions) {
  await db.execute(sql`
    insert into "user" (id, name, email, email_verified) values
      (${BENCH_OWNER_ID}, 'Bench FlameOwner', 'bench-flameOwner@example.com', true),
      (${BENCH_HABITS_ID}, 'Bench Habits', 'bench-habits@example.com', true)
    on conflict do nothing`);
  if (options.ownerFlames > 0) {
    await db.execute(sql`
      with picked as (
        insert into user_flames (clip_id, user_id, created_at)
        select c.id, ${BENCH_OWNER_ID}, now() - random() * interval '60 days'
        from clips c
        where c.status = 'published'
          and not exists (select 1 from user_flames f where f.clip_id = c.id and f.user_id = ${BENCH_OWNER_ID})
        order by random()
        limit ${options.ownerFlames}
        returning clip_id
      ),
      bumped as (update clips set flames = flames + 1 where id in (select clip_id from picked) returning id, flames)
      -- The triggers are off: the listing copies (ADR 037) follow the counts here, before the counters are rebuilt from them.
      update clip_tags ct set flames = b.flames from bumped b where ct.clip_id = b.id`);
  }
  if (options.sessions > 0) {
    await db.execute(sql`
      with made as (
        insert into usage_sessions (user_id, seconds, emotion_id, started_at)
        select ${BENCH_HABITS_ID}, 30 + floor(random() * 1800)::int,
          (select id from emotion_types order by id offset floor(random() * greatest(1, (select count(*) from emotion_types))) limit 1),
          now() - random() * interval '90 days'
        from generate_series(1, ${options.sessions})
        returning id, seconds
      )
      insert into usage_session_categories (session_id, category_id, seconds)
      select made.id, cat.id, greatest(1, made.seconds / 2)
      from made cross join lateral (select id from categories order by random() limit 2) cat`);
  }
  if (options.reports > 0) {
    await db.execute(sql`
      insert into content_reports (content_url, description, email, status, deadline_at, created_at, updated_at)
      select 'https://example.com/clip/' || n, 'Synthetic report ' || n || ' for queue load testing.',
        'reporter' || n || '@example.com',
        case when n % 10 = 0 then 'resolved' else 'open' end,
        case when n % 10 = 0 then null else now() - (n % 1000) * interval '1 minute' + interval '48 hours' end,
        now() - (n % 50000) * interval '1 minute', now()
      from generate_series(1, ${options.reports}) as n`);
  }
}
