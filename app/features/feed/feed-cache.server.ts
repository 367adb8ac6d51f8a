import { perDatabase, rowsOf, uuidArray } from "~/lib/db/engine.server";
import { hash } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Database } from "~/lib/database";
import type { Language } from "~/lib/i18n/languages";
import { generationOf } from "~/lib/cache/generation.server";
import { memoPerDatabase } from "~/lib/cache/memo.server";
import { freshBatch } from "~/lib/cache/fresh-batch.server";
import { tagsForClips, type ClipCard, type TagChip } from "~/features/clips/index.server";
import { flamedClipIds, type FlameOwner } from "~/features/flames/index.server";
import { FEED_LIMIT, FEED_PAGE_SIZE } from "./feed-filters";
import type { FeedClip } from "./feed-clip";
import { activeCategories, feedPage, NEWEST_FIRST, platformStats, tagOptions, type FeedQuery } from "./feed.server";
import { heardFlames, onHeardFlamesForgotten } from "~/features/flames/index.server";

// The shared, seed-free parts of the home page and /api/feed, kept in memory per process
// (docs/decisions/031-in-memory-caches.md). Personal parts — the visitor's order and flamed state — are
// computed per request from them and never stored.

/** How long the tag filter's choices are kept within one generation. */
const SHARED_TTL_MS = 5_000;

/**
 * How long a pool's membership is kept within one generation: only the "this week" filter changes without
 * the generation moving, as clips grow older than a week.
 */
const POOL_TTL_MS = 60_000;

type PoolClip = ClipCard & { tags: TagChip[] };
const pools = memoPerDatabase<PoolClip[]>("feed-pools", { ttlMs: POOL_TTL_MS, maxEntries: 1_000 });
// A pool's counts are exact only with every flame heard since it was read.
onHeardFlamesForgotten((db) => pools(db).clear());
const tagChoices = memoPerDatabase<Awaited<ReturnType<typeof tagOptions>>>("feed-tag-choices", { ttlMs: SHARED_TTL_MS, maxEntries: 1_000 });
const categories = memoPerDatabase<Awaited<ReturnType<typeof activeCategories>>>("feed-categories", { ttlMs: 60_000, maxEntries: 1 });
const stats = memoPerDatabase<Awaited<ReturnType<typeof platformStats>>>("feed-stats", { ttlMs: 60_000, maxEntries: 1 });

/** The active categories, read once per generation (the one the caller read for this request, else read now). */
export async function cachedActiveCategories(db: Database, generation?: number) {
  return categories(db).get("all", generation ?? (await generationOf(db).current()), () => activeCategories(db));
}

export async function cachedTagOptions(db: Database, input: Parameters<typeof tagOptions>[1]) {
  const key = JSON.stringify([input.language, input.audience, input.category]);
  return tagChoices(db).get(key, await generationOf(db).current(), () => tagOptions(db, input));
}

export async function cachedPlatformStats(db: Database) {
  return stats(db).get("all", await generationOf(db).current(), () => platformStats(db));
}

/**
 * The same page `feedClips` gives — the pool's lead, then its clips in `md5(id || seed)` order (ADR 072), with tags and
 * the flame owner's flamed state — with the pool itself shared by every visitor whose filters, audience,
 * language and age state match.
 *
 * Counts are exact on the next request for everyone: on PGlite in process they are the pool's as read,
 * updated by every flame this process hears announced (app/features/flames/heard-flames.server.ts), without a query; elsewhere
 * the page's counts are read. The flamed state is read for a visitor with a flame owner (signed in, or
 * `spicy_uid`); a visitor without one has flamed nothing.
 */
export async function cachedFeedClips(db: Database, input: FeedPageInput): Promise<{ clips: FeedClip[]; total: number }> {
  const { page, flames, flamed, total } = await personalPage(db, input);
  return { clips: page.map((clip) => ({ ...clip, flames: flames(clip), flamed: flamed.has(clip.id) })), total };
}

