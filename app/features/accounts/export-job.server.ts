import { and, desc, eq, isNull, lt, or, sql } from "drizzle-orm";
import { z } from "zod";
import { jobs, memberExports } from "~schema";
import type { BrandMode } from "~/lib/brand-mode";
import type { Database } from "~/lib/database";
import { enqueueJob, PermanentJobError, type JobHandlers } from "~/lib/jobs/index.server";
import { keyedHash, verifyKeyedHash } from "~/lib/keys.server";
import { sessionsCsv } from "~/features/conscious/index.server";
import { memberExport } from "./data-export.server";
import type { ExportFormat, ExportStatus } from "./export-status";

// "Download my data" as a job (ADR 187): asking queues it; the job writes the JSON and the sessions CSV into the
// member's row; My account then shows links that work for 24 hours, for that member only (signed in as them, and
// signed by the server), after which an hourly sweep deletes the copy.

export const MEMBER_EXPORT_JOB = "member-export";
export const MEMBER_EXPORT_SWEEP_JOB = "member-export-sweep";
export const EXPORT_VALID_MS = 24 * 3_600_000;
const HOUR_MS = 3_600_000;
const PURPOSE = "member-export";

const signature = (secret: string, id: string, userId: string) => keyedHash(secret, PURPOSE, `${id}\u0000${userId}`);

/** The download address of one format; the signature binds it to the export and its member. */
export function exportLink(secret: string, row: { id: string; userId: string }, format: ExportFormat): string {
  return `/my-account/data/${row.id}?format=${format}&sig=${signature(secret, row.id, row.userId)}`;
}

/** Queues an export, unless one is already being prepared for this member; answers whether one was queued. */
export async function requestExport(db: Database, userId: string, brand: BrandMode): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [pending] = await tx
      .select({ id: memberExports.id })
      .from(memberExports)
      .where(and(eq(memberExports.userId, userId), isNull(memberExports.readyAt)))
      .limit(1);
    if (pending) return false;
    const [row] = await tx.insert(memberExports).values({ userId, brand }).returning({ id: memberExports.id });
    await enqueueJob(tx, MEMBER_EXPORT_JOB, { exportId: row!.id }, { subject: `member-export:${row!.id}` });
    return true;
  });
}

/** The member's latest export as My account shows it. */
export async function exportStatus(db: Database, secret: string, userId: string, now = new Date()): Promise<ExportStatus> {
  const [row] = await db
    .select({ id: memberExports.id, createdAt: memberExports.createdAt, expiresAt: memberExports.expiresAt })
    .from(memberExports)
    .where(eq(memberExports.userId, userId))
    .orderBy(desc(memberExports.createdAt))
    .limit(1);
  if (!row) return { state: "none" };
  if (!row.expiresAt) return { state: "preparing", askedAt: row.createdAt.toISOString() };
  if (row.expiresAt <= now) return { state: "none" };
  const ids = { id: row.id, userId };
  return {
    state: "ready",
    expiresAt: row.expiresAt.toISOString(),
    links: { json: exportLink(secret, ids, "json"), csv: exportLink(secret, ids, "csv") },
  };
}

/** Why a download is refused: not this member's (or not signed by the server), or past its 24 hours. */
export type DownloadRefusal = "notFound" | "expired";

/** The file of one export for the signed-in member, or why not. */
export async function exportFile(
  db: Database,
  secret: string,
  input: { id: string; userId: string; format: ExportFormat; sig: string | null; now?: Date },
): Promise<{ body: string } | { refused: DownloadRefusal }> {
  if (!z.uuid().safeParse(input.id).success) return { refused: "notFound" };
  if (!input.sig || !verifyKeyedHash(secret, PURPOSE, `${input.id}\u0000${input.userId}`, input.sig)) return { refused: "notFound" };
  const [row] = await db
    .select({ json: memberExports.json, csv: memberExports.csv, expiresAt: memberExports.expiresAt })
    .from(memberExports)
    .where(and(eq(memberExports.id, input.id), eq(memberExports.userId, input.userId)));
  if (!row) return { refused: "expired" };
  if (!row.expiresAt || row.expiresAt <= (input.now ?? new Date())) return { refused: "expired" };
  const body = input.format === "csv" ? row.csv : row.json;
  return body === null ? { refused: "expired" } : { body };
}

/** Deletes the copies past their 24 hours, and any that a day of waiting never made ready; answers how many. */
export async function sweepExports(db: Database, now = new Date()): Promise<number> {
  const dayAgo = new Date(now.getTime() - EXPORT_VALID_MS);
  const gone = await db
    .delete(memberExports)
    // member_exports_created_idx: a copy expires at least a day after it was asked for.
    .where(and(lt(memberExports.createdAt, dayAgo), or(isNull(memberExports.expiresAt), lt(memberExports.expiresAt, now))))
    .returning({ id: memberExports.id });
  return gone.length;
}

const payloadSchema = z.object({ exportId: z.uuid() });

/** The export's job and the hourly sweep (which books its next run). */
export function exportJobs(services: { db: Database }): JobHandlers {
  const { db } = services;
  return {
    [MEMBER_EXPORT_JOB]: async (raw) => {
      const parsed = payloadSchema.safeParse(raw);
      if (!parsed.success) throw new PermanentJobError(`bad member-export payload: ${parsed.error.message}`);
      const [row] = await db
        .select({ userId: memberExports.userId, brand: memberExports.brand })
        .from(memberExports)
        .where(eq(memberExports.id, parsed.data.exportId));
      // The account (and so the row) was deleted meanwhile.
      if (!row) return { built: false };
      const exported = await memberExport(db, row.userId, row.brand === "conscious" ? "conscious" : "adult");
      if (!exported) return { built: false };
      const json = JSON.stringify(exported, null, 2);
      await db
        .update(memberExports)
        .set({
          json,
          csv: sessionsCsv(exported.consciousMode.sessions),
          readyAt: sql`now()`,
          expiresAt: sql`now() + interval '24 hours'`,
        })
        .where(eq(memberExports.id, parsed.data.exportId));
      return { built: true, bytes: json.length };
    },
    [MEMBER_EXPORT_SWEEP_JOB]: async () => {
      const deleted = await sweepExports(db);
      await enqueueJob(db, MEMBER_EXPORT_SWEEP_JOB, {}, { runAt: new Date(Date.now() + HOUR_MS) });
      return { deleted };
    },
  };
}

/** At boot: make sure a sweep is booked (one at a time, whatever the number of servers that boot). */
export async function scheduleExportSweep(db: Database): Promise<void> {
  const [pending] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(sql`${jobs.kind} = ${MEMBER_EXPORT_SWEEP_JOB} and ${jobs.state} in ('queued', 'running')`)
    .limit(1);
  if (!pending) await enqueueJob(db, MEMBER_EXPORT_SWEEP_JOB, {});
}
