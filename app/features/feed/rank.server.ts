import { sql, type SQL } from "drizzle-orm";
import type { Audience } from "~schema";
import type { Database } from "~/lib/database";
import { generationOf } from "~/lib/cache/generation.server";
import { memoPerDatabase } from "~/lib/cache/memo.server";
import { AFFINITY_HALF_LIFE_SECONDS, ownerIs, type SignalOwnerRef } from "~/features/signals/index.server";
import type { FeedFilters } from "./feed-filters";
import { emptyProfile, RANK, rankPage, unitHash, type Candidate, type Facet, type RankedClip, type TasteProfile } from "./rank-score";
import { withOwn } from "./with-own";
import { rowsOf } from "~/lib/db/engine.server";

// Candidates for the ranking (ADR 160): a few short walks of indexes over the whole catalogue of the filter — the
// trending order (clip_stats.hot), the all-time best (clip_stats.quality), the newest, the visitor's best categories,
// creators and tags, and a random stretch of ids for exploration. Each walk stops at its limit, so a request reads
// a few hundred rows whether the catalogue holds a thousand clips or a million.

const LIMITS = { trending: 300, classics: 60, fresh: 400, weekFresh: 500, tagRecent: 300, tagPopular: 100 } as const;
const TASTE_LIMITS = { hot: 8, newest: 4, drawn: 30, explore: 40, recent: 30 } as const;
/** A drawn stretch of a taste starts at a random moment within this many days back (and after the oldest clip). */
const DRAWN_DAYS = 730;
/** What a walk's rows are to the ranking: shared by visitors of a filter or taste, the visitor's drawn stretch of a taste, their exploration. */
const WALK = { shared: 0, drawn: 1, explore: 2 } as const;
const TOP_TASTES: Record<Facet, number> = { category: 3, creator: 4, tag: 4 };
/** How many of the visitor's latest events say what they saw (7 days) and what they know (as long as events are kept). */
const KNOWN_EVENTS = 3000;
const WEEK_MS = 7 * 24 * 3600_000;
/**
 * The newest days of a filter that the hot ranking's draw alone can put first: an unwatched clip this many days old
 * is hotWeight · log2(1 + days) = jitter points below a new one (15 days). A newcomer's drawn places come from their
 * own stretch of these, at most RECENT_LIMIT of the newest.
 */
const RECENT_DAYS = 2 ** (RANK.jitter / RANK.hotWeight) - 1;
const RECENT_LIMIT = 2000;

export interface RankQuery {
  filters: FeedFilters;
  audience: Audience;
  now: Date;
  /**
   * The catalogue's generation as this request already read it, if it did: the shared pools are taken at it
   * instead of waiting for a read of their own (on PostgreSQL one more round trip per ranked page).
   */
  generation?: number;
}

/** The generation the request read, or a fresh read. */
const generationFor = (db: Database, query: RankQuery): Promise<number> =>
  query.generation === undefined ? generationOf(db).current() : Promise.resolve(query.generation);

/** The filter's conditions on a clip `c`, exactly as the feed's filters mean them (docs/product.md §5.1). */
function filterSql(query: RankQuery): SQL {
  const parts = [sql`c.status = 'published'`, sql`c.audiences && array[${query.audience}]::text[]`];
  if (query.filters.category) parts.push(sql`c.category_id = ${categoryIdOf(query.filters.category)}`);
  if (query.filters.period === "week")
    parts.push(sql`c.published_at >= ${new Date(query.now.getTime() - WEEK_MS).toISOString()}::timestamptz`);
  if (query.filters.tag)
    parts.push(sql`exists (select 1 from clip_tags t where t.clip_id = c.id and t.tag_id = ${tagIdOf(query.filters.tag)})`);
  return sql.join(parts, sql` and `);
}

/** Where a newest-first walk (published_at desc, id) stopped: the next step starts after this clip. */
interface Keyset {
  publishedAt: string;
  id: string;
}

/** Rows after `after` in the order (published_at desc, id), bounded below by the index's own column for its range. */
const afterSql = (after: Keyset, publishedAt: SQL, id: SQL) =>
  sql`${publishedAt} <= ${after.publishedAt}::timestamptz and (${publishedAt} < ${after.publishedAt}::timestamptz or ${id} > ${after.id}::uuid)`;

const categoryIdOf = (slug: string) => sql`(select id from categories where slug = ${slug} and active)`;
const tagIdOf = (slug: string) => sql`(select id from tags where slug = ${slug})`;

