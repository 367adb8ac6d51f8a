import express from "express";
import type { IncomingMessage, ServerResponse } from "node:http";
import { pipeline } from "node:stream";
import { parseRange } from "../app/lib/storage/range";
import {
  contentTypeFor,
  isQuarantineKey,
  isValidMediaKey,
  RangeNotSatisfiableError,
  type ObjectInfo,
  type Storage,
} from "../app/lib/storage/index.server";

export const MEDIA_CACHE_CONTROL = "public, max-age=3600";

/** Answers up to this size (a player's 1 MiB window, a storyboard, captions) are read whole and written at once. */
export const ANSWER_BUFFER_BYTES = 1024 * 1024;

/**
 * Buffers of ANSWER_BUFFER_BYTES handed back once their answer is sent, so a busy /media does not allocate (and the
 * garbage collector free) a megabyte per request: with 100 answers in flight, fresh buffers cost a tenth of the
 * process's time in garbage collection. At most `keep` wait unused, and those no request needed for `idleMs` are let go.
 */
function bufferPool(size: number, keep: number, idleMs: number) {
  const free: Buffer[] = [];
  /** The fewest buffers that were free at once since the last trim: that many were not needed. */
  let unneeded = 0;
  setInterval(() => {
    free.splice(0, unneeded);
    unneeded = free.length;
  }, idleMs).unref();
  return {
    take: () => {
      const buffer = free.pop() ?? Buffer.allocUnsafeSlow(size);
      unneeded = Math.min(unneeded, free.length);
      return buffer;
    },
    give: (buffer: Buffer) => void (free.length < keep && free.push(buffer)),
  };
}

const answerBuffers = bufferPool(ANSWER_BUFFER_BYTES, 128, 30_000);

