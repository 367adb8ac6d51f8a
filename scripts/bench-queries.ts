// `npm run bench:queries`: server time of every discovery page and API at the current catalogue
// size, one request at a time, measured around the same use-case functions the route loaders
// call (docs/performance.md, Catalogue scale). Seed first, e.g.
//   DATABASE_URL=postgres://… npm run seed -- --clips 1000000 --flames 10000000
//   DATABASE_URL=postgres://… npm run bench:queries -- --runs 30 --plans docs/performance-plans.md
// Without DATABASE_URL it reads the PGlite database under DATA_DIR (stop the server first). It runs
// under vite-node because the loaders' translations are found with import.meta.glob.
// Options: --runs N (timed runs per page, default 20), --only <text> (pages whose name has it),
// --plans <file> (EXPLAIN (ANALYZE, BUFFERS) of every query each page's first call sends, and of those its last
// timed call sent, as Markdown),
// --json <file> (the figures),
// --trace <file> (per timed run: its wall time, each statement's time from send to answer, whether a shared pool
// was being read anew beside it, and the garbage collector's pauses during it — where a slow run's time went).
import { randomUUID } from "node:crypto";
import { PerformanceObserver } from "node:perf_hooks";
import pg from "pg";
import { desc, eq, sql } from "drizzle-orm";
import { writeFileSync } from "node:fs";
import os from "node:os";
import { clips, creators, tags, usageSessions, userFlames, categories } from "~schema";
import { BENCH_HABITS_ID, BENCH_OWNER_ID } from "../db/seed/bulk";
import { BENCH_FOLLOWER_ID } from "../db/seed/follows";
import { seedVisitorId } from "./seed-signals";
import { forYouPage, noHistory, visitorHistory } from "../app/features/feed/index.server";
import { feedStateOf, type SignalOwnerRef } from "../app/features/signals/index.server";
import { followingFeed, followingList, parseCursor, setFollow } from "../app/features/follows/index.server";
import { loadClipPage } from "../app/features/clips/clip-page.server";
import { parseClipRef } from "../app/features/clips/clip-ref";
import { loadCreatorPage } from "../app/features/creators/creators.server";
import { loadDashboard } from "../app/features/creator-accounts/dashboard.server";
import { featuredCreators, pointsLedger } from "../app/features/points/points.server";
import { feedClips } from "../app/features/feed/feed.server";
import { loadHomeFeed } from "../app/features/feed/home.server";
import { loadInsights } from "../app/features/conscious/insights.server";
import { flamedClips } from "../app/features/flames/flamed-clips.server";
import { listItems, openCount } from "../app/features/moderation/queues.server";
import { searchCatalog } from "../app/features/search/search.server";
import { renderSitemap } from "../app/features/seo/sitemap.server";
import { loadTagPage, TAG_PAGE_SIZE } from "../app/features/tags/tags.server";
import type { Services, Visitor } from "../app/lib/context";
import { openDatabase } from "../app/lib/db.server";
import { parseEnv } from "../app/lib/env.server";
import { createLogger } from "../app/lib/logger.server";

const arg = (name: string) => {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : undefined;
};
const runs = Number(arg("runs") ?? 20);
const only = arg("only");
const plansFile = arg("plans");
const jsonFile = arg("json");
const traceFile = arg("trace");

/** What one timed run did (`--trace`). */
interface RunTrace {
  ms: number;
  statements: { sql: string; ms: number }[];
  gcMs: number;
}
let tracing: RunTrace | null = null;
if (traceFile) {
  // Every statement's time from send to answer, as the request waits for it (node-postgres' query, callback or promise).
  const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const run = tracing;
    const text = typeof args[0] === "string" ? args[0] : ((args[0] as { text?: string })?.text ?? "");
    const started = performance.now();
    const note = () => run?.statements.push({ sql: text.replace(/\s+/g, " ").slice(0, 90), ms: performance.now() - started });
    const last = args.length - 1;
    if (typeof args[last] === "function") {
      const callback = args[last] as (...answer: unknown[]) => unknown;
      args[last] = (...answer: unknown[]) => {
        note();
        return callback(...answer);
      };
    }
    const result = query.apply(this, args);
    if (result && typeof (result as Promise<unknown>).then === "function") (result as Promise<unknown>).then(note, note);
    return result;
  } as typeof pg.Client.prototype.query;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (tracing) tracing.gcMs += entry.duration;
  }).observe({ entryTypes: ["gc"] });
}
const traces: { page: string; runs: RunTrace[] }[] = [];

