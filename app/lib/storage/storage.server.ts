import type { Readable } from "node:stream";

export interface ObjectInfo {
  /** Size of the whole object in bytes. */
  size: number;
  contentType: string;
  /** Quoted entity tag, ready for the `ETag` header. */
  etag: string;
  lastModified: Date;
}

export interface StoredObject extends ObjectInfo {
  body: Readable;
  /**
   * Bytes actually in `body` (inclusive) when a range was asked for; the end is
   * clamped to the object's last byte. `size` stays the whole object's size so
   * callers can build `Content-Range`.
   */
  range?: ByteRange;
}

/** Inclusive byte range, as in HTTP `Range: bytes=start-end`. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface Storage {
  readonly driver: "local" | "s3";
  put(key: string, body: Buffer | Readable, opts?: { contentType?: string }): Promise<void>;
  /** null when the object does not exist. */
  head(key: string): Promise<ObjectInfo | null>;
  /**
   * null when the object does not exist. Throws `RangeNotSatisfiableError` when
   * `range.start` is at or past the end of the object.
   */
  get(key: string, range?: ByteRange): Promise<StoredObject | null>;
  /**
   * Local files only: reads `range` (inclusive, within the object) into the start of `target` and returns how many
   * bytes it read — fewer only if the object shrank — or null when the object does not exist. One read instead of a
   * stream, for answers that fit one buffer (docs/decisions/220-media-at-nginx-speed.md).
   */
  readInto?(key: string, range: ByteRange, target: Buffer): Promise<number | null>;
  /** Deleting a missing object is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}

export class RangeNotSatisfiableError extends RangeError {
  constructor(
    readonly key: string,
    readonly range: ByteRange,
  ) {
    super(`range ${range.start}-${range.end} not satisfiable for ${key}`);
    this.name = "RangeNotSatisfiableError";
  }
}

export const MAX_KEY_LENGTH = 512;

// Only this alphabet is allowed, so `%`, `\`, NUL, spaces and unicode tricks are
// all refused by construction rather than by a deny-list.
const SEGMENT = /^[A-Za-z0-9._-]+$/;

/**
 * A key is a relative POSIX path of `[A-Za-z0-9._-]+` segments. It must be
 * checked after URL-decoding, so encoded traversal (`%2e%2e`, `%2f`) arrives
 * here as `..` or `/` and is judged like the plain form.
 */
export function isValidMediaKey(key: string): boolean {
  if (typeof key !== "string" || key.length === 0 || key.length > MAX_KEY_LENGTH) return false;
  return key.split("/").every((s) => SEGMENT.test(s) && s !== "." && s !== "..");
}

/**
 * Uploads awaiting moderation live under `quarantine/` and must never be served.
 * Case-insensitive because a local driver on a case-insensitive filesystem
 * (macOS, Windows) would otherwise serve `Quarantine/x` from the same file.
 */
export function isQuarantineKey(key: string): boolean {
  return key.split("/", 1)[0]?.toLowerCase() === "quarantine";
}

const TYPES: Record<string, string> = {
  mp4: "video/mp4",
  webm: "video/webm",
  mov: "video/quicktime",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  json: "application/json",
  vtt: "text/vtt; charset=utf-8",
};

export function contentTypeFor(key: string): string {
  const name = key.slice(key.lastIndexOf("/") + 1);
  const dot = name.lastIndexOf(".");
  if (dot <= 0) return "application/octet-stream";
  return TYPES[name.slice(dot + 1).toLowerCase()] ?? "application/octet-stream";
}

/** `end` may be Infinity, meaning "to the end of the object". */
export function assertValidRange({ start, end }: ByteRange): void {
  const endOk = Number.isSafeInteger(end) || end === Infinity;
  if (!Number.isSafeInteger(start) || start < 0 || !endOk || end < start) {
    throw new TypeError(`invalid byte range ${start}-${end}`);
  }
}

/** Validates a requested range against an object size; returns the clamped range. */
export function clampRange(key: string, range: ByteRange, size: number): ByteRange {
  assertValidRange(range);
  const { start, end } = range;
  if (start >= size) throw new RangeNotSatisfiableError(key, range);
  return { start, end: Math.min(end, size - 1) };
}

export function assertValidKey(key: string): void {
  if (!isValidMediaKey(key)) throw new TypeError(`invalid media key: ${JSON.stringify(key)}`);
}
