// `npm run bench:ranking -- --data-dir DIR`: what one ranked "For you" page costs the app in CPU, in one process,
// without HTTP or a load generator (docs/performance.md § Ranked pages made cheaper). It takes the returning visitors
// with a taste that `npm run bench` made in DIR (bench-taste-visitors.json) on the same database, reads each one's
// history once, then ranks their pages (`rankedFeedPage`: the shared pools from memory once read, their own
// exploration stretch read per page, the scoring) one after another in passes, printing CPU and wall time per page.
// Compare two versions of the code by running this script from each, alternated (A B B A), on one quiet machine.
//
//   DATABASE_URL=postgres://… npm run bench:ranking -- --data-dir /tmp/bench-pg [--pages 1000] [--passes 5]
//   npm run bench:ranking -- --data-dir /tmp/bench-pglite   (PGlite: the database in DIR, as the bench left it)
import { readFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { openDatabase } from "~/lib/db.server";
import { FEED_PAGE_SIZE, rankedFeedPage, visitorHistory } from "~/features/feed/index.server";

const { values: args } = parseArgs({
  options: {
    "data-dir": { type: "string" },
    pages: { type: "string", default: "1000" },
    passes: { type: "string", default: "5" },
    visitors: { type: "string", default: "100" },
  },
});
if (!args["data-dir"]) throw new Error("usage: bench:ranking -- --data-dir DIR (a data directory `npm run bench` used)");
const dataDir = path.resolve(args["data-dir"]);
const [pages, passes] = [Number(args.pages), Number(args.passes)];

const cookies = JSON.parse(readFileSync(path.join(dataDir, "bench-taste-visitors.json"), "utf8")) as { cookie: string }[];
const visitors = cookies.slice(0, Number(args.visitors)).map(({ cookie }) => {
  const id = /spicy_uid=([0-9a-f-]{36})\./.exec(cookie)?.[1];
  const seed = /feed_seed=([0-9a-f]+)/.exec(cookie)?.[1];
  if (!id || !seed) throw new Error("a bench visitor without a signed visitor id or a feed seed");
  return { owner: { anonymousId: id }, seed };
});

const databaseUrl = process.env.DATABASE_URL;
const handle = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir });
const now = new Date();
const histories = await Promise.all(visitors.map((visitor) => visitorHistory(handle.db, visitor.owner, now)));

/** `count` pages, each of one visitor from one of the first four pages' positions, as the bench's visitors page. */
async function rank(count: number) {
  for (let i = 0; i < count; i++) {
    const at = i % visitors.length;
    await rankedFeedPage(handle.db, {
      filters: { category: null, tag: null, period: "ongoing" },
      audience: "hetero",
      now,
      history: histories[at]!,
      shown: [],
      position: 1 + (i % 4) * FEED_PAGE_SIZE,
      count: 2 * FEED_PAGE_SIZE,
      seed: visitors[at]!.seed,
    });
  }
}

// The first pass reads the shared pools and lets the JIT settle.
await rank(Math.min(pages, 300));
for (let pass = 1; pass <= passes; pass++) {
  const [cpu, started] = [process.cpuUsage(), performance.now()];
  await rank(pages);
  const used = process.cpuUsage(cpu);
  const perPage = (ms: number) => (ms / pages).toFixed(3);
  console.log(
    `pass ${pass}: ${perPage((used.user + used.system) / 1000)} ms CPU, ${perPage(performance.now() - started)} ms wall per ranked page`,
  );
}
await handle.close();
