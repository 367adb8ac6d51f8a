import { createHash } from "node:crypto";
import { and, isNotNull, sql, sum } from "drizzle-orm";
import { contentSubmissions, requestLimits } from "../../../db/schema";
import type { Database } from "~/lib/db.server";
import { UPLOAD_ERRORS, type UploadError } from "./upload-rules";

// Anonymous submissions cannot fill the disk (ADR 099): each address may upload so many bytes a day, and
// files waiting in quarantine may take so many bytes in total. Both are checked while the file streams in.

const DAY_MS = 24 * 60 * 60 * 1000;
const MB = 1024 * 1024;

export interface UploadQuotas {
  /** UPLOAD_QUOTA_PER_ADDRESS_MB: bytes one address may upload in 24 hours. */
  perAddressMb: number;
  /** UPLOAD_QUOTA_TOTAL_MB: bytes all uploads waiting in quarantine may take. */
  totalMb: number;
}

export interface UploadAllowance {
  /** Bytes this upload may have; past them the file is refused with `error`. */
  remaining: number;
  error: UploadError;
}

const addressKey = (clientIp: string) => createHash("sha256").update(`upload-bytes:ip:${clientIp}`).digest("hex");

/** What an address may still upload now: the smaller of its own day's allowance and the room left in quarantine. */
export async function uploadAllowance(db: Database, clientIp: string, quotas: UploadQuotas, now = Date.now()): Promise<UploadAllowance> {
  const [own] = await db
    .select({ count: requestLimits.count })
    .from(requestLimits)
    .where(and(sql`${requestLimits.key} = ${addressKey(clientIp)}`, sql`${requestLimits.windowStartedAt} > ${now - DAY_MS}`));
  const [pending] = await db
    .select({ bytes: sum(contentSubmissions.uploadBytes) })
    .from(contentSubmissions)
    .where(isNotNull(contentSubmissions.uploadKey));
  const ownLeft = quotas.perAddressMb * MB - (own?.count ?? 0);
  const totalLeft = quotas.totalMb * MB - Number(pending?.bytes ?? 0);
  return ownLeft <= totalLeft
    ? { remaining: Math.max(ownLeft, 0), error: UPLOAD_ERRORS.quota }
    : { remaining: Math.max(totalLeft, 0), error: UPLOAD_ERRORS.full };
}

/** Counts a kept upload against its address's day (one upsert, so parallel uploads are all counted). */
export async function recordUpload(db: Database, clientIp: string, bytes: number, now = Date.now()): Promise<void> {
  const expired = sql`${requestLimits.windowStartedAt} <= ${now - DAY_MS}`;
  await db
    .insert(requestLimits)
    .values({ key: addressKey(clientIp), count: bytes, windowStartedAt: now })
    .onConflictDoUpdate({
      target: requestLimits.key,
      set: {
        count: sql`case when ${expired} then ${bytes} else ${requestLimits.count} + ${bytes} end`,
        windowStartedAt: sql`case when ${expired} then ${now} else ${requestLimits.windowStartedAt} end`,
      },
    });
}