/** Weak comparison, as If-None-Match requires (RFC 9110 §13.1.2). */
function etagMatches(header: string, etag: string): boolean {
  const bare = (t: string) => t.trim().replace(/^W\//, "");
  return header.trim() === "*" || header.split(",").some((t) => bare(t) === bare(etag));
}

/** Node's request and response: the same code answers inside Express and before it (server/media-fast-path.ts). */
type Request = IncomingMessage;
type Response = ServerResponse;

/** A request header as one string (Node joins repeated ones itself, except for a few that cannot repeat). */
function header(req: Request, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(", ") : value;
}

/** A text or JSON type names its charset, as Express's `res.set` would write it (mime-types' `contentType`). */
function withCharset(type: string): string {
  return /^(text\/|application\/json)/i.test(type) && !/;\s*charset=/i.test(type) ? `${type}; charset=utf-8` : type;
}

/** Sets several headers; Content-Type as Express's `res.set` writes it. */
function setHeaders(res: Response, headers: Record<string, string>): void {
  for (const name in headers) {
    const value = headers[name]!;
    res.setHeader(name, name === "Content-Type" ? withCharset(value) : value);
  }
}

function notModified(req: Request, info: ObjectInfo): boolean {
  const inm = header(req, "if-none-match");
  // When If-None-Match is present, If-Modified-Since must be ignored.
  if (inm !== undefined) return etagMatches(inm, info.etag);
  const ims = Date.parse(header(req, "if-modified-since") ?? "");
  // HTTP dates have whole-second precision; compare at that precision.
  return !Number.isNaN(ims) && Math.floor(info.lastModified.getTime() / 1000) * 1000 <= ims;
}

/** A Range is honoured only if If-Range (when sent) still names this version. */
function rangeApplies(req: Request, info: ObjectInfo): boolean {
  const ifRange = header(req, "if-range");
  if (ifRange === undefined) return true;
  return ifRange.trim() === info.etag || ifRange.trim() === info.lastModified.toUTCString();
}

// res.end rather than res.send: send() would add its own ETag and run its own
// freshness check, which have no business on an error body.
function text(res: Response, status: number, body: string): void {
  // Validators may already be set when storage fails mid-request; an error must
  // not be cached as if it were the immutable object.
  for (const h of ["ETag", "Last-Modified", "Cache-Control"]) res.removeHeader(h);
  res.statusCode = status;
  setHeaders(res, { "Content-Type": "text/plain; charset=utf-8", "Content-Length": String(Buffer.byteLength(body)) });
  res.end(body);
}

function setValidators(res: Response, info: ObjectInfo): void {
  setHeaders(res, {
    ETag: info.etag,
    "Last-Modified": info.lastModified.toUTCString(),
    // Keys are never rewritten in place, but a moderator can withdraw a clip's files at any time:
    // caches keep them an hour at most, then revalidate (a cheap 304 while they are still served).
    "Cache-Control": MEDIA_CACHE_CONTROL,
  });
}

/** The key as the client sent it: everything after the mount point, decoded once. */
function keyFrom(url: string): string | null {
  const raw = url.split("?", 1)[0]!.replace(/^\//, "");
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

export interface MediaRouterOptions {
  /** Storage failures answer 500 without details; this is where they go instead. */
  onError?: (err: unknown, key: string) => void;
  /** Files that exist but must not be served to this request (hidden clips, anything on Conscious Mode): they answer 404. */
  isWithheld?: (key: string, req: IncomingMessage) => boolean | Promise<boolean>;
  /**
   * nginx sends the bytes (ADR 156): once the file may be seen, the answer is only an `X-Accel-Redirect` to this
   * prefix plus the key, which nginx serves from an `internal` location (Range, ETag and sendfile are its own).
   */
  accelRedirect?: string;
}

/**
 * Answers one request for a public media file; `url` is the request's address after the mount point (`/media`), as
 * sent. Never serves `quarantine/`.
 */
export type MediaHandler = (req: Request, res: Response, url: string) => Promise<void>;

export function mediaHandler(storage: Storage, opts: MediaRouterOptions = {}): MediaHandler {
  const onError = opts.onError ?? ((err, key) => console.error(`media: storage error for ${key}`, err));
  return async (req, res, url) => {
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.setHeader("Allow", "GET, HEAD");
      return text(res, 405, "Method Not Allowed");
    }
    const key = keyFrom(url);
    if (key === null || !isValidMediaKey(key)) return text(res, 400, "Bad Request");
    if (isQuarantineKey(key)) return text(res, 404, "Not Found");

    try {
      if (await opts.isWithheld?.(key, req)) return text(res, 404, "Not Found");
      if (opts.accelRedirect) {
        // nginx answers 404 itself for a missing file; the caching header is ours, so a CDN sees the same as without nginx.
        // nginx keeps Content-Type and Cache-Control from this answer: the type is ours because nginx's own list
        // (Debian's mime.types) has no `vtt`, and captions served as octet-stream are not shown.
        setHeaders(res, {
          "X-Accel-Redirect": `${opts.accelRedirect}${key}`,
          "Content-Type": contentTypeFor(key),
          "Cache-Control": MEDIA_CACHE_CONTROL,
          "X-Content-Type-Options": "nosniff",
        });
        res.statusCode = 200;
        return void res.end();
      }
      const info = await storage.head(key);
      if (!info) return text(res, 404, "Not Found");

      setHeaders(res, { "Accept-Ranges": "bytes", "X-Content-Type-Options": "nosniff" });
      if (notModified(req, info)) {
        setValidators(res, info);
        res.statusCode = 304;
        return void res.end();
      }

      const rangeHeader = header(req, "range");
      // Range is defined for GET only (RFC 9110 §14.2); HEAD gets the full headers.
      const range =
        req.method === "GET" && rangeHeader !== undefined && rangeApplies(req, info) ? parseRange(rangeHeader, info.size) : null;
      if (range === "unsatisfiable") {
        res.setHeader("Content-Range", `bytes */${info.size}`);
        return text(res, 416, "Range Not Satisfiable");
      }

      // Only now, so a 416 is not stamped cacheable for a year.
      setValidators(res, info);
      setHeaders(res, { "Content-Type": contentTypeFor(key) });
      if (req.method === "HEAD") {
        res.setHeader("Content-Length", String(info.size));
        res.statusCode = 200;
        return void res.end();
      }

      // Up to a buffer's worth from a local file: one read into a reused buffer and one write, no stream.
      const whole = { start: 0, end: info.size - 1 };
      const wanted = range ?? whole;
      const length = wanted.end - wanted.start + 1;
      if (storage.readInto && length > 0 && length <= ANSWER_BUFFER_BYTES) {
        const buffer = answerBuffers.take();
        const read = await storage.readInto(key, wanted, buffer).catch((err: unknown) => {
          answerBuffers.give(buffer);
          throw err;
        });
        if (read === null) {
          answerBuffers.give(buffer);
          return text(res, 404, "Not Found");
        }
        // The file shrank since head(): its validators are stale, and a short body would break Content-Length.
        if (read !== length) {
          answerBuffers.give(buffer);
          throw new Error(`media: ${key} changed while it was read`);
        }
        if (range) {
          res.statusCode = 206;
          res.setHeader("Content-Range", `bytes ${range.start}-${range.end}/${info.size}`);
        } else res.statusCode = 200;
        res.setHeader("Content-Length", String(length));
        // The buffer is the socket's until the answer is handed to the kernel ('finish'); a connection lost
        // mid-write keeps it, and the garbage collector takes it back.
        res.once("finish", () => answerBuffers.give(buffer));
        return void res.end(length === buffer.length ? buffer : buffer.subarray(0, length));
      }

      const obj = await storage.get(key, range ?? undefined);
      if (!obj) return text(res, 404, "Not Found");
      if (range && obj.range) {
        res.statusCode = 206;
        res.setHeader("Content-Range", `bytes ${obj.range.start}-${obj.range.end}/${obj.size}`);
        res.setHeader("Content-Length", String(obj.range.end - obj.range.start + 1));
      } else {
        res.statusCode = 200;
        res.setHeader("Content-Length", String(obj.size));
      }
      // pipeline destroys the source when the client goes away mid-download.
      pipeline(obj.body, res, (err) => {
        // Premature close is the client hanging up, not a storage fault.
        if (err && err.code !== "ERR_STREAM_PREMATURE_CLOSE") onError(err, key);
      });
    } catch (err) {
      if (err instanceof RangeNotSatisfiableError) {
        // The object shrank between head() and get().
        return text(res, 416, "Range Not Satisfiable");
      }
      onError(err, key);
      if (res.headersSent) res.destroy();
      else text(res, 500, "Storage Error");
    }
  };
}

/** Public media files, mounted at `/media`. Never serves `quarantine/`. */
export function mediaRouter(storage: Storage, opts: MediaRouterOptions = {}): express.Router {
  const handle = mediaHandler(storage, opts);
  const router = express.Router();
  // router.use, not a route pattern: we want the raw, undecoded path so that
  // encoded slashes and dots are judged after exactly one decode.
  router.use((req, res) => handle(req, res, req.url));
  return router;
}
