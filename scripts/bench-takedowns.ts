// `node --import tsx scripts/bench-takedowns.ts [--frames 2000000]`: how the takedown matcher scales
// (docs/decisions/051-takedown-fingerprints.md). Fills the block list with random 64-bit frame hashes
// (20 per blocked clip), plants one blocked clip and a near copy of it, then times the two lookups
// the product makes: a new clip against the block list, and a blocked clip against the catalogue
// (the same query shape over clip_fingerprints). Runs on DATABASE_URL (a throwaway database: it is
// migrated and filled) or an in-memory PGlite; prints figures, asserts nothing.
import { parseArgs } from "node:util";
import { count, sql } from "drizzle-orm";
import { takedownBlockFrames, takedownBlocks } from "~schema";
import { openDatabase } from "../app/lib/db.server";
import { findBlockedMatch } from "../app/features/takedowns/matcher.server";
import { frameRow } from "../app/features/takedowns/hash";

const { values } = parseArgs({ options: { frames: { type: "string", default: "2000000" } } });
const total = Number(values.frames);
const perBlock = 20;
const url = process.env.DATABASE_URL;
const handle = url ? await openDatabase({ databaseUrl: url }) : await openDatabase({ dataDir: null });
await handle.migrate();
const db = handle.db;

const started = Date.now();
const [{ n: existing } = { n: 0 }] = await db.select({ n: count() }).from(takedownBlockFrames);
// Random frames (a second run on the same database reuses them), written by the database itself: hash = two random 32-bit halves, bands derived.
if (existing < total) {
  await db.execute(sql`insert into takedown_blocks (id, clip_title, reason, state, frames, created_by)
  select gen_random_uuid(), 'bench ' || g, 'report', 'active', ${perBlock}, 'bench' from generate_series(1, ${Math.ceil(total / perBlock)}) g`);
  await db.execute(sql`insert into takedown_block_frames (block_id, frame, hash, band0, band1, band2, band3)
  select block_id, f, h, (h & 65535)::int, ((h >> 16) & 65535)::int, ((h >> 32) & 65535)::int, ((h >> 48) & 65535)::int
  from (select b.id as block_id, f, ((random() * 4294967295)::bigint << 32) # (random() * 4294967295)::bigint as h
        from takedown_blocks b, generate_series(0, ${perBlock - 1}) f) frames`);
  await db.execute(sql`analyze takedown_block_frames`);
}
console.log(
  `${existing >= total ? "reused" : "filled"} ${Math.max(existing, total).toLocaleString("en")} blocked frames in ${((Date.now() - started) / 1000).toFixed(1)} s`,
);

// One blocked clip we know, and a copy of it with 4–8 bits flipped per frame.
const random64 = () => (BigInt(Math.floor(Math.random() * 2 ** 32)) << 32n) | BigInt(Math.floor(Math.random() * 2 ** 32));
const original = Array.from({ length: perBlock }, random64);
const [block] = await db
  .insert(takedownBlocks)
  .values({ clipTitle: "planted", reason: "report", state: "active", frames: perBlock, createdBy: "bench" })
  .returning();
await db.insert(takedownBlockFrames).values(original.map((h, i) => ({ blockId: block!.id, ...frameRow(i, h) })));
const flip = (h: bigint, bits: number) => {
  let out = h;
  for (const bit of new Set(Array.from({ length: bits }, () => Math.floor(Math.random() * 64)))) out ^= 1n << BigInt(bit);
  return out;
};
const copy = original.filter((_, i) => i % 2 === 0).map((h) => flip(h, 4 + Math.floor(Math.random() * 5)));
const stranger = Array.from({ length: 10 }, random64);

const time = async (label: string, run: () => Promise<unknown>) => {
  const samples: number[] = [];
  let result: unknown;
  for (let i = 0; i < 7; i++) {
    const t0 = performance.now();
    result = await run();
    samples.push(performance.now() - t0);
  }
  samples.sort((a, b) => a - b);
  console.log(
    `${label}: median ${samples[3]!.toFixed(1)} ms, max ${samples[6]!.toFixed(1)} ms →`,
    JSON.stringify(result, (_, v) => (typeof v === "bigint" ? String(v) : v)),
  );
};
await time("copy against the block list", async () => {
  const m = await findBlockedMatch(db, copy);
  return m && { title: m.clipTitle, distance: m.distance, coverage: m.coverage };
});
await time("unrelated clip against the block list", () => findBlockedMatch(db, stranger));
await handle.close();