const env = parseEnv();
let captured: { query: string; params: unknown[] }[] | null = null;
const onQuery = (query: string, params: unknown[]) => captured?.push({ query, params });
const handle = env.DATABASE_URL
  ? await openDatabase({ databaseUrl: env.DATABASE_URL, onQuery })
  : await openDatabase({ dataDir: env.DATA_DIR, onQuery });
const { db } = handle;
const first = async <T>(rows: Promise<T[]>): Promise<T> => {
  const [row] = await rows;
  if (!row) throw new Error("seed the catalogue first: npm run seed -- --clips 100000");
  return row;
};

// The pages' inputs, found in the data: the busiest creator, a tag on one clip in ~15, a clip.
const { total } = await first(
  db
    .select({ total: sql<number>`(select reltuples::bigint from pg_class where relname = 'clips')`.mapWith(Number) })
    .from(sql`(select 1) one`),
);
const busiest = await first(
  db
    .execute(
      sql`select c.slug, c.id, sum(k.clips)::int as clips from catalogue_counts k join creators c on c.id = k.creator_id
    where k.audience = 'hetero' group by c.slug, c.id order by 3 desc limit 1`,
    )
    .then((r) => (r as unknown as { rows: { slug: string; id: string; clips: number }[] }).rows),
);
const tag = "couple";
const [tagRow] = await db.select({ id: tags.id }).from(tags).where(eq(tags.slug, tag));
const tagClips = await first(
  db
    .execute(sql`select coalesce(sum(clips), 0)::int as n from tag_counts where tag_id = ${tagRow?.id ?? null} and audience = 'hetero'`)
    .then((r) => (r as unknown as { rows: { n: number }[] }).rows),
);
const deepTagPage = Math.min(500, Math.max(1, Math.ceil(tagClips.n / TAG_PAGE_SIZE)));
const creatorLastPage = Math.max(1, Math.ceil(busiest.clips / 10));
const clip = await first(
  db.select({ slug: clips.slug }).from(clips).where(eq(clips.status, "published")).orderBy(desc(clips.publishedAt)).limit(1),
);
const category = await first(db.select({ slug: categories.slug }).from(categories).orderBy(categories.orderPriority).limit(1));
const [likes] = await db
  .select({ n: sql<number>`count(*)`.mapWith(Number) })
  .from(userFlames)
  .where(eq(userFlames.userId, BENCH_OWNER_ID));
const [sessions] = await db
  .select({ n: sql<number>`count(*)`.mapWith(Number) })
  .from(usageSessions)
  .where(eq(usageSessions.userId, BENCH_HABITS_ID));
const creatorCount = await db.select({ slug: creators.slug }).from(creators);
// The last sitemap part is one id range of the clips (ADR 046).
const sitemapIndex = await new Response(await renderSitemap(db, { origin: "http://localhost:3000", part: null })).text();
const sitemapParts = Math.max(1, (sitemapIndex.match(/<sitemap>/g) ?? []).length);

const base = { audience: "hetero" as const, language: "en" as const, mediaAllowed: true };
const visitor = { audience: "hetero", language: "en", ageVerified: true, ageGateEnabled: true, brandMode: "adult" } as unknown as Visitor;
const services = { db, log: createLogger("silent"), origin: "http://localhost:3000" } as unknown as Services;
const home = (query: string) => () =>
  loadHomeFeed({
    request: new Request(`http://localhost:3000/${query}`, { headers: { cookie: "spicy_seed=bench" } }),
    services,
    visitor,
  });
const feedApi = (filters: Partial<{ category: string; tag: string; period: "week" }>, offset: number) => () =>
  feedClips(db, {
    query: { category: null, tag: null, period: "ongoing", ...filters, audience: "hetero", seed: "bench" },
    offset,
    mediaAllowed: true,
    flameOwner: { anonymousId: "00000000-0000-4000-8000-000000000001" },
    language: "en",
  });
/** The bench flame owner's liked videos, first page, in `sort` order. */
const flamedPage = (sort: "recent" | "flames") =>
  flamedClips(db, { userId: BENCH_OWNER_ID, audience: "hetero", page: 1, mediaAllowed: true, category: null, sort, everyAudience: false });
const drain = async (stream: ReadableStream<Uint8Array> | null) => {
  let bytes = 0;
  const reader = stream?.getReader();
  for (let chunk = await reader?.read(); chunk && !chunk.done; chunk = await reader!.read()) bytes += chunk.value.byteLength;
  return bytes;
};

// The follow pages (docs/decisions/150-following-creators.md): the bench follower follows 500 creators
// (`npm run seed -- --creators N --follows M`).
const follower = { userId: BENCH_FOLLOWER_ID };
const followingPage = (after: string | null) =>
  followingFeed(db, { follower, audience: "hetero", after: parseCursor(after), mediaAllowed: true, language: "en" });
