import { and, eq, inArray, ne } from "drizzle-orm";
import { clips, takedownBlockFrames, takedownBlocks, takedownMatches, type BlockReason } from "~schema";
import type { Database } from "~/lib/database";
import { enqueueJob, PermanentJobError } from "~/lib/jobs/index.server";
import { withStoredFile } from "~/features/publishing/index.server";
import type { Storage } from "~/lib/storage/index.server";
import { BLOCK_FPS, frameRow, fromStored } from "./hash";
import { hashVideoFrames, type FrameHashes } from "./frames.server";
import { insertChunked } from "./catalogue.server";
import { findCatalogueCopies } from "./matcher.server";

// The block list (ADR 051): a clip hidden because of a removal claim or a report leaves its
// frames here, hashed by a job; then a second job looks for copies already in the catalogue.

export const BLOCK_JOB = "takedown-block";
export const SCAN_JOB = "takedown-scan";

type Tx = Pick<Database, "insert" | "update" | "select">;

export interface BlockRequest {
  clipId: string;
  reason: BlockReason;
  itemQueue: string | null;
  itemId: string | null;
  /** Who took it down (a moderator's e-mail, or "cli"). */
  by: string;
}

/** Adds a clip to the block list (inside the transaction that hides it); its frames are hashed by a job. */
export async function addBlock(tx: Tx, request: BlockRequest): Promise<string | null> {
  const [clip] = await tx.select({ title: clips.title }).from(clips).where(eq(clips.id, request.clipId)).limit(1);
  if (!clip) return null;
  const [block] = await tx
    .insert(takedownBlocks)
    .values({
      clipId: request.clipId,
      clipTitle: clip.title,
      reason: request.reason,
      itemQueue: request.itemQueue,
      itemId: request.itemId,
      createdBy: request.by,
    })
    .returning({ id: takedownBlocks.id });
  await enqueueJob(tx, BLOCK_JOB, { blockId: block!.id }, { subject: `clip:${request.clipId}` });
  return block!.id;
}

/** A clip shown again is no longer blocked (its frames stay, unused, for the record). */
export async function liftBlocks(tx: Tx, clipId: string): Promise<number> {
  const lifted = await tx
    .update(takedownBlocks)
    .set({ state: "lifted", liftedAt: new Date() })
    .where(and(eq(takedownBlocks.clipId, clipId), ne(takedownBlocks.state, "lifted")))
    .returning({ id: takedownBlocks.id });
  return lifted.length;
}

/** Hashes a block's clip (twice per second) and makes the block active; then queues the catalogue scan. */
export async function fingerprintBlock(
  services: { db: Database; storage: Storage },
  blockId: string,
  hash: (file: string) => Promise<FrameHashes> = (file) => hashVideoFrames(file, BLOCK_FPS),
) {
  const { db, storage } = services;
  const [block] = await db
    .select({ state: takedownBlocks.state, videoKey: clips.videoKey })
    .from(takedownBlocks)
    .leftJoin(clips, eq(clips.id, takedownBlocks.clipId))
    .where(eq(takedownBlocks.id, blockId))
    .limit(1);
  if (!block) throw new PermanentJobError(`no block ${blockId}`);
  if (block.state === "lifted") return { frames: 0, lifted: true };
  if (!block.videoKey) throw new PermanentJobError(`block ${blockId} has no clip video`);
  const { hashes } = await withStoredFile(storage, block.videoKey, hash);
  await db.transaction(async (tx) => {
    await tx.delete(takedownBlockFrames).where(eq(takedownBlockFrames.blockId, blockId));
    await insertChunked(
      hashes.map((h, frame) => ({ blockId, ...frameRow(frame, h) })),
      (chunk) => tx.insert(takedownBlockFrames).values(chunk),
    );
    const activated = await tx
      .update(takedownBlocks)
      .set({ state: "active", frames: hashes.length })
      .where(and(eq(takedownBlocks.id, blockId), ne(takedownBlocks.state, "lifted")))
      .returning({ id: takedownBlocks.id });
    if (activated.length > 0 && hashes.length > 0) await enqueueJob(tx, SCAN_JOB, { blockId }, { subject: `block:${blockId}` });
  });
  return { frames: hashes.length };
}

/** Looks through the published catalogue for copies of a blocked clip and queues each for review. */
export async function scanCatalogue(db: Database, blockId: string) {
  const [block] = await db
    .select({ clipId: takedownBlocks.clipId, state: takedownBlocks.state })
    .from(takedownBlocks)
    .where(eq(takedownBlocks.id, blockId))
    .limit(1);
  if (!block || block.state !== "active") return { copies: 0 };
  const frames = await db
    .select({ hash: takedownBlockFrames.hash })
    .from(takedownBlockFrames)
    .where(eq(takedownBlockFrames.blockId, blockId));
  const copies = await findCatalogueCopies(
    db,
    frames.map((f) => fromStored(f.hash)),
    block.clipId ? [block.clipId] : [],
  );
  if (copies.length > 0) {
    await db
      .insert(takedownMatches)
      .values(copies.map((c) => ({ blockId, clipId: c.clipId, distance: c.distance, coverage: c.coverage })))
      .onConflictDoNothing();
  }
  return { copies: copies.length, clips: copies.map((c) => c.clipId) };
}

/** The blocks of some clips (for the clip and item pages). */
export async function blocksOfClips(db: Database, clipIds: string[]) {
  if (clipIds.length === 0) return [];
  return db.select().from(takedownBlocks).where(inArray(takedownBlocks.clipId, clipIds));
}
