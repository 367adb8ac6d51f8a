import { AwsClient } from "aws4fetch";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeWebStream } from "node:stream/web";
import {
  assertValidKey,
  assertValidRange,
  contentTypeFor,
  RangeNotSatisfiableError,
  type ObjectInfo,
  type Storage,
  type StoredObject,
} from "./storage.server";

export interface S3Config {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `endpoint/bucket/key` instead of `bucket.endpoint/key`; most S3 clones need it. */
  forcePathStyle: boolean;
}

function infoFrom(key: string, res: Response): ObjectInfo {
  const h = res.headers;
  return {
    size: Number(h.get("content-length") ?? 0),
    contentType: h.get("content-type") ?? contentTypeFor(key),
    etag: h.get("etag") ?? "",
    lastModified: new Date(h.get("last-modified") ?? 0),
  };
}

async function fail(op: string, key: string, res: Response): Promise<never> {
  const detail = (await res.text().catch(() => "")).slice(0, 200);
  throw new Error(`S3 ${op} ${key} failed: ${res.status} ${res.statusText} ${detail}`.trim());
}

/**
 * S3 refuses PUTs without a Content-Length, and a Readable's length is unknown
 * until it ends; spooling to disk learns it without holding a video in memory.
 */
async function spool(body: Readable): Promise<{ file: string; size: number; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), "s3-put-"));
  const file = path.join(dir, "body");
  const cleanup = () => rm(dir, { recursive: true, force: true });
  try {
    await pipeline(body, createWriteStream(file));
    return { file, size: (await stat(file)).size, cleanup };
  } catch (err) {
    await cleanup();
    throw err;
  }
}

export function createS3Storage(cfg: S3Config): Storage {
  const creds = {
    accessKeyId: cfg.accessKeyId,
    secretAccessKey: cfg.secretAccessKey,
    region: cfg.region,
    service: "s3",
  };
  // aws4fetch's default of 10 retries can hold a page request for ~25s of backoff.
  const client = new AwsClient({ ...creds, retries: 3 });
  // aws4fetch retries 5xx by re-sending the same init; a stream body is spent
  // after the first try, so streamed uploads must not be retried.
  const oneShot = new AwsClient({ ...creds, retries: 0 });

  const endpoint = new URL(cfg.endpoint);
  const base = cfg.forcePathStyle
    ? `${endpoint.origin}/${encodeURIComponent(cfg.bucket)}`
    : `${endpoint.protocol}//${cfg.bucket}.${endpoint.host}`;

  function urlFor(key: string): string {
    assertValidKey(key);
    return `${base}/${key.split("/").map(encodeURIComponent).join("/")}`;
  }

  async function head(key: string): Promise<ObjectInfo | null> {
    const res = await client.fetch(urlFor(key), { method: "HEAD" });
    if (res.status === 404) return null;
    if (!res.ok) return fail("HEAD", key, res);
    return infoFrom(key, res);
  }

  return {
    driver: "s3",

    async put(key, body, opts) {
      const url = urlFor(key);
      const contentType = opts?.contentType ?? contentTypeFor(key);
      if (Buffer.isBuffer(body)) {
        const res = await client.fetch(url, {
          method: "PUT",
          headers: { "content-type": contentType },
          body: new Uint8Array(body.buffer, body.byteOffset, body.byteLength) as Uint8Array<ArrayBuffer>,
        });
        if (!res.ok) await fail("PUT", key, res);
        await res.body?.cancel();
        return;
      }
      const spooled = await spool(body);
      try {
        const stream = Readable.toWeb(createReadStream(spooled.file)) as unknown as ReadableStream<Uint8Array>;
        const res = await oneShot.fetch(url, {
          method: "PUT",
          headers: { "content-type": contentType, "content-length": String(spooled.size) },
          body: stream,
        });
        if (!res.ok) await fail("PUT", key, res);
        await res.body?.cancel();
      } finally {
        await spooled.cleanup();
      }
    },

    head,

    async get(key, range): Promise<StoredObject | null> {
      const headers: Record<string, string> = {};
      if (range) assertValidRange(range);
      if (range) headers.range = `bytes=${range.start}-${Number.isFinite(range.end) ? range.end : ""}`;
      const res = await client.fetch(urlFor(key), { headers });
      if (res.status === 404) {
        await res.body?.cancel();
        return null;
      }
      if (res.status === 416 && range) {
        await res.body?.cancel();
        throw new RangeNotSatisfiableError(key, range);
      }
      if (!res.ok || !res.body) return fail("GET", key, res);
      const body = Readable.fromWeb(res.body as unknown as NodeWebStream<Uint8Array>);
      const info = infoFrom(key, res);
      if (!range) return { ...info, body };

      // Content-Range carries both the bytes served and the whole object's size.
      const m = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(res.headers.get("content-range") ?? "");
      if (res.status !== 206 || !m) {
        body.destroy();
        throw new Error(`S3 GET ${key}: expected 206 with Content-Range, got ${res.status}`);
      }
      return { ...info, size: Number(m[3]), range: { start: Number(m[1]), end: Number(m[2]) }, body };
    },

    async delete(key) {
      const res = await client.fetch(urlFor(key), { method: "DELETE" });
      // S3 answers 204 for missing keys too; some clones say 404.
      if (!res.ok && res.status !== 404) await fail("DELETE", key, res);
      await res.body?.cancel();
    },

    async exists(key) {
      return (await head(key)) !== null;
    },
  };
}