const followingSecond = (await followingPage(null)).next;
const followPages: [string, () => Promise<unknown>][] = [
  ["Following tab (500 creators followed), page 1", () => followingPage(null)],
  ["Following tab (500 creators followed), page 2", () => followingPage(followingSecond)],
  ["My account, Following list, page 1", () => followingList(db, { userId: BENCH_FOLLOWER_ID, after: null, mediaAllowed: true })],
  [
    `Follow and unfollow /creator/${busiest.slug} (two writes)`,
    async () => {
      const anonymous = { anonymousId: "00000000-0000-4000-8000-000000000002" };
      await setFollow(db, { creatorSlug: busiest.slug, follower: anonymous, following: true });
      await setFollow(db, { creatorSlug: busiest.slug, follower: anonymous, following: false });
    },
  ],
  [
    `Creator /creator/${busiest.slug}, popular, page 1`,
    () => loadCreatorPage(db, { ...base, slug: busiest.slug, page: 1, sort: "popular" }),
  ],
  // The owner's dashboard (ADR 171) and points (ADR 173), for the creator with the most clips.
  [`Creator dashboard /my-creator (busiest creator), 7 days`, () => loadDashboard(db, { creatorId: busiest.id, days: 7, after: null })],
  [`Creator dashboard /my-creator (busiest creator), 30 days`, () => loadDashboard(db, { creatorId: busiest.id, days: 30, after: null })],
  [`Creator points ledger, page 1`, () => pointsLedger(db, busiest.id, null)],
  ["Following page's Featured creators", () => featuredCreators(db, { mediaAllowed: true })],
];

// "For you" (ADR 160, 199): what the /api/feed loader (app/routes/api.feed.ts) calls for an anonymous visitor —
// their order and version, then the ranked page. Each run is a new visit (a new seed, so no kept ranking serves it):
// the page is ranked anew. Visitors of `npm run seed:signals` (scripts/seed-signals.ts): visitor 500 has
// hundreds of events, visitor 0 the most.
type FeedFilterInput = Partial<{ category: string; tag: string; period: "week" }>;
async function forYou(owner: SignalOwnerRef | null, filters: FeedFilterInput, offset: number, shown: string[] | null) {
  const now = new Date();
  const { version } = owner ? await feedStateOf(db, owner) : { version: 0 };
  const key = !owner ? "seed" : version ? `a:${"anonymousId" in owner ? owner.anonymousId : ""}:${version}` : null;
  return forYouPage(db, {
    filters: { category: null, tag: null, period: "ongoing", ...filters },
    audience: "hetero",
    now,
    visitor: { key, history: () => (owner ? visitorHistory(db, owner, now) : Promise.resolve(noHistory())) },
    dismissedBy: owner,
    shown,
    offset,
    seed: randomUUID(),
    mediaAllowed: true,
    flameOwner: owner && "anonymousId" in owner ? { anonymousId: owner.anonymousId } : null,
    language: "en",
  });
}
const returning = { anonymousId: seedVisitorId(500) };
const heaviest = { anonymousId: seedVisitorId(0) };
const eventsOf = async (owner: { anonymousId: string }) =>
  (
    (await db.execute(sql`select count(*)::int as n from watch_events where anonymous_id = ${owner.anonymousId}::uuid`)) as unknown as {
      rows: { n: number }[];
    }
  ).rows[0]?.n ?? 0;
