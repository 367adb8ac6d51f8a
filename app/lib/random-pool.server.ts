import { randomBytes } from "node:crypto";

/**
 * Random bytes drawn from the system a page at a time: one call per 4 KiB instead of one per caller. A synchronous
 * `randomBytes` call per response was 5–7 % of a first visit's CPU on `/api/feed` (docs/performance.md § "/api/feed
 * pages as bytes"). Every byte is handed out once.
 */
const POOL_BYTES = 4096;
let pool = Buffer.alloc(0);
let at = 0;

/** `count` (≤ 4096) random bytes never handed out before, as `encoding` text. */
export function pooledRandom(count: number, encoding: "hex" | "base64"): string {
  if (at + count > pool.length) {
    pool = randomBytes(POOL_BYTES);
    at = 0;
  }
  const text = pool.toString(encoding, at, at + count);
  at += count;
  return text;
}