/** The tag filter's own rows (clip_tags' listing indexes carry audience, category and date, ADR 036). */
function tagRows(
  query: RankQuery,
  tagId: SQL,
  order: "recent" | "popular",
  limit: number,
  kind: number,
  range: { before?: string; since?: string; after?: Keyset } = {},
): SQL {
  const parts = [sql`ct.tag_id = ${tagId}`, sql`ct.listed`, sql`ct.audiences && array[${query.audience}]::text[]`];
  if (range.before) parts.push(sql`ct.published_at <= ${range.before}::timestamptz`);
  if (range.after) parts.push(afterSql(range.after, sql`ct.published_at`, sql`ct.clip_id`));
  if (range.since) parts.push(sql`ct.published_at >= ${range.since}::timestamptz`);
  if (query.filters.category) parts.push(sql`ct.category_id = ${categoryIdOf(query.filters.category)}`);
  if (query.filters.period === "week")
    parts.push(sql`ct.published_at >= ${new Date(query.now.getTime() - WEEK_MS).toISOString()}::timestamptz`);
  const orderBy = order === "recent" ? sql`ct.published_at desc, ct.clip_id` : sql`ct.flames desc, ct.clip_id`;
  return sql`(select ct.clip_id as id, ${kind} as kind from clip_tags ct where ${sql.join(parts, sql` and `)} order by ${orderBy} limit ${limit})`;
}

/** The candidate walks every visitor of a filter shares. */
function sharedWalks(query: RankQuery): SQL[] {
  const where = filterSql(query);
  if (query.filters.tag) {
    const tagId = tagIdOf(query.filters.tag);
    return [
      tagRows(query, tagId, "recent", LIMITS.tagRecent, WALK.shared),
      tagRows(query, tagId, "popular", LIMITS.tagPopular, WALK.shared),
    ];
  }
  const fresh = (limit: number) =>
    sql`(select c.id, ${WALK.shared} as kind from clips c where ${where} order by c.published_at desc, c.id limit ${limit})`;
  // This week's clips are few enough to take them all (up to the old pool's size); the index walks below would
  // step over every older clip.
  if (query.filters.period === "week") return [fresh(LIMITS.weekFresh)];
  const byCategory = query.filters.category ? sql`s.category_id = ${categoryIdOf(query.filters.category)} and ` : sql``;
  const stats = (order: SQL, limit: number) =>
    sql`(select s.clip_id as id, ${WALK.shared} as kind from clip_stats s join clips c on c.id = s.clip_id where ${byCategory}${where} order by ${order} limit ${limit})`;
  return [stats(sql`s.hot desc, s.clip_id`, LIMITS.trending), stats(sql`s.quality desc, s.clip_id`, LIMITS.classics), fresh(LIMITS.fresh)];
}

/** A stretch of the filter's catalogue from a random id on (the primary key, or clip_tags (tag_id, clip_id)). */
function exploreWalk(query: RankQuery, exploreFrom: string, limit: number = TASTE_LIMITS.explore): SQL {
  if (query.filters.tag) {
    // The walk is of the tag's own rows, filtered on their copies of the clip's listing, audiences, category and date
    // (ADR 036, 037) as the tag's other walks are: under a narrow filter (a category and the week) it passes over
    // thousands of them, each then a row in hand rather than a probe of clips.
    const parts = [
      sql`ct.tag_id = ${tagIdOf(query.filters.tag)}`,
      sql`ct.clip_id >= ${exploreFrom}::uuid`,
      sql`ct.listed`,
      sql`ct.audiences && array[${query.audience}]::text[]`,
    ];
    if (query.filters.category) parts.push(sql`ct.category_id = ${categoryIdOf(query.filters.category)}`);
    if (query.filters.period === "week")
      parts.push(sql`ct.published_at >= ${new Date(query.now.getTime() - WEEK_MS).toISOString()}::timestamptz`);
    return sql`(select ct.clip_id as id, ${WALK.explore} as kind from clip_tags ct where ${sql.join(parts, sql` and `)}
        order by ct.clip_id limit ${limit})`;
  }
  return sql`(select c.id, ${WALK.explore} as kind from clips c where c.id >= ${exploreFrom}::uuid and ${filterSql(query)} order by c.id limit ${limit})`;
}

/** A taste the drawn places draw from: a liked category, creator or tag, or (`filter`) the filter's whole catalogue. */
interface Taste {
  facet: Facet | "filter";
  id: string;
}

/** The visitor's strongest liked tastes, strongest first, when the filter lets taste walks run (not under a tag or the week). */
function topTastes(query: RankQuery, profile: TasteProfile): Taste[] {
  if (query.filters.tag || query.filters.period === "week") return [];
  return (["category", "creator", "tag"] as const).flatMap((facet) =>
    [...profile[facet]]
      .filter(([, weight]) => weight > 0)
      .sort((a, b) => b[1] - a[1])
      .slice(0, TOP_TASTES[facet])
      .map(([id]) => ({ facet, id })),
  );
}