/**
 * The feed's first clip — the pool's lead, the same in every visitor's order (ADR 112) — with the flame owner's
 * flamed state, and the feed's length. The home page shows it without reading the visitor's seed, so one
 * rendered home page serves every anonymous visitor of a filter; their own order follows from /api/feed.
 */
export async function cachedFeedLead(
  db: Database,
  input: Omit<FeedPageInput, "offset" | "limit" | "query"> & { query: Omit<FeedQuery, "seed"> },
): Promise<{ clips: FeedClip[]; total: number }> {
  return cachedFeedClips(db, { ...input, query: { ...input.query, seed: "" }, offset: 0, limit: 1 });
}

/**
 * The same page as JSON text, `{ clips, total }`: each clip's shared part is serialized once per pool
 * (its flame count and flamed state are added per request), which took a tenth of an /api/feed page's time
 * when the whole page was serialized per request (docs/performance.md § Throughput, "the request path").
 */
export async function cachedFeedJson(db: Database, input: FeedPageInput): Promise<string> {
  const { page, flames, flamed, total } = await personalPage(db, input);
  const clips = page.map((clip) => `${sharedJsonOf(clip)},"flames":${flames(clip)},"flamed":${flamed.has(clip.id)}}`);
  return `{"clips":[${clips.join(",")}],"total":${total}}`;
}

type FeedPageInput = {
  query: FeedQuery;
  offset: number;
  /** FEED_PAGE_SIZE unless given. */
  limit?: number;
  mediaAllowed: boolean;
  flameOwner: FlameOwner | null;
  language: Language;
  /** The catalogue's generation as this request read it (docs/decisions/030-cache-generation.md); read here if absent. */
  generation?: number;
};

async function personalPage(db: Database, input: FeedPageInput) {
  const { query } = input;
  // Listening starts before any pool is read, so no flame falls between a pool's counts and what is heard.
  const heard = await heardFlames(db);
  const pool = await poolOf(db, input, input.generation ?? (await generationOf(db).current()));
  const end = input.offset + (input.limit ?? FEED_PAGE_SIZE);
  // The lead alone is the same in every order: no shuffle is needed for it.
  const page = (end <= 1 ? pool : orderOf(pool, query.seed)).slice(input.offset, end);
  const ids = page.map((clip) => clip.id);
  const [flamed, counts] = await Promise.all([
    flamedClipIds(db, input.flameOwner, ids),
    heard ? new Map(ids.flatMap((id) => (heard.get(id) === undefined ? [] : [[id, heard.get(id)!] as const]))) : flameCountsOf(db)(ids),
  ]);
  return { page, flamed, flames: (clip: PoolClip) => counts.get(clip.id) ?? clip.flames, total: pool.length };
}

/** The filter's pool (shared; flame counts as read), filled at `generation`. */
async function poolOf(
  db: Database,
  input: { query: FeedQuery; mediaAllowed: boolean; language: Language },
  generation: number,
): Promise<PoolClip[]> {
  const { query } = input;
  const key = JSON.stringify([query.audience, query.category, query.tag, query.period, input.mediaAllowed, input.language]);
  return pools(db).get(key, generation, async () => {
    // Any seed gives the whole pool, its lead first; the rest's order is replaced below.
    const page = await feedPage(db, { ...query, seed: "pool" }, { offset: 0, limit: FEED_LIMIT, mediaAllowed: input.mediaAllowed });
    const chips = await tagsForClips(
      db,
      page.clips.map((clip) => clip.id),
      input.language,
    );
    return page.clips.map((clip) => ({ ...clip, tags: chips.get(clip.id) ?? [] }));
  });
}

/**
 * The filter's lead and the feed's length, at a generation the caller read, without its flame count or flamed state
 * (the caller reads them with its page's, when it shows the lead).
 */
export async function cachedPoolLead(
  db: Database,
  input: { query: Omit<FeedQuery, "seed">; mediaAllowed: boolean; language: Language; generation: number },
): Promise<{ lead: FeedClip | undefined; total: number }> {
  await heardFlames(db);
  const pool = await poolOf(
    db,
    { query: { ...input.query, seed: "" }, mediaAllowed: input.mediaAllowed, language: input.language },
    input.generation,
  );
  return { lead: pool[0] && leadOf(pool[0]), total: pool.length };
}

