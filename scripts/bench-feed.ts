// `npm run bench:feed`: the feed's quality, measured (ADR 160). Simulated visitors with hidden tastes — one category,
// two tags or one creator — watch their "For you" feed, ranked by the server's own code on a seeded synthetic
// catalogue, finishing the clips they prefer and skipping the rest after a second; the watches go through the
// signal commit as the browser sends them. Printed per window of 10 clips: the share of preferred clips, for the
// ranking and for today's shuffle of the newest 500 (ADR 072), and the catalogue coverage of each (the share of
// clips shown at least once across visitors).
//
//   npm run bench:feed -- [--clips 100000] [--visitors 200] [--watch 100] [--json <file>] [--seeded]
//
// A fresh PGlite database in a temporary folder, or the (throwaway) PostgreSQL database of BENCH_DATABASE_URL.
// `--seeded` takes the catalogue already there instead of seeding one: seed once (`--visitors 0`), then run on copies
// (`createdb -T <seeded> <copy>`), since a run's watches change the catalogue's hot scores.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { openDatabase } from "../app/lib/db.server";
import { shuffled } from "../app/features/feed/feed-cache.server";
import { loadSimCatalogue, seedSimCatalogue, tasteOf, watchFeed } from "./support/feed-simulation";

const arg = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? Number(process.argv[at + 1]) : fallback;
};
const jsonAt = process.argv.indexOf("--json");
const clipCount = arg("clips", 100_000);
const visitors = arg("visitors", 200);
const watch = arg("watch", 100);
const WINDOW = 10;

const dir = process.env.BENCH_DATABASE_URL ? null : mkdtempSync(path.join(os.tmpdir(), "bench-feed-"));
const handle = process.env.BENCH_DATABASE_URL
  ? await openDatabase({ databaseUrl: process.env.BENCH_DATABASE_URL })
  : await openDatabase({ dataDir: dir! });
await handle.migrate();
const { db } = handle;

const started = Date.now();
const catalogue = process.argv.includes("--seeded")
  ? await loadSimCatalogue(db)
  : await seedSimCatalogue(db, {
      clips: clipCount,
      categories: 12,
      creators: Math.max(20, Math.round(clipCount / 250)),
      tags: 60,
      spanDays: 730,
    });
console.log(
  `catalogue: ${catalogue.clips.size} clips, 12 categories, ${catalogue.creatorIds.length} creators, 60 tags (${((Date.now() - started) / 1000).toFixed(0)} s)`,
);

const windows = Math.ceil(watch / WINDOW);
const ranked = { preferred: new Array<number>(windows).fill(0), shown: new Array<number>(windows).fill(0), seen: new Set<string>() };
const shuffle = { preferred: new Array<number>(windows).fill(0), shown: new Array<number>(windows).fill(0), seen: new Set<string>() };
const byTaste = new Map<string, { preferred: number[]; shown: number[] }>();
const count = (into: typeof ranked, ids: string[], prefers: (id: string) => boolean) => {
  ids.forEach((id, i) => {
    into.seen.add(id);
    into.shown[Math.floor(i / WINDOW)]! += 1;
    if (prefers(id)) into.preferred[Math.floor(i / WINDOW)]! += 1;
  });
};

const rankingStarted = Date.now();
for (let n = 0; n < visitors; n++) {
  const taste = tasteOf(catalogue, n);
  const prefers = (id: string) => taste.prefers(catalogue.clips.get(id)!);
  const { shown } = await watchFeed(db, { catalogue, prefers: taste.prefers, count: watch });
  count(ranked, shown, prefers);
  const kind = byTaste.get(taste.name) ?? { preferred: new Array<number>(windows).fill(0), shown: new Array<number>(windows).fill(0) };
  shown.forEach((id, i) => {
    kind.shown[Math.floor(i / WINDOW)]! += 1;
    if (prefers(id)) kind.preferred[Math.floor(i / WINDOW)]! += 1;
  });
  byTaste.set(taste.name, kind);
  // Today's feed for the same visitor: the newest clip first, then the newest 500 in the visitor's shuffle.
  const [lead, ...rest] = catalogue.newest;
  const order = [
    lead!,
    ...shuffled(
      rest.map((id) => ({ id })),
      randomUUID().slice(0, 16),
    ).map((clip) => clip.id),
  ];
  count(shuffle, order.slice(0, watch), prefers);
  if ((n + 1) % 20 === 0)
    console.log(
      `  ${n + 1}/${visitors} visitors (${((Date.now() - rankingStarted) / 1000).toFixed(0)} s): For you has shown ${ranked.seen.size} ` +
        `distinct clips in ${ranked.shown.reduce((a, b) => a + b, 0)} places, the shuffle ${shuffle.seen.size}`,
    );
}

const pct = (a: number, b: number) => (b ? (100 * a) / b : 0);
const rows = Array.from({ length: windows }, (_, w) => ({
  window: `${w * WINDOW + 1}–${(w + 1) * WINDOW}`,
  rankedPreferred: pct(ranked.preferred[w]!, ranked.shown[w]!),
  shufflePreferred: pct(shuffle.preferred[w]!, shuffle.shown[w]!),
  ...Object.fromEntries([...byTaste].map(([name, kind]) => [name, pct(kind.preferred[w]!, kind.shown[w]!)])),
}));
const coverage = { ranked: pct(ranked.seen.size, catalogue.clips.size), shuffle: pct(shuffle.seen.size, catalogue.clips.size) };
console.log(
  `\n${visitors} visitors × ${watch} clips, load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}`,
);
console.log(`window     For you   shuffle   ${[...byTaste.keys()].map((k) => k.padEnd(9)).join(" ")}`);
for (const row of rows) {
  const kinds = [...byTaste.keys()].map((k) => `${(row as Record<string, unknown>)[k] as number}`.slice(0, 5).padEnd(9)).join(" ");
  console.log(
    `${row.window.padEnd(10)} ${row.rankedPreferred.toFixed(1).padStart(6)} %  ${row.shufflePreferred.toFixed(1).padStart(6)} %  ${kinds}`,
  );
}
const after30 = rows.slice(3);
const ratio =
  after30.reduce((sum, row) => sum + row.rankedPreferred, 0) /
  Math.max(
    after30.reduce((sum, row) => sum + row.shufflePreferred, 0),
    1e-9,
  );
console.log(`\npreferred share after 30 clips: ${ratio.toFixed(1)}× the shuffle's (target ≥ 3×)`);
console.log(
  `coverage: For you ${coverage.ranked.toFixed(2)} % (${ranked.seen.size} clips), shuffle ${coverage.shuffle.toFixed(2)} % (${shuffle.seen.size}): ` +
    `${(coverage.ranked / Math.max(coverage.shuffle, 1e-9)).toFixed(1)}× (target ≥ 20×)`,
);
console.log(`ranking time: ${((Date.now() - rankingStarted) / 1000).toFixed(0)} s`);
if (jsonAt >= 0)
  writeFileSync(process.argv[jsonAt + 1]!, JSON.stringify({ visitors, watch, clips: clipCount, rows, coverage, ratio }, null, 2));
await handle.close();
if (dir) rmSync(dir, { recursive: true, force: true });