const [returningEvents, heaviestEvents] = [await eventsOf(returning), await eventsOf(heaviest)];
const returningShown = (await forYou(returning, {}, 0, null)).clips.map((clip) => clip.id).slice(1);
const newcomer = () => ({ anonymousId: randomUUID() });
// Returning visitors 500, 501, … in turn: each run's tastes differ from the last's (their preferred category is k mod
// the categories), so what is kept per taste serves as it would serve many visitors, not one visitor again and again.
let nextVisitor = 500;
const anotherReturning = () => ({ anonymousId: seedVisitorId(nextVisitor++) });
const forYouPages: [string, () => Promise<unknown>][] = [
  ["For you, newcomer (no cookie), first page", () => forYou(null, {}, 0, null)],
  ["For you, newcomer (new spicy_uid), first page", () => forYou(newcomer(), {}, 0, null)],
  ["For you, newcomer, offset 12 with shown", () => forYou(newcomer(), {}, 12, returningShown)],
  [`For you, returning (${returningEvents} events), first page`, () => forYou(returning, {}, 0, null)],
  [`For you, returning (${returningEvents} events), offset 12 with shown`, () => forYou(returning, {}, 12, returningShown)],
  [`For you, returning (${heaviestEvents} events), first page`, () => forYou(heaviest, {}, 0, null)],
  ["For you, returning, a different visitor each run (500, 501, …), first page", () => forYou(anotherReturning(), {}, 0, null)],
  [`For you, newcomer, category ${category.slug}`, () => forYou(newcomer(), { category: category.slug }, 0, null)],
  [`For you, newcomer, tag ${tag}`, () => forYou(newcomer(), { tag }, 0, null)],
  ["For you, newcomer, this week", () => forYou(newcomer(), { period: "week" }, 0, null)],
  [`For you, returning, category ${category.slug}`, () => forYou(returning, { category: category.slug }, 0, null)],
  [`For you, returning, tag ${tag}`, () => forYou(returning, { tag }, 0, null)],
  ["For you, returning, this week", () => forYou(returning, { period: "week" }, 0, null)],
  [
    `For you, returning, category ${category.slug}, tag ${tag}, this week`,
    () => forYou(returning, { category: category.slug, tag, period: "week" }, 0, null),
  ],
];

const pages: [string, () => Promise<unknown>][] = [
  ["Home SSR data, all", home("")],
  [`Home SSR data, category ${category.slug}`, home(`?category=${category.slug}`)],
  ["Home SSR data, this week", home("?period=week")],
  [`Home SSR data, tag ${tag}`, home(`?tag=${tag}`)],
  ["/api/feed, all, offset 24", feedApi({}, 24)],
  [`/api/feed, category ${category.slug}, tag ${tag}, this week`, feedApi({ category: category.slug, tag, period: "week" }, 0)],
  [
    "Video page (with related videos)",
    () =>
      loadClipPage(db, {
        ref: parseClipRef(clip.slug)!,
        origin: "http://localhost:3000",
        ...base,
        flameOwner: null,
        canFlame: false,
      }),
  ],
  [`Tag /tag/${tag}, popular, page 1`, () => loadTagPage(db, { ...base, term: tag, sort: "popular", page: 1 })],
  [`Tag /tag/${tag}, popular, page ${deepTagPage}`, () => loadTagPage(db, { ...base, term: tag, sort: "popular", page: deepTagPage })],
  [`Tag /tag/${tag}, recent, page 1`, () => loadTagPage(db, { ...base, term: tag, sort: "recent", page: 1 })],
  [`Tag /tag/${tag}, recent, page ${deepTagPage}`, () => loadTagPage(db, { ...base, term: tag, sort: "recent", page: deepTagPage })],
  [`Creator /creator/${busiest.slug}, page 1`, () => loadCreatorPage(db, { ...base, slug: busiest.slug, page: 1 })],
  [
    `Creator /creator/${busiest.slug}, last page (${creatorLastPage})`,
    () => loadCreatorPage(db, { ...base, slug: busiest.slug, page: creatorLastPage }),
  ],
  ["Search 'cobalt spiral' (title)", () => searchCatalog(db, { ...base, term: "cobalt spiral", page: 1 })],
  ["Search 'vega' (creator)", () => searchCatalog(db, { ...base, term: "vega", page: 1 })],
  [`Search '${tag}' (tag)`, () => searchCatalog(db, { ...base, term: tag, page: 1 })],
  ["Search 'zq' (2 characters)", () => searchCatalog(db, { ...base, term: "zq", page: 1 })],
  [`Liked videos (${likes?.n ?? 0} likes), page 1`, () => flamedPage("recent")],
  [`Liked videos (${likes?.n ?? 0} likes), most flames`, () => flamedPage("flames")],
  [
    `Insights (${sessions?.n ?? 0} sessions)`,
    () => loadInsights(db, { userId: BENCH_HABITS_ID, language: "en", timeZone: "Europe/Madrid", brandMode: "adult" } as never),
  ],
  ["Sitemap index", () => renderSitemap(db, { origin: "http://localhost:3000", part: null }).then(drain)],
  [
    `Sitemap part ${sitemapParts} (clips, ~${Math.round(total / Math.max(1, sitemapParts - 2))} URLs)`,
    () => renderSitemap(db, { origin: "http://localhost:3000", part: String(sitemapParts) }).then(drain),
  ],
  [
    "Admin reports queue, open, by deadline",
    () => Promise.all([listItems(db, { queue: "reports", state: "open", sort: "deadline", q: null, page: 1 }), openCount(db, "reports")]),
  ],
  ["Admin desk search 'report 777'", () => listItems(db, { queue: null, state: "all", sort: "newest", q: "report 777", page: 1 })],
  ...followPages,
  ...forYouPages,
];

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const results: { page: string; first: number; p50: number; p95: number; max: number; queries: number; load: number }[] = [];
const plans: string[] = [];