/**
 * The walks of one taste: a few of its hottest and newest clips (what every visitor of the taste shares, part -1),
 * and a stretch of its catalogue back from each moment (the drawn stretches, part k). Each walk's rows are labelled
 * with their part, so one statement reads all the walks of a kind.
 */
function tasteWalks(query: RankQuery, taste: Taste, moments: string[]): { sql: SQL; part: number }[] {
  const labelled = (walk: SQL, part: number) => ({ sql: sql`(select r.id, r.kind, ${part}::int as part from ${walk} r)`, part });
  if (taste.facet === "filter") return moments.map((moment, part) => labelled(filterDrawnWalk(query, moment), part));
  if (taste.facet === "tag") {
    const tagId = sql`${taste.id}::uuid`;
    return [
      labelled(tagRows(query, tagId, "recent", TASTE_LIMITS.newest, WALK.shared), -1),
      labelled(tagRows(query, tagId, "popular", TASTE_LIMITS.hot, WALK.shared), -1),
      ...moments.map((moment, part) => labelled(tagRows(query, tagId, "recent", TASTE_LIMITS.drawn, WALK.drawn, { before: moment }), part)),
    ];
  }
  const where = filterSql(query);
  const col = sql.raw(taste.facet === "category" ? "category_id" : "creator_id");
  // Under a category filter the walks name the filter's category on the walked index itself: a taste of another
  // category is then empty before a row is read, and a creator's walk reads only that creator's clips of the
  // category (clip_stats_creator_category_hot_idx, clips_creator_category_published_idx), however few they are.
  const inCategory = query.filters.category ? sql`s.category_id = ${categoryIdOf(query.filters.category)} and ` : sql``;
  return [
    labelled(
      sql`(select s.clip_id as id, ${WALK.shared} as kind from clip_stats s join clips c on c.id = s.clip_id
          where s.${col} = ${taste.id}::uuid and ${inCategory}${where} order by s.hot desc, s.clip_id limit ${TASTE_LIMITS.hot})`,
      -1,
    ),
    labelled(
      sql`(select c.id, ${WALK.shared} as kind from clips c where c.${col} = ${taste.id}::uuid and ${where}
          order by c.published_at desc, c.id limit ${TASTE_LIMITS.newest})`,
      -1,
    ),
    ...moments.map((moment, part) =>
      labelled(
        sql`(select c.id, ${WALK.drawn} as kind from clips c where c.${col} = ${taste.id}::uuid and c.published_at <= ${moment}::timestamptz
            and ${where} order by c.published_at desc, c.id limit ${TASTE_LIMITS.drawn})`,
        part,
      ),
    ),
  ];
}

/** A stretch of the filter's catalogue back from a moment: the drawn places of a visitor with a history and no liked taste. */
function filterDrawnWalk(query: RankQuery, drawnFrom: string): SQL {
  return query.filters.tag
    ? tagRows(query, tagIdOf(query.filters.tag), "recent", TASTE_LIMITS.drawn, WALK.drawn, { before: drawnFrom })
    : sql`(select c.id, ${WALK.drawn} as kind from clips c where ${filterSql(query)} and c.published_at <= ${drawnFrom}::timestamptz
        order by c.published_at desc, c.id limit ${TASTE_LIMITS.drawn})`;
}

/**
 * Every walk reads published clips only; saying so again where a candidate's clip is read by id lets it be read from
 * clips_explore_idx (which carries what a candidate needs) rather than the heap.
 */
const PUBLISHED = sql`c.status = 'published'`;

/** A candidate clip `c`'s publication as CandidateRow's `published_ms`. */
const PUBLISHED_MS = sql`date_part('epoch', c.published_at) * 1000 as published_ms`;

type CandidateRow = {
  id: string;
  kind: number;
  category_id: string;
  creator_id: string;
  /**
   * When it was published, in milliseconds since the epoch (float8, to the microsecond): a timestamptz came back as text
   * the driver parsed into a Date, about a tenth of a ranked page's ranking (docs/performance.md § Ranked pages made cheaper).
   */
  published_ms: number;
  quality: number;
  /**
   * The clip's tag ids joined by commas: a uuid[] came back as text the driver then parsed character by character,
   * a twentieth of a ranked page's CPU on PostgreSQL; a split is the same list.
   */
  tag_ids: string;
};

/** The ids the walks found, with what the ranking needs of each. */
async function candidatesOf(db: Database, walks: SQL[]): Promise<Candidate[]> {
  if (walks.length === 0) return [];
  const rows = await rowsOf<CandidateRow>(
    db,
    sql`select c.id, ids.kind, c.category_id, c.creator_id, ${PUBLISHED_MS}, coalesce(s.quality, 0)::float8 as quality,
        array_to_string(array(select ct.tag_id from clip_tags ct where ct.clip_id = c.id order by ct.tag_id), ',') as tag_ids
      from (select id, max(kind) as kind from (${sql.join(walks, sql` union all `)}) w group by id) ids
      join clips c on c.id = ids.id and ${PUBLISHED} left join clip_stats s on s.clip_id = c.id`,
  );
  return rows.map(candidateOf);
}

