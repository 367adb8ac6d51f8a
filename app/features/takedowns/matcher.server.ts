import { and, desc, eq, inArray, notInArray, or, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { clipFingerprints, clips, takedownBlockFrames, takedownBlocks, type BlockReason } from "~schema";
import type { Database } from "~/lib/database";
import { compareFrames, fromStored, isMatch, probeBands, type Comparison } from "./hash";

// Finding near-duplicate clips without comparing against everything (docs/decisions/051). Step one
// asks the database which owners (blocked clips, or catalogue clips) have frames whose 16-bit bands
// equal, or differ by one bit from, a band of the query's frames: four B-tree index lookups with
// arrays of probe values, grouped and ranked in SQL, at most CANDIDATES owners returned. Step two
// reads only those owners' frames and compares them exactly.

/** Owners checked exactly per query, however many share a band with it. */
export const CANDIDATES = 25;
/** Query frames used to find candidates (spread over the clip); all frames are used to compare. */
const PROBE_FRAMES = 60;

const spread = (hashes: readonly bigint[]) =>
  hashes.length <= PROBE_FRAMES
    ? hashes
    : Array.from({ length: PROBE_FRAMES }, (_, i) => hashes[Math.floor((i * hashes.length) / PROBE_FRAMES)]!);

/** `column = any('{…}'::int[])`: one parameter, read through the column's B-tree index. */
const anyOf = (column: AnyPgColumn, values: number[]) => sql`${column} = any(${`{${values.join(",")}}`}::int[])`;

function bandMatch(
  table: { band0: AnyPgColumn; band1: AnyPgColumn; band2: AnyPgColumn; band3: AnyPgColumn },
  hashes: readonly bigint[],
): SQL {
  const [p0, p1, p2, p3] = probeBands(spread(hashes));
  return or(anyOf(table.band0, p0), anyOf(table.band1, p1), anyOf(table.band2, p2), anyOf(table.band3, p3))!;
}

export interface BlockMatch extends Comparison {
  blockId: string;
  clipId: string | null;
  clipTitle: string;
  reason: BlockReason;
}

/** The active block a new clip's frames match best, or null. */
export async function findBlockedMatch(db: Database, hashes: readonly bigint[]): Promise<BlockMatch | null> {
  if (hashes.length === 0) return null;
  const f = takedownBlockFrames;
  // No join here: joining every band hit to its block cost seconds at two million frames; lifted
  // blocks are few and are dropped below.
  const candidates = await db
    .select({ blockId: f.blockId })
    .from(f)
    .where(bandMatch(f, hashes))
    .groupBy(f.blockId)
    .orderBy(desc(sql`count(*)`))
    .limit(CANDIDATES);
  if (candidates.length === 0) return null;
  const blocks = await db
    .select({ id: takedownBlocks.id, clipId: takedownBlocks.clipId, clipTitle: takedownBlocks.clipTitle, reason: takedownBlocks.reason })
    .from(takedownBlocks)
    .where(
      and(
        inArray(
          takedownBlocks.id,
          candidates.map((c) => c.blockId),
        ),
        eq(takedownBlocks.state, "active"),
      ),
    );
  if (blocks.length === 0) return null;
  const frames = await db
    .select({ blockId: f.blockId, hash: f.hash })
    .from(f)
    .where(
      inArray(
        f.blockId,
        blocks.map((b) => b.id),
      ),
    );
  let best: BlockMatch | null = null;
  for (const block of blocks) {
    const reference = frames.filter((r) => r.blockId === block.id).map((r) => fromStored(r.hash));
    const comparison = compareFrames(hashes, reference);
    if (isMatch(comparison) && (!best || comparison.distance < best.distance))
      best = { blockId: block.id, clipId: block.clipId, clipTitle: block.clipTitle, reason: block.reason, ...comparison };
  }
  return best;
}

export interface CatalogueMatch extends Comparison {
  clipId: string;
}

/** Published clips (other than `excluding`) that look like copies of a blocked clip's frames. */
export async function findCatalogueCopies(
  db: Database,
  blockHashes: readonly bigint[],
  excluding: readonly string[],
): Promise<CatalogueMatch[]> {
  if (blockHashes.length === 0) return [];
  const f = clipFingerprints;
  const ranked = await db
    .select({ clipId: f.clipId })
    .from(f)
    .where(and(bandMatch(f, blockHashes), excluding.length > 0 ? notInArray(f.clipId, [...excluding]) : undefined))
    .groupBy(f.clipId)
    .orderBy(desc(sql`count(*)`))
    .limit(CANDIDATES);
  if (ranked.length === 0) return [];
  // Published ones only (hidden clips are few, so they are dropped here rather than joined above).
  const candidates = await db
    .select({ clipId: clips.id })
    .from(clips)
    .where(
      and(
        inArray(
          clips.id,
          ranked.map((c) => c.clipId),
        ),
        eq(clips.status, "published"),
      ),
    );
  if (candidates.length === 0) return [];
  const frames = await db
    .select({ clipId: f.clipId, hash: f.hash })
    .from(f)
    .where(
      inArray(
        f.clipId,
        candidates.map((c) => c.clipId),
      ),
    )
    .orderBy(f.clipId, f.frame);
  return candidates
    .map(({ clipId }) => ({
      clipId,
      ...compareFrames(
        frames.filter((r) => r.clipId === clipId).map((r) => fromStored(r.hash)),
        blockHashes,
      ),
    }))
    .filter(isMatch)
    .sort((a, b) => a.distance - b.distance);
}
