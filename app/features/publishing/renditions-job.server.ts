import { and, asc, eq, gt, sql } from "drizzle-orm";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { z } from "zod";
import { clips, type ClipRendition } from "~schema";
import type { Database } from "~/lib/database";
import { enqueueJob, PermanentJobError, type JobHandlers } from "~/lib/jobs/index.server";
import { derivedFolder, renditionKey, storyboardImageKey, storyboardIndexKey } from "~/lib/storage/derived-keys";
import type { Storage } from "~/lib/storage/storage.server";
import { locateFfmpeg } from "./ffmpeg.server";
import { makeRenditions } from "./renditions.server";

// The renditions of a clip are made after it is published, by a background job (ADR 155): publishing
// answers as soon as the source is stored, the player uses the source alone until the rungs exist.

export const RENDITIONS_JOB = "clip-renditions";
export const RENDITIONS_BACKFILL_JOB = "renditions-backfill";
/** Clips queued per backfill step; the step then queues the next one. */
const BACKFILL_STEP = 50;

type Writer = Parameters<typeof enqueueJob>[0];

/** Queues the renditions of one clip; pass the publishing transaction so the job exists exactly when the clip does. */
export function enqueueRenditions(db: Writer, clipId: string) {
  return enqueueJob(db, RENDITIONS_JOB, { clipId }, { subject: `clips:${clipId}` });
}

const clipPayload = z.object({ clipId: z.uuid() });
const backfillPayload = z.object({ after: z.uuid().nullish() });

function parse<T>(schema: z.ZodType<T>, payload: unknown): T {
  const parsed = schema.safeParse(payload);
  if (!parsed.success) throw new PermanentJobError(`bad payload: ${parsed.error.message}`);
  return parsed.data;
}

// One encode at a time per process, whatever the number of job loops: two cores are shared with the site.
let encoding: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const run = encoding.then(work, work);
  encoding = run.catch(() => {});
  return run;
}

export interface RenditionServices {
  db: Database;
  storage: Storage;
  /** Where FFMPEG_PATH / FFPROBE_PATH / PATH are read; process.env by default. */
  processEnv?: NodeJS.ProcessEnv;
}

/** Makes and stores the renditions and storyboard of one clip, then records them on the clip. */
export async function renderClip(services: RenditionServices, clipId: string) {
  const { db, storage } = services;
  const [clip] = await db.select({ videoKey: clips.videoKey, renditions: clips.renditions }).from(clips).where(eq(clips.id, clipId));
  if (!clip) return { skipped: "no such clip" };
  if (clip.renditions.length > 0) return { skipped: "already made" };
  const folder = derivedFolder(clip.videoKey);
  if (!folder) return { skipped: "not a clip video" };

  const tools = await locateFfmpeg(services.processEnv);
  return oneAtATime(async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "renditions-"));
    try {
      const source = await storage.get(clip.videoKey);
      if (!source) throw new PermanentJobError(`the video ${clip.videoKey} is not in storage`);
      const sourceFile = path.join(dir, "source.mp4");
      await pipeline(source.body, createWriteStream(sourceFile));
      const made = await makeRenditions(sourceFile, dir, tools);
      const stored: string[] = [];
      for (const rendition of made.renditions) {
        await storage.put(renditionKey(folder, rendition.shortSide), createReadStream(rendition.file), { contentType: "video/mp4" });
        stored.push(`${rendition.shortSide}p`);
      }
      if (made.storyboard) {
        await storage.put(storyboardImageKey(folder), await readFile(made.storyboard.imageFile), { contentType: "image/jpeg" });
        await storage.put(storyboardIndexKey(folder), await readFile(made.storyboard.indexFile), { contentType: "text/vtt" });
      }
      const renditions: ClipRendition[] = [...made.renditions.map(({ file: _file, ...rung }) => rung), made.source];
      const storyboard = made.storyboard ? (({ imageFile: _image, indexFile: _index, ...layout }) => layout)(made.storyboard) : null;
      await db.update(clips).set({ renditions, storyboard }).where(eq(clips.id, clipId));
      return { renditions: stored, storyboard: storyboard !== null };
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
}

/** Queues the renditions of up to BACKFILL_STEP clips that lack them, after `after` in id order; returns the last id. */
export async function backfillRenditionsStep(db: Database, after: string | null) {
  const rows = await db
    .select({ id: clips.id })
    .from(clips)
    .where(and(sql`${clips.renditions} = '[]'::jsonb`, after ? gt(clips.id, after) : undefined))
    .orderBy(asc(clips.id))
    .limit(BACKFILL_STEP);
  for (const row of rows) await enqueueRenditions(db, row.id);
  return { queued: rows.length, last: rows.length === BACKFILL_STEP ? rows.at(-1)!.id : null };
}

/** Queues a backfill of the whole catalogue; it walks on by itself, one step per job. */
export const startRenditionsBackfill = (db: Database) => enqueueJob(db, RENDITIONS_BACKFILL_JOB, {});

export function renditionJobs(services: RenditionServices): JobHandlers {
  return {
    [RENDITIONS_JOB]: async (payload) => renderClip(services, parse(clipPayload, payload).clipId),
    [RENDITIONS_BACKFILL_JOB]: async (payload) => {
      const { queued, last } = await backfillRenditionsStep(services.db, parse(backfillPayload, payload).after ?? null);
      if (last) await enqueueJob(services.db, RENDITIONS_BACKFILL_JOB, { after: last });
      return { queued, next: last };
    },
  };
}