/**
 * The visitor's own exploration stretch with what the ranking needs of each clip. Outside a tag filter the walk over
 * `clips` reads those columns as it goes, in one plain statement: the walk's ids grouped and joined back to `clips`
 * cost a third more to plan and run (PGlite 1.2–1.4 → 0.8–0.9 ms; PostgreSQL 0.6–0.9 → 0.4–0.6 ms a statement).
 */
async function ownExplore(db: Database, query: RankQuery, exploreFrom: string): Promise<Candidate[]> {
  if (query.filters.tag) return candidatesOf(db, [exploreWalk(query, exploreFrom)]);
  const rows = await rowsOf<CandidateRow>(
    db,
    sql`select c.id, ${WALK.explore} as kind, c.category_id, c.creator_id, ${PUBLISHED_MS},
        coalesce((select s.quality from clip_stats s where s.clip_id = c.id), 0)::float8 as quality,
        array_to_string(array(select ct.tag_id from clip_tags ct where ct.clip_id = c.id order by ct.tag_id), ',') as tag_ids
      from clips c where c.id >= ${exploreFrom}::uuid and ${filterSql(query)} order by c.id limit ${TASTE_LIMITS.explore}`,
  );
  return rows.map(candidateOf);
}

/**
 * Rows a shared pool reads are read in steps of this many (ADR 225): on PGlite in process a statement holds the one
 * thread while it runs, so a pool of 2 000 rows read at once stopped every request for its whole read.
 */
const STEP_ROWS = 250;

/** Lets the requests that arrived meanwhile run between two steps of a pool's read. */
const betweenSteps = () => new Promise<void>((resolve) => setImmediate(resolve));

/** What candidatesOf reads, for a shared pool: the walks' ids in one statement, what the ranking needs of them in steps. */
async function candidatesInSteps(db: Database, walks: SQL[]): Promise<Candidate[]> {
  const found = await rowsOf<{ id: string; kind: number }>(
    db,
    sql`select id, max(kind) as kind from (${sql.join(walks, sql` union all `)}) w group by id`,
  );
  const details = await detailsInSteps(
    db,
    found.map((row) => row.id),
  );
  return found.flatMap((row) => {
    const clip = details.get(row.id);
    return clip ? [flagged(clip, Number(row.kind))] : [];
  });
}

/** What the ranking needs of each of these clips (the published ones), read STEP_ROWS at a time. */
async function detailsInSteps(db: Database, ids: string[]): Promise<Map<string, Candidate>> {
  const details = new Map<string, Candidate>();
  for (let from = 0; from < ids.length; from += STEP_ROWS) {
    if (from > 0) await betweenSteps();
    const rows = await rowsOf<CandidateRow>(
      db,
      sql`select c.id, 0 as kind, c.category_id, c.creator_id, ${PUBLISHED_MS}, coalesce(s.quality, 0)::float8 as quality,
          array_to_string(array(select ct.tag_id from clip_tags ct where ct.clip_id = c.id order by ct.tag_id), ',') as tag_ids
        from clips c left join clip_stats s on s.clip_id = c.id
        where c.id = any(${`{${ids.slice(from, from + STEP_ROWS).join(",")}}`}::uuid[]) and ${PUBLISHED}`,
    );
    for (const row of rows) details.set(row.id, candidateOf(row));
  }
  return details;
}

/** The clip as found by a walk of this kind: an exploration or drawn walk's clips carry its flag. */
const flagged = (clip: Candidate, kind: number): Candidate =>
  kind === WALK.explore ? { ...clip, explore: true } : kind === WALK.drawn ? { ...clip, drawn: true } : clip;

/**
 * Each tag id once, as a string of its own. The ids split from one text are slices of it, and a Map lookup with a slice
 * reads through it: the ranking's affinity lookups (every candidate's tags, each page) took twice as long. Tags are a
 * vocabulary of hundreds; the bound only guards against a runaway.
 */
const ownTagIds = new Map<string, string>();
const MAX_TAG_IDS = 100_000;

function ownTagId(id: string): string {
  let own = ownTagIds.get(id);
  if (own === undefined) {
    if (ownTagIds.size >= MAX_TAG_IDS) ownTagIds.clear();
    own = Buffer.from(id, "latin1").toString("latin1");
    ownTagIds.set(own, own);
  }
  return own;
}

