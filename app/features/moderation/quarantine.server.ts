import { eq } from "drizzle-orm";
import { Readable } from "node:stream";
import { contentSubmissions } from "~schema";
import type { Database } from "~/lib/database";
import { parseRange } from "~/lib/storage/range";
import type { Storage } from "~/lib/storage/index.server";
import { isUuidV4 } from "~/lib/uuid";

export interface QuarantinedUpload {
  key: string;
  type: string;
}

/** The file a submission still holds in quarantine, if any. */
export async function quarantinedUpload(db: Database, submissionId: string): Promise<QuarantinedUpload | null> {
  if (!isUuidV4(submissionId)) return null;
  const [row] = await db
    .select({ key: contentSubmissions.uploadKey, type: contentSubmissions.uploadType })
    .from(contentSubmissions)
    .where(eq(contentSubmissions.id, submissionId))
    .limit(1);
  return row?.key && row.type ? { key: row.key, type: row.type } : null;
}

/**
 * A rejected submission keeps no file: its quarantined upload is deleted and the row forgets it
 * (the file's name, type and size stay for the record). Material refused by a moderator — possibly
 * unlawful — is not kept around unpublished.
 */
export async function discardUpload(db: Database, storage: Storage, submissionId: string): Promise<void> {
  const upload = await quarantinedUpload(db, submissionId);
  if (!upload) return;
  await db.update(contentSubmissions).set({ uploadKey: null }).where(eq(contentSubmissions.id, submissionId));
  await storage.delete(upload.key);
}

/**
 * A quarantined file for a moderator's eyes only: never cached, never sniffed
 * into another type, sandboxed should a crafted file pretend to be a page,
 * with single byte ranges so a video can be scrubbed.
 */
export async function quarantineResponse(storage: Storage, upload: QuarantinedUpload, request: Request): Promise<Response> {
  const headers = new Headers({
    "Content-Type": upload.type,
    "Cache-Control": "private, no-store",
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "sandbox; default-src 'none'",
    "Content-Disposition": "inline",
    "Accept-Ranges": "bytes",
  });
  const info = await storage.head(upload.key);
  if (!info) return new Response("Not Found", { status: 404 });
  const range = parseRange(request.headers.get("range") ?? "", info.size);
  if (range === "unsatisfiable") {
    headers.set("Content-Range", `bytes */${info.size}`);
    return new Response(null, { status: 416, headers });
  }
  const object = await storage.get(upload.key, range ?? undefined);
  if (!object) return new Response("Not Found", { status: 404 });
  const served = object.range ?? { start: 0, end: info.size - 1 };
  headers.set("Content-Length", String(served.end - served.start + 1));
  if (object.range) headers.set("Content-Range", `bytes ${served.start}-${served.end}/${info.size}`);
  return new Response(Readable.toWeb(object.body) as ReadableStream, { status: object.range ? 206 : 200, headers });
}
