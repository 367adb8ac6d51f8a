import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { categories, creators, tags } from "~schema";
import type { Database } from "../../app/lib/database";
import { rankedFeedPage, visitorHistory } from "../../app/features/feed/rank.server";
import { newcomerSeed } from "../../app/features/feed/rank-score";
import { knowsNothingOf } from "../../app/features/feed/visitor-feed.server";
import { commitSignals } from "../../app/features/signals/index.server";

// Visitors with hidden tastes against the real ranking (ADR 160): the bench (`npm run bench:feed`) and the ranking's
// integration tests build a synthetic catalogue here and let simulated visitors watch their feed, finishing the
// clips they prefer and skipping the rest after a second, as the player reports them.

export interface SimClip {
  id: string;
  categoryId: string;
  creatorId: string;
  tagIds: string[];
}

export interface SimCatalogue {
  categoryIds: string[];
  categorySlugs: string[];
  creatorIds: string[];
  tagIds: string[];
  tagSlugs: string[];
  clips: Map<string, SimClip>;
  /** The newest FEED_LIMIT ids, newest first: today's feed pool. */
  newest: string[];
}

async function rowsOf<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] } | T[];
  return Array.isArray(result) ? result : result.rows;
}

/**
 * `clips` published clips spread evenly over `spanDays` (newest now), each with a pseudo-random category, creator and
 * two tags, and a skewed flame count — all generated inside the database, the same SQL on PGlite and PostgreSQL.
 */
export async function seedSimCatalogue(
  db: Database,
  options: { clips: number; categories: number; creators: number; tags: number; spanDays: number; now?: Date },
): Promise<SimCatalogue> {
  const run = randomUUID().slice(0, 8);
  const now = options.now ?? new Date();
  const made = async <T extends { id: string; slug: string }>(count: number, insert: (i: number) => Promise<T[]>) => {
    const rows: T[] = [];
    for (let i = 0; i < count; i++) rows.push(...(await insert(i)));
    return rows;
  };
  const categoryRows = await made(options.categories, (i) =>
    db
      .insert(categories)
      .values({ slug: `sim-${run}-c${i}`, nameEn: `Sim ${i}`, nameEs: `Sim ${i}`, color: "#888" })
      .returning(),
  );
  const creatorRows = await made(options.creators, (i) =>
    db
      .insert(creators)
      .values({ slug: `sim-${run}-k${i}`, name: `Sim creator ${i}` })
      .returning(),
  );
  const tagRows = await made(options.tags, (i) =>
    db
      .insert(tags)
      .values({ slug: `sim-${run}-t${i}`, nameEn: `simtag${i}`, nameEs: `simtag${i}` })
      .returning(),
  );
  const list = (ids: string[]) => `{${ids.join(",")}}`;
  const h = (salt: string) => sql.raw(`abs(hashtext('${run}${salt}' || i))`);
  // A version-4 shape, as gen_random_uuid() makes (the signal endpoint takes no other), derived from the clip's number.
  const idOf = sql.raw(`(overlay(overlay(md5('${run}' || i) placing '4' from 13) placing '8' from 17))::uuid`);
  const step = 10_000;
  for (let from = 0; from < options.clips; from += step) {
    const to = Math.min(options.clips, from + step) - 1;
    await db.execute(sql`insert into clips (id, title, slug, creator_id, category_id, video_key, duration_seconds, audiences, flames, published_at)
      select ${idOf}, 'Sim clip ' || i, ${`sim-${run}-`} || i,
        (${list(creatorRows.map((r) => r.id))}::uuid[])[1 + ${h("k")} % ${options.creators}],
        (${list(categoryRows.map((r) => r.id))}::uuid[])[1 + ${h("c")} % ${options.categories}],
        'clips/clip-01.mp4', 8, '{hetero}',
        floor(power((${h("f")} % 1000) / 1000.0, 6) * 300)::int,
        ${now.toISOString()}::timestamptz - (i * ${options.spanDays / options.clips}::float8) * interval '1 day'
      from generate_series(${from}::int, ${to}::int) i`);
    await db.execute(sql`insert into clip_tags (clip_id, tag_id, position)
      select ${idOf}, (${list(tagRows.map((r) => r.id))}::uuid[])[1 + t], n
      from generate_series(${from}::int, ${to}::int) i,
        lateral (select ${h("t")} % ${options.tags} as a, ${h("u")} % ${options.tags - 1} as b) r,
        lateral (values (r.a, 0), ((r.a + 1 + r.b) % ${options.tags}, 1)) as x(t, n)`);
  }
  return loadSimCatalogue(db, run);
}

/**
 * The synthetic catalogue already in the database (`run`: the only one there when not named), so several bench runs
 * can start from copies of one seeded database (`createdb -T`).
 */