/** A row as a candidate, made once with both flags set: the ranking's loops then see one shape of object. */
function candidateOf(row: CandidateRow): Candidate {
  const kind = Number(row.kind);
  return {
    id: row.id,
    categoryId: row.category_id,
    creatorId: row.creator_id,
    tagIds: row.tag_ids ? row.tag_ids.split(",").map(ownTagId) : [],
    quality: Number(row.quality),
    publishedAt: Number(row.published_ms),
    explore: kind === WALK.explore,
    drawn: kind === WALK.drawn,
  };
}

/**
 * Shared candidates change with signals, not per request: kept a few seconds per filter (ADR 031), and read anew
 * beside the requests once older (ADR 225), which go on ranking from the kept ones meanwhile.
 */
const shared = memoPerDatabase<Candidate[]>("feed-shared-candidates", { ttlMs: 15_000, maxEntries: 500, refreshAside: true });

/**
 * A newcomer's exploration stretch (no history: a first visit, or GPC/DNT): one stretch of ids from a random point,
 * drawn anew per filter every 15 s and shared, each newcomer taking their own 40 of it by their draw (anew per page)
 * — so a first page needs no statement of its own, and newcomers of the same seconds explore different clips.
 * Visitors with a history walk their own stretch.
 */
const sharedExplore = memoPerDatabase<Candidate[]>("feed-newcomer-explore", { ttlMs: 15_000, maxEntries: 500, refreshAside: true });
const NEWCOMER_EXPLORE = 400;

function newcomerExplore(db: Database, query: RankQuery): Promise<Candidate[]> {
  const key = JSON.stringify([query.audience, query.filters.category, query.filters.tag, query.filters.period]);
  return generationFor(db, query).then((generation) =>
    sharedExplore(db).get(key, generation, () =>
      candidatesInSteps(db, [exploreWalk(query, exploreStart(`${Date.now()}/${Math.random()}`), NEWCOMER_EXPLORE)]),
    ),
  );
}

/**
 * The filter's newest days (RECENT_DAYS, at most RECENT_LIMIT clips, newest first; `clips_published_idx`,
 * `clips_category_published_idx` or `clip_tags_tag_recent_idx`), read once per filter every 15 s and shared: a
 * newcomer takes their own stretch of it in memory, so their page needs no statement of its own.
 */
const recentPools = memoPerDatabase<Candidate[]>("feed-recent-pools", { ttlMs: 15_000, maxEntries: 100, refreshAside: true });

function recentPool(db: Database, query: RankQuery): Promise<Candidate[]> {
  const key = JSON.stringify([query.audience, query.filters.category, query.filters.tag, query.filters.period]);
  const since = new Date(query.now.getTime() - RECENT_DAYS * 24 * 3600_000).toISOString();
  // The walk reads the clips' columns as it goes, and each clip's quality and tags by its key: joins back to clips or
  // clip_stats were planned as hashes over the whole table for a few hundred ids. It goes in steps of STEP_ROWS, each
  // from where the last stopped, so no statement holds PGlite's thread for the whole pool.
  const walk = (limit: number, after: Keyset | undefined) =>
    query.filters.tag
      ? sql`select c.id, c.category_id, c.creator_id, c.published_at
          from ${tagRows(query, tagIdOf(query.filters.tag), "recent", limit, WALK.drawn, { since, after })} t join clips c on c.id = t.id`
      : sql`select c.id, c.category_id, c.creator_id, c.published_at from clips c
          where ${filterSql(query)} and c.published_at >= ${since}::timestamptz
            ${after ? sql`and ${afterSql(after, sql`c.published_at`, sql`c.id`)}` : sql``}
          order by c.published_at desc, c.id limit ${limit}`;
  const read = async () => {
    const pool: Candidate[] = [];
    let after: Keyset | undefined;
    while (pool.length < RECENT_LIMIT) {
      if (after) await betweenSteps();
      const limit = Math.min(STEP_ROWS, RECENT_LIMIT - pool.length);
      // The step's last clip by the walk's order; its time as text keeps the microseconds a Date would drop.
      const rows = await rowsOf<CandidateRow & { at: string }>(
        db,
        sql`select r.id, ${WALK.drawn} as kind, r.category_id, r.creator_id, date_part('epoch', r.published_at) * 1000 as published_ms,
            r.published_at::text as at,
            coalesce((select s.quality from clip_stats s where s.clip_id = r.id), 0)::float8 as quality,
            array_to_string(array(select ct.tag_id from clip_tags ct where ct.clip_id = r.id order by ct.tag_id), ',') as tag_ids
          from (${walk(limit, after)}) r`,
      );
      pool.push(...rows.map(candidateOf).sort(newestFirst));
      const last = rows.reduce<(typeof rows)[number] | undefined>((min, row) => (!min || laterInWalk(row, min) ? row : min), undefined);
      if (rows.length < limit || !last) break;
      after = { publishedAt: last.at, id: last.id };
    }
    return pool;
  };
  return generationFor(db, query).then((generation) => recentPools(db).get(key, generation, read));
}

