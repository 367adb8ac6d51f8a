import { and, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { jobs } from "~schema";
import type { Database } from "~/lib/database";
import { enqueueJob, PermanentJobError, type JobHandlers } from "~/lib/jobs/index.server";
import type { Storage } from "~/lib/storage/index.server";
import { backfillFingerprints } from "./catalogue.server";
import { BLOCK_JOB, fingerprintBlock, scanCatalogue, SCAN_JOB } from "./block-list.server";

export const BACKFILL_JOB = "fingerprint-backfill";

const blockPayload = z.object({ blockId: z.uuid() });
const backfillPayload = z.object({ after: z.uuid().nullish() });

function parse<T>(schema: z.ZodType<T>, payload: unknown): T {
  const parsed = schema.safeParse(payload);
  if (!parsed.success) throw new PermanentJobError(`bad payload: ${parsed.error.message}`);
  return parsed.data;
}

/** The takedown jobs: hashing a blocked clip, scanning the catalogue for its copies, fingerprinting the catalogue. */
export function takedownJobs(services: { db: Database; storage: Storage }): JobHandlers {
  return {
    [BLOCK_JOB]: async (payload) => fingerprintBlock(services, parse(blockPayload, payload).blockId),
    [SCAN_JOB]: async (payload) => scanCatalogue(services.db, parse(blockPayload, payload).blockId),
    [BACKFILL_JOB]: async (payload, { signal }) => {
      const { done, last } = await backfillFingerprints(services, parse(backfillPayload, payload).after ?? null, undefined, signal);
      if (last) await enqueueJob(services.db, BACKFILL_JOB, { after: last });
      return { fingerprinted: done, next: last };
    },
  };
}

/** At boot: fingerprint what the catalogue lacks, unless a backfill is already on its way. */
export async function scheduleBackfill(db: Database) {
  const [pending] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.kind, BACKFILL_JOB), inArray(jobs.state, ["queued", "running"])))
    .limit(1);
  if (!pending) await enqueueJob(db, BACKFILL_JOB, {});
}
