import { eq, sql } from "drizzle-orm";
import { requestLimits, uploadSpace } from "~schema";
import type { Database } from "~/lib/database";
import { rateLimitKey } from "~/lib/rate-limit.server";
import { UPLOAD_ERRORS, type UploadError } from "./upload-rules";

// Anonymous submissions cannot fill the disk (ADR 099): each address may upload so many bytes a day, and
// files waiting in quarantine may take so many bytes in total. An upload reserves its bytes while it streams,
// each reservation one conditional statement that only succeeds within the quota, so uploads running at the
// same moment cannot pass a quota between them (ADR 114).

const DAY_MS = 24 * 60 * 60 * 1000;
const MB = 1024 * 1024;
/** Bytes reserved at a time while a file streams, so a 50 MB upload takes a few statements, not one per chunk. */
export const RESERVATION_STEP = MB;
/**
 * Streaming reservations untouched this long belong to no live upload (Node ends a request after 5 minutes,
 * and a streaming upload reserves again every megabyte): the next reservation starts from zero, so a server
 * that died mid-upload does not hold space for ever.
 */
const STALE_STREAMING_MS = 10 * 60 * 1000;

export interface UploadQuotas {
  /** UPLOAD_QUOTA_PER_ADDRESS_MB: bytes one address may upload in 24 hours. */
  perAddressMb: number;
  /** UPLOAD_QUOTA_TOTAL_MB: bytes all uploads waiting in quarantine, and those still streaming, may take. */
  totalMb: number;
}

/** The bytes one upload holds while it streams. */
export interface UploadReservation {
  /** Makes sure `bytes` are reserved; null when they are, else why the upload is refused. */
  cover(bytes: number): Promise<UploadError | null>;
  /**
   * Ends the reservation: `keptBytes` of a kept file stay counted against the address (the file's own row now
   * counts in the total, through the `upload_space_keep` trigger); everything else is given back.
   */
  end(keptBytes: number): Promise<void>;
}

/** The address's row: a keyed hash with the server secret, like every limit's (ADR 094) — never a plain hash of the address. */
const addressKey = (secret: string, clientIp: string) => rateLimitKey(secret, `upload-bytes:ip:${clientIp}`);

/** Adds `bytes` to the address's day, only if the day stays within `quota`. */
async function reserveAddressBytes(db: Database, key: string, bytes: number, quota: number, now: number): Promise<boolean> {
  if (bytes > quota) return false;
  const expired = sql`${requestLimits.windowStartedAt} <= ${now - DAY_MS}`;
  const rows = await db
    .insert(requestLimits)
    .values({ key, count: bytes, windowStartedAt: now })
    .onConflictDoUpdate({
      target: requestLimits.key,
      set: {
        count: sql`case when ${expired} then ${bytes} else ${requestLimits.count} + ${bytes} end`,
        windowStartedAt: sql`case when ${expired} then ${now} else ${requestLimits.windowStartedAt} end`,
      },
      setWhere: sql`${expired} or ${requestLimits.count} + ${bytes} <= ${quota}`,
    })
    .returning({ count: requestLimits.count });
  return rows.length > 0;
}

/** Adds `bytes` to the bytes streaming, only if kept and streaming bytes stay within `quota`. */
export async function reserveUploadBytes(db: Database, bytes: number, quota: number, now: number): Promise<boolean> {
  if (bytes > quota) return false;
  const streaming = sql`(case when ${uploadSpace.streamingTouchedAt} <= ${now - STALE_STREAMING_MS} then 0 else ${uploadSpace.streamingBytes} end)`;
  const rows = await db
    .insert(uploadSpace)
    .values({ id: 1, streamingBytes: bytes, streamingTouchedAt: now })
    .onConflictDoUpdate({
      target: uploadSpace.id,
      set: { streamingBytes: sql`${streaming} + ${bytes}`, streamingTouchedAt: now },
      setWhere: sql`${uploadSpace.keptBytes} + ${streaming} + ${bytes} <= ${quota}`,
    })
    .returning({ id: uploadSpace.id });
  return rows.length > 0;
}

/** Starts an upload's reservation for `clientIp`; nothing is reserved until the first bytes arrive. */
export function reserveUpload(db: Database, secret: string, clientIp: string, quotas: UploadQuotas): UploadReservation {
  const key = addressKey(secret, clientIp);
  const perAddress = quotas.perAddressMb * MB;
  const total = quotas.totalMb * MB;
  let reserved = 0;

  const take = async (bytes: number): Promise<UploadError | null> => {
    const now = Date.now();
    if (!(await reserveAddressBytes(db, key, bytes, perAddress, now))) return UPLOAD_ERRORS.quota;
    if (!(await reserveUploadBytes(db, bytes, total, now))) {
      await giveBackAddressBytes(db, key, bytes);
      return UPLOAD_ERRORS.full;
    }
    reserved += bytes;
    return null;
  };

  return {
    async cover(bytes) {
      const missing = bytes - reserved;
      if (missing <= 0) return null;
      // A whole step when it fits; near a quota, only what this chunk needs.
      if (missing < RESERVATION_STEP && (await take(RESERVATION_STEP)) === null) return null;
      return take(missing);
    },
    async end(keptBytes) {
      if (reserved === 0) return;
      const held = reserved;
      reserved = 0;
      if (held > keptBytes) await giveBackAddressBytes(db, key, held - keptBytes);
      await db
        .update(uploadSpace)
        .set({ streamingBytes: sql`greatest(${uploadSpace.streamingBytes} - ${held}, 0)` })
        .where(eq(uploadSpace.id, 1));
    },
  };
}

async function giveBackAddressBytes(db: Database, key: string, bytes: number): Promise<void> {
  await db
    .update(requestLimits)
    .set({ count: sql`greatest(${requestLimits.count} - ${bytes}, 0)` })
    .where(eq(requestLimits.key, key));
}