const newestFirst = (a: Candidate, b: Candidate) => b.publishedAt - a.publishedAt || (a.id < b.id ? -1 : 1);

/** Whether `a` comes after `b` in the walk's order (published_at desc, id), to the microsecond. */
function laterInWalk(a: { at: string; id: string; published_ms: number }, b: { at: string; id: string; published_ms: number }) {
  const [ta, tb] = [Number(a.published_ms), Number(b.published_ms)];
  if (ta !== tb) return ta < tb;
  return a.at === b.at ? a.id > b.id : a.at < b.at;
}

/** The visitor's own stretch of a shared pool: `length` clips from a place drawn by their seed, anew per page. */
function ownStretch(pool: Candidate[], length: number, input: { seed: string; position: number }, salt: string): Candidate[] {
  const from = Math.floor(unitHash(`${input.seed}~${salt}#${input.position}`) * Math.max(1, pool.length - length + 1));
  return pool.slice(from, from + length);
}

function sharedCandidates(db: Database, query: RankQuery): Promise<Candidate[]> {
  const key = JSON.stringify([query.audience, query.filters.category, query.filters.tag, query.filters.period]);
  return generationFor(db, query).then((generation) => shared(db).get(key, generation, () => candidatesInSteps(db, sharedWalks(query))));
}

/**
 * Each drawn stretch of a taste, in a shared pool, starts from its own random moment within DRAWN_DAYS: a visitor's page
 * takes one stretch per taste by their draw, so visitors of one taste in the same seconds mostly walk different parts of
 * it, and every refresh of the stretches (STRETCHES_TTL_MS) draws new moments.
 */
const TASTE_STRETCHES = 6;

/** What a taste's pool keeps: its shared walks' clips, and its drawn stretches (their clips flagged drawn). */
interface TastePool {
  shared: Candidate[];
  stretches: Candidate[][];
}

/**
 * A taste's candidates — catalogue data only, the same for every visitor of the taste and filter — kept per generation
 * and read anew beside the requests (ADR 225) like the filter's shared pools: a returning visitor's page takes its
 * tastes' candidates from memory instead of walking them per request (ADR 233). Its hottest and newest clips are kept a
 * minute rather than 15 s: a pool's read is clips at random over the whole catalogue (most of them disk reads at 1 M
 * clips), the visitors' tastes are many, and what they hold moves slowly (the hottest and newest 12 of a taste; its
 * qualities lag by at most that, as the kept cards' view counts do).
 */
const tasteShared = memoPerDatabase<TastePool>("feed-taste-shared", { ttlMs: 60_000, maxEntries: 1_000, refreshAside: true });

/**
 * A taste's drawn stretches live 7.5 s, not its shared clips' minute (ADR 249): every visitor of a taste within the
 * stretches' life draws from the same TASTE_STRETCHES × 30 clips and the drawn places take the best of them for each, so
 * the more visitors of a taste share one life, the more they meet the same clips and the less of the catalogue the feed
 * reaches (bench:feed, 200 × 100 at 100 000 clips: a minute's life 19.1× the shuffle's; 15 s 20.7× when the simulation
 * took 400 s, 19.2–19.4× once the ranking was twice as fast; 7.5 s 20.4× at that speed). A busy taste's stretches are
 * read anew eight times a minute beside the requests (180 clips and their details each time, the shared 12 still once);
 * a taste asked for less often costs one read per request past their life. Twelve stretches instead of six (twice the
 * read) added little (21.3× against 20.7×), so the life is shortened rather than the pool widened.
 */
const STRETCHES_TTL_MS = 7_500;
const tasteStretches = memoPerDatabase<TastePool>("feed-taste-stretches", {
  ttlMs: STRETCHES_TTL_MS,
  maxEntries: 1_000,
  refreshAside: true,
});

/** Reads a taste's shared walks (`shared`) or its drawn stretches (`moments`), in one statement and the details in steps. */
async function readTaste(db: Database, query: RankQuery, taste: Taste, part: { shared: boolean; moments: string[] }): Promise<TastePool> {
  const pool: TastePool = { shared: [], stretches: part.moments.map(() => []) };
  const walks = tasteWalks(query, taste, part.moments).filter((walk) => part.shared === walk.part < 0);
  if (walks.length === 0) return pool;
  const found = await rowsOf<{ id: string; kind: number; part: number }>(
    db,
    sql`select id, kind, part from (${sql.join(
      walks.map((walk) => walk.sql),
      sql` union all `,
    )}) w`,
  );
  const details = await detailsInSteps(db, [...new Set(found.map((row) => row.id))]);
  const inShared = new Set<string>();
  for (const row of found) {
    const clip = details.get(row.id);
    const at = Number(row.part);
    if (!clip) continue;
    if (at < 0) {
      if (!inShared.has(row.id)) pool.shared.push(clip);
      inShared.add(row.id);
    } else pool.stretches[at]!.push(flagged(clip, WALK.drawn));
  }
  return pool;
}