export async function loadSimCatalogue(db: Database, run?: string): Promise<SimCatalogue> {
  if (!run) {
    const runs = await rowsOf<{ run: string }>(
      db,
      sql`select distinct split_part(slug, '-', 2) as run from categories where slug like 'sim-%'`,
    );
    if (runs.length !== 1) throw new Error(`expected one synthetic catalogue in this database, found ${runs.length}`);
    run = runs[0]!.run;
  }
  const prefix = `sim-${run}-`;
  const byNumber = (slug: string) => Number(slug.slice(prefix.length + 1));
  const named = async (table: "categories" | "creators" | "tags") =>
    (await rowsOf<{ id: string; slug: string }>(db, sql`select id, slug from ${sql.raw(table)} where slug like ${`${prefix}%`}`)).sort(
      (a, b) => byNumber(a.slug) - byNumber(b.slug),
    );
  const [categoryRows, creatorRows, tagRows] = [await named("categories"), await named("creators"), await named("tags")];
  const rows = await rowsOf<{ id: string; category_id: string; creator_id: string; tag_ids: string[] | string }>(
    db,
    sql`select c.id, c.category_id, c.creator_id, array(select tag_id from clip_tags where clip_id = c.id order by position) as tag_ids
      from clips c where c.slug like ${`${prefix}%`} order by c.published_at desc, c.id`,
  );
  const clips = new Map<string, SimClip>();
  for (const row of rows) {
    const tagIds = Array.isArray(row.tag_ids) ? row.tag_ids : row.tag_ids.replace(/^\{|\}$/g, "").split(",");
    clips.set(row.id, { id: row.id, categoryId: row.category_id, creatorId: row.creator_id, tagIds });
  }
  return {
    categoryIds: categoryRows.map((r) => r.id),
    categorySlugs: categoryRows.map((r) => r.slug),
    creatorIds: creatorRows.map((r) => r.id),
    tagIds: tagRows.map((r) => r.id),
    tagSlugs: tagRows.map((r) => r.slug),
    clips,
    newest: rows.slice(0, 500).map((r) => r.id),
  };
}

export type Taste = (clip: SimClip) => boolean;

/** The three kinds of hidden taste of the issue: one category, two tags, or one creator. */
export function tasteOf(catalogue: SimCatalogue, n: number): { name: string; prefers: Taste } {
  const pick = <T>(list: T[], k: number) => list[k % list.length]!;
  switch (n % 3) {
    case 0: {
      const category = pick(catalogue.categoryIds, n);
      return { name: "category", prefers: (clip) => clip.categoryId === category };
    }
    case 1: {
      const [a, b] = [pick(catalogue.tagIds, n), pick(catalogue.tagIds, n + 3)];
      return { name: "two tags", prefers: (clip) => clip.tagIds.includes(a) || clip.tagIds.includes(b) };
    }
    default: {
      const creator = pick(catalogue.creatorIds, n);
      return { name: "creator", prefers: (clip) => clip.creatorId === creator };
    }
  }
}

/** How the browser asks: the page holding position p is fetched when the visitor reaches p − AHEAD (the Up next strip). */
const AHEAD = 10;
const PAGE = 12;
/** The browser's queue sends watch signals every this many clips. */
const SEND_EVERY = 5;

/**
 * One visitor watching `count` clips of their "For you" feed: each page is ranked by the server's code when the
 * browser would ask for it, and the watches go through the signal commit in batches, as the browser sends them.
 */
export async function watchFeed(
  db: Database,
  input: { catalogue: SimCatalogue; prefers: Taste; count: number; anonymousId?: string; now?: Date; seed?: string },
): Promise<{ anonymousId: string; shown: string[] }> {
  const anonymousId = input.anonymousId ?? randomUUID();
  const owner = { anonymousId };
  const seed = input.seed ?? anonymousId.slice(0, 8);
  const shown: string[] = [];
  let queue: Parameters<typeof commitSignals>[1][number]["events"] = [];
  const flush = async () => {
    if (queue.length) await commitSignals(db, [{ owner: { userId: null, anonymousId, personal: true }, events: queue }]);
    queue = [];
  };
  for (let position = 0; position < input.count; position++) {
    // The page holding position + AHEAD is asked for now (pages 0 and 1 at the start).
    while (shown.length < Math.min(position + AHEAD + 1, input.count) || shown.length <= position) {
      const now = input.now ?? new Date();
      const history = await visitorHistory(db, owner, now);
      const page = await rankedFeedPage(db, {
        filters: { category: null, tag: null, period: "ongoing" },
        audience: "hetero",
        now,
        history,
        shown: shown.slice(-48),
        position: shown.length,
        count: PAGE,
        // As the server ranks them: a visitor the feed knows nothing of with one of the newcomers' seeds (ADR 232).
        seed: knowsNothingOf(history) ? newcomerSeed(seed) : seed,
      });
      if (page.length === 0) break;
      shown.push(...page.map((clip) => clip.id));
    }
    const id = shown[position];
    if (!id) break;
    const liked = input.prefers(input.catalogue.clips.get(id)!);
    queue.push({ clipId: id, kind: "watch", watchedMs: liked ? 8000 : 900, loops: 0, completed: liked, skipped: !liked });
    if (queue.length >= SEND_EVERY) await flush();
  }
  await flush();
  return { anonymousId, shown: shown.slice(0, input.count) };
}