console.log(
  `# bench:queries — ${handle.engine}, ~${total} clips, ${creatorCount.length} creators, ${runs} runs per page, ${new Date().toISOString()}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}\n`,
);
console.log("| Page | first ms | p50 ms | p95 ms | max ms | queries | load (1 min) |\n| --- | ---: | ---: | ---: | ---: | ---: | ---: |");
for (const [name, run] of pages) {
  if (only && !name.includes(only)) continue;
  // The first call fills what the page keeps in memory (shared candidates, cards): its time and its statements are
  // the cold page's, which the plans show; the timed runs are the warm page's.
  captured = [];
  const firstStarted = performance.now();
  await run();
  const first = performance.now() - firstStarted;
  const firstQueries = captured;
  captured = null;
  await run();
  const times: number[] = [];
  captured = [];
  let lastRunFrom = 0;
  const pageTraces: RunTrace[] = [];
  for (let i = 0; i < runs; i++) {
    lastRunFrom = captured.length;
    if (traceFile) tracing = { ms: 0, statements: [], gcMs: 0 };
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
    if (tracing) {
      tracing.ms = times[times.length - 1]!;
      pageTraces.push(tracing);
      tracing = null;
    }
  }
  if (traceFile) traces.push({ page: name, runs: pageTraces });
  const queries = Math.round(captured.length / runs);
  const warmQueries = captured.slice(lastRunFrom);
  captured = null;
  const sorted = [...times].sort((a, b) => a - b);
  const load = os.loadavg()[0]!;
  const row = {
    page: name,
    first,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    max: sorted[sorted.length - 1]!,
    queries,
    load,
  };
  results.push(row);
  console.log(
    `| ${name} | ${first.toFixed(1)} | ${row.p50.toFixed(1)} | ${row.p95.toFixed(1)} | ${row.max.toFixed(1)} | ${queries} | ${load.toFixed(1)} |`,
  );
  if (plansFile) {
    plans.push(await explainPage(name, firstQueries));
    plans.push(await explainPage(`${name} — the last timed run's statements (warm)`, warmQueries));
  }
}

if (jsonFile)
  writeFileSync(jsonFile, JSON.stringify({ engine: handle.engine, clips: total, runs, date: new Date().toISOString(), results }, null, 2));
if (traceFile) writeFileSync(traceFile, JSON.stringify(traces, null, 1));
if (plansFile) {
  writeFileSync(
    plansFile,
    `# Query plans\n\nEngine: ${handle.engine}; ~${total} clips. Generated by \`npm run bench:queries -- --plans ${plansFile}\` on ${new Date().toISOString().slice(0, 10)}.\n\n${plans.join("\n")}`,
  );
}
await handle.close();

/** Inlines parameters as literals so EXPLAIN can run the statement on its own. */
function literal(value: unknown): string {
  if (value === null || value === undefined) return "null";
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (value instanceof Date) return `'${value.toISOString()}'`;
  if (Array.isArray(value)) return `'{${value.map((v) => `"${String(v)}"`).join(",")}}'`;
  return `'${String(value).replace(/'/g, "''")}'`;
}

/** EXPLAIN (ANALYZE, BUFFERS) of every query the page's first call sent. */
async function explainPage(name: string, queries: { query: string; params: unknown[] }[]): Promise<string> {
  const out = [`## ${name}\n`];
  for (const { query, params } of queries) {
    const inlined = query.replace(/\$(\d+)/g, (_, i: string) => literal(params[Number(i) - 1]));
    const result = await db.execute(sql.raw(`explain (analyze, buffers, costs off) ${inlined}`));
    // Long literal lists (a search's 500 title-match ids) are cut: the plan's shape is what matters.
    const plan = (result as unknown as { rows: Record<string, string>[] }).rows
      .map((r) => String(Object.values(r)[0]))
      .map((line) => (line.length > 400 ? `${line.slice(0, 400)} …` : line))
      .join("\n");
    const seqScans = [...new Set([...plan.matchAll(/Seq Scan on (\w+)/g)].map((m) => m[1]))];
    out.push("```sql\n" + (inlined.length > 600 ? `${inlined.slice(0, 600)} …` : inlined) + "\n```\n");
    out.push("```\n" + plan + "\n```\n");
    if (seqScans.length) out.push(`Sequential scans: ${seqScans.join(", ")}\n`);
  }
  return out.join("\n");
}