/**
 * When the catalogue's oldest published clip came out (now when there is none), kept ten minutes: drawn moments fall
 * between it and now. A stretch walks back from its moment, so a moment before the first clip finds nothing — with
 * moments over DRAWN_DAYS, a catalogue a few months old left most of its tastes' stretches empty.
 */
const oldestMemo = memoPerDatabase<number>("feed-oldest-published", { ttlMs: 600_000, maxEntries: 1, refreshAside: true });

function oldestPublished(db: Database): Promise<number> {
  return oldestMemo(db).get("oldest", 0, async () => {
    const [row] = await rowsOf<{ at: string | Date | null }>(
      db,
      sql`select c.published_at as at from clips c where ${PUBLISHED} and c.published_at is not null
        order by c.published_at asc nulls last, c.id desc limit 1`,
    );
    return row?.at ? new Date(row.at).getTime() : Date.now();
  });
}

/**
 * A taste's drawn moments: TASTE_STRETCHES instants between `oldest` (at most DRAWN_DAYS back) and `now`, one at random
 * in each of as many equal parts of that span, so each refresh of a pool holds stretches from the taste's newest to its
 * oldest part instead of wherever independent draws happened to clump.
 */
export function drawnMoments(now: number, oldest: number, random: () => number = Math.random): string[] {
  const span = Math.max(0, Math.min(DRAWN_DAYS * 24 * 3600_000, now - oldest));
  return Array.from({ length: TASTE_STRETCHES }, (_, part) => new Date(now - ((part + random()) / TASTE_STRETCHES) * span).toISOString());
}

function tastePool(db: Database, query: RankQuery, taste: Taste): Promise<TastePool> {
  const key = JSON.stringify([query.audience, query.filters.category, query.filters.tag, query.filters.period, taste.facet, taste.id]);
  const moments = async () => drawnMoments(Date.now(), await oldestPublished(db));
  return generationFor(db, query).then(async (generation) => {
    const [kept, drawn] = await Promise.all([
      taste.facet === "filter"
        ? Promise.resolve<TastePool>({ shared: [], stretches: [] })
        : tasteShared(db).get(key, generation, () => readTaste(db, query, taste, { shared: true, moments: [] })),
      tasteStretches(db).get(key, generation, async () => readTaste(db, query, taste, { shared: false, moments: await moments() })),
    ]);
    return { shared: kept.shared, stretches: drawn.stretches };
  });
}

/**
 * The candidates of the visitor's tastes for this page: each taste's shared clips, and the drawn stretch their draw
 * takes of it (a stretch's clips come after the shared ones, so a clip in both is drawn, as the walks' max(kind) had it).
 */
async function tasteCandidates(
  db: Database,
  query: RankQuery,
  tastes: Taste[],
  input: { seed: string; position: number },
): Promise<Candidate[]> {
  const pools = await Promise.all(tastes.map((taste) => tastePool(db, query, taste)));
  const drawn = pools.map((pool, at) => {
    const taste = tastes[at]!;
    const pick = Math.floor(unitHash(`${input.seed}#${input.position}~${taste.facet}:${taste.id}`) * pool.stretches.length);
    return pool.stretches[pick] ?? [];
  });
  return [...pools.flatMap((pool) => pool.shared), ...drawn.flat()];
}

/** What the visitor's kept signals say: their decayed tastes, what they saw lately, what they know and dismissed. */
export interface VisitorHistory {
  profile: TasteProfile;
  seen: Set<string>;
  known: Set<string>;
  dismissed: Set<string>;
}

/**
 * One statement for the three (their weights, their latest events' clips, their dismissals), each part labelled: one
 * round trip and one pooled connection per request instead of three. The weights decay in float8, as the signal writer
 * decays them: `extract` gives a numeric, whose `power` took nearly half the statement's time.
 */
