import { and, asc, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import { clipFingerprints, clipMediaKeys, clips, fingerprintedClips } from "~schema";
import type { Database } from "~/lib/database";
import { withStoredFile } from "~/features/publishing/index.server";
import type { Storage } from "~/lib/storage/index.server";
import { CLIP_FPS, frameRow } from "./hash";
import { hashVideoFrames, type FrameHashes } from "./frames.server";

type Writer = Pick<Database, "insert" | "delete">;

/** Rows per insert: well under PostgreSQL's parameter limit. */
const CHUNK = 500;

export async function insertChunked<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}

/** A clip's frames join the catalogue's fingerprints (inside the transaction that publishes it). */
export async function storeClipFingerprints(tx: Writer, clipId: string, hashes: readonly bigint[]) {
  await tx.delete(clipFingerprints).where(eq(clipFingerprints.clipId, clipId));
  await insertChunked(
    hashes.map((hash, frame) => ({ clipId, ...frameRow(frame, hash) })),
    (chunk) => tx.insert(clipFingerprints).values(chunk).onConflictDoNothing(),
  );
  await tx
    .insert(fingerprintedClips)
    .values({ clipId, frames: hashes.length })
    .onConflictDoUpdate({ target: fingerprintedClips.clipId, set: { frames: hashes.length, fingerprintedAt: new Date() } });
}

/** Clips fingerprinted per backfill job; the next batch is its own job. */
export const BACKFILL_BATCH = 20;

/**
 * Fingerprints published clips that have none yet, in id order after `after`. Clips sharing a
 * video file (the performance seed reuses the demo media) copy the first one's frames instead of
 * running ffmpeg again. Returns the last clip id handled, or null when the catalogue is done.
 */
export async function backfillFingerprints(
  services: { db: Database; storage: Storage },
  after: string | null,
  hash: (file: string) => Promise<FrameHashes> = (file) => hashVideoFrames(file, CLIP_FPS),
  signal?: AbortSignal,
): Promise<{ done: number; last: string | null }> {
  const { db, storage } = services;
  const batch = await db
    .select({ id: clips.id, videoKey: clips.videoKey })
    .from(clips)
    .leftJoin(fingerprintedClips, eq(fingerprintedClips.clipId, clips.id))
    .where(and(eq(clips.status, "published"), isNull(fingerprintedClips.clipId), after ? gt(clips.id, after) : undefined))
    .orderBy(asc(clips.id))
    .limit(BACKFILL_BATCH);
  for (const clip of batch) {
    // A stopping server ends the batch between clips; each clip's fingerprints are already stored, so the job
    // queued again carries on with the clips still missing.
    signal?.throwIfAborted();
    const twin = await framesOfSameFile(db, clip.videoKey);
    const hashes = twin ?? (await withStoredFile(storage, clip.videoKey, hash)).hashes;
    await db.transaction((tx) => storeClipFingerprints(tx, clip.id, hashes));
  }
  return { done: batch.length, last: batch.length === BACKFILL_BATCH ? batch.at(-1)!.id : null };
}

/** The frames of an already fingerprinted clip with the same video file, if there is one. */
async function framesOfSameFile(db: Database, videoKey: string): Promise<bigint[] | null> {
  const [twin] = await db
    .select({ id: clips.id })
    .from(clips)
    .innerJoin(fingerprintedClips, eq(fingerprintedClips.clipId, clips.id))
    // The media-keys GIN index (ADR 009) finds clips by file.
    .where(and(sql`${clipMediaKeys(clips)} @> array[${videoKey}]::text[]`, eq(clips.videoKey, videoKey)))
    .limit(1);
  if (!twin) return null;
  const rows = await db
    .select({ hash: clipFingerprints.hash })
    .from(clipFingerprints)
    .where(inArray(clipFingerprints.clipId, [twin.id]))
    .orderBy(asc(clipFingerprints.frame));
  return rows.map((r) => BigInt.asUintN(64, r.hash));
}