/** The lead clip of a pool as the feed shows it, one object per pool clip: the same lead is the same object. */
const leads = new WeakMap<PoolClip, FeedClip>();
function leadOf(clip: PoolClip): FeedClip {
  let lead = leads.get(clip);
  if (!lead) leads.set(clip, (lead = Object.freeze({ ...clip, flamed: false })));
  return lead;
}

/** A pool clip as JSON without its flame count and without the closing brace, made once per clip object. */
const sharedJson = new WeakMap<PoolClip, string>();
function sharedJsonOf(clip: PoolClip): string {
  let json = sharedJson.get(clip);
  if (json === undefined) {
    json = JSON.stringify({ ...clip, flames: undefined }).slice(0, -1);
    sharedJson.set(clip, json);
  }
  return json;
}

/**
 * The visitor's order of one pool, remembered beside that pool (it is a pure function of the pool and the
 * seed: only a request carrying the same seed can ask for it) as long as the pool's membership is kept. A
 * visitor paging through the feed sorts the pool once, not once per page.
 */
const orders = new WeakMap<PoolClip[], Map<string, PoolClip[]>>();

export { NEWEST_FIRST };
const ORDERS_PER_POOL = 5_000;

function orderOf(pool: PoolClip[], seed: string): PoolClip[] {
  let bySeed = orders.get(pool);
  if (!bySeed) orders.set(pool, (bySeed = new Map()));
  let order = bySeed.get(seed);
  if (!order) {
    if (bySeed.size >= ORDERS_PER_POOL) bySeed.delete(bySeed.keys().next().value!);
    order = feedOrder(pool, seed);
    bySeed.set(seed, order);
  }
  return order;
}

/** The pool's lead (its first clip as read), then the rest in the visitor's shuffle (ADR 072, ADR 112), or newest first. */
function feedOrder(pool: PoolClip[], seed: string): PoolClip[] {
  if (seed === NEWEST_FIRST)
    return [...pool].sort((a, b) => (a.publishedAt > b.publishedAt ? -1 : a.publishedAt < b.publishedAt ? 1 : a.id < b.id ? -1 : 1));
  return pool.length === 0 ? [] : [pool[0]!, ...shuffled(pool.slice(1), seed)];
}

/** Clips by md5(id || seed), then id — exactly PostgreSQL's `md5(id::text || seed), id`. */
export function shuffled<T extends { id: string }>(pool: T[], seed: string): T[] {
  return pool
    .map((clip) => ({ clip, key: hash("md5", clip.id + seed) }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.clip.id < b.clip.id ? -1 : a.clip.id > b.clip.id ? 1 : 0))
    .map((entry) => entry.clip);
}

/**
 * The current flame counts of these clips: as heard (PGlite in process, no query), else read fresh, shared with the
 * pages asked for meanwhile. A clip missing from the map has the count its card was read with.
 */
export async function flameCountsFor(db: Database, ids: string[]): Promise<Map<string, number>> {
  const heard = await heardFlames(db);
  return heard
    ? new Map(ids.flatMap((id) => (heard.get(id) === undefined ? [] : [[id, heard.get(id)!] as const])))
    : flameCountsOf(db)(ids);
}

/**
 * The page's flame counts where no flame is heard (PostgreSQL): read fresh for every page, and shared between
 * the pages asked for while the previous read ran (app/lib/cache/fresh-batch.server.ts).
 */
const flameCountsOf = perDatabase("flame-count-reader", (db) => freshBatch((ids: string[]) => flameCounts(db, ids)));

async function flameCounts(db: Database, ids: string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  // One array parameter: a batch holds the pages of every request that arrived meanwhile (hundreds of ids), and Drizzle
  // building one bound value per id was a seventh of a page's CPU on PostgreSQL.
  const rows = await rowsOf<{ id: string; flames: number }>(db, sql`select id, flames from clips where id = any(${uuidArray(ids)})`);
  return new Map(rows.map((row) => [row.id, Number(row.flames)]));
}