export async function visitorHistory(db: Database, owner: SignalOwnerRef, now: Date): Promise<VisitorHistory> {
  const rows = await rowsOf<{ part: number; facet: Facet | null; id: string; weight: number | null; at: string | Date | null }>(
    db,
    sql`select 0 as part, facet, item_id as id,
          (weight * power(0.5::float8, date_part('epoch', ${now.toISOString()}::timestamptz - updated_at) / ${AFFINITY_HALF_LIFE_SECONDS}))::float8 as weight,
          null::timestamptz as at
        from visitor_affinities where ${ownerIs(owner)}
      union all
      select 1, null, clip_id, null, max(created_at) from (
          select clip_id, created_at from watch_events where ${ownerIs(owner)} order by created_at desc limit ${KNOWN_EVENTS}) e
        group by clip_id
      union all
      select 2, null, clip_id, null, null from dismissed_clips where ${ownerIs(owner)}`,
  );
  const profile = emptyProfile();
  const known = new Set<string>();
  const seen = new Set<string>();
  const dismissed = new Set<string>();
  const weekAgo = now.getTime() - WEEK_MS;
  for (const row of rows) {
    const part = Number(row.part);
    if (part === 0) profile[row.facet!].set(row.id, Number(row.weight));
    else if (part === 1) {
      known.add(row.id);
      if (new Date(row.at!).getTime() >= weekAgo) seen.add(row.id);
    } else dismissed.add(row.id);
  }
  return { profile, known, seen, dismissed };
}

export const noHistory = (): VisitorHistory => ({ profile: emptyProfile(), seen: new Set(), known: new Set(), dismissed: new Set() });

/** A uuid-shaped starting point for the exploration walk, the same for one seed and page. */
function exploreStart(seed: string): string {
  let hex = "";
  for (let i = 0; hex.length < 32; i++) {
    let h = 0x811c9dc5;
    for (const ch of `${seed}:${i}`) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193);
    hex += (h >>> 0).toString(16).padStart(8, "0");
  }
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/**
 * One page of the visitor's "For you" feed. `shown` are the clips already in the visitor's feed this visit, in
 * order (the last two set the creator rule across pages); they are not chosen again.
 */
export async function rankedFeedPage(
  db: Database,
  input: RankQuery & { history: VisitorHistory; shown: string[]; position: number; count: number; seed: string },
): Promise<RankedClip[]> {
  const { history } = input;
  const newcomer = history.known.size === 0 && ["category", "creator", "tag"].every((facet) => history.profile[facet as Facet].size === 0);
  const tastes = topTastes(input, history.profile);
  const liked = (["category", "creator", "tag"] as const).some((facet) => [...history.profile[facet].values()].some((w) => w > 0));
  // What the drawn places draw from: the visitor's tastes; without a liked one, the filter's whole catalogue (a
  // visitor with a history), or its newest days (a newcomer, whose ranking is the hot one: as far back as its draw
  // reaches; and the week filter).
  const draws = tastes.length ? "tastes" : liked ? null : !newcomer && input.filters.period !== "week" ? "filter" : "recent";
  const drawnFrom: Taste[] = draws === "tastes" ? tastes : draws === "filter" ? [{ facet: "filter", id: "" }] : [];
  const [common, drawn, own, pool] = await Promise.all([
    sharedCandidates(db, input),
    // The tastes' candidates (and the filter's drawn stretches) from shared pools: no statement of the visitor's own.
    drawnFrom.length ? tasteCandidates(db, input, drawnFrom, input) : Promise.resolve([]),
    newcomer
      ? // The newcomer's own part of the shared exploration stretch.
        newcomerExplore(db, input).then((explore) => ownStretch(explore, TASTE_LIMITS.explore, input, "explore"))
      : // The visitor's own exploration stretch.
        ownExplore(db, input, exploreStart(`${input.seed}/${input.position}`)),
    draws === "recent" ? recentPool(db, input) : Promise.resolve([]),
  ]);
  const { candidates, byId } = withOwn(common, [...ownStretch(pool, TASTE_LIMITS.recent, input, "recent"), ...drawn, ...own]);
  // The creators and categories of the clips already in the feed: those among the candidates are known, the rest read.
  const unknown = input.shown.filter((id) => !byId(id));
  const shownRows = [
    ...input.shown.flatMap((id) => {
      const clip = byId(id);
      return clip ? [{ id, creator_id: clip.creatorId, category_id: clip.categoryId }] : [];
    }),
    ...(unknown.length
      ? await rowsOf<{ id: string; creator_id: string; category_id: string }>(
          db,
          sql`select id, creator_id, category_id from clips where id = any(${`{${unknown.join(",")}}`}::uuid[])`,
        )
      : []),
  ];
  const creatorOf = new Map(shownRows.map((row) => [row.id, row.creator_id]));
  const previousCreators = input.shown.slice(-2).flatMap((id) => (creatorOf.has(id) ? [creatorOf.get(id)!] : []));
  return rankPage({
    candidates,
    profile: history.profile,
    seen: history.seen,
    known: history.known,
    excluded: new Set([...history.dismissed, ...input.shown]),
    previousCreators,
    previousCategories: shownRows.map((row) => row.category_id),
    position: input.position,
    count: input.count,
    now: input.now.getTime(),
    seed: input.seed,
  });
}
