import type { NextFunction, RequestHandler, Response } from "express";
import { AGE_VERIFIED_KEY } from "../app/features/age-gate/index.server";
import { FEED_SEED_COOKIE } from "../app/lib/cookies";
import { AUDIENCE_COOKIE } from "../app/lib/audience";
import { BRAND_MODE_COOKIE } from "../app/lib/brand-mode";
import type { Generation } from "../app/lib/cache/generation.server";
import type { Visitor } from "../app/lib/context";
import { LANGUAGE_COOKIE } from "../app/lib/i18n/languages";
import { recordPersonalReads, type PersonalReads } from "../app/lib/cache/personal-reads.server";
import { ANONYMOUS_ID_KEY, anonymousIdFrom } from "../app/features/flames/index.server";

/**
 * The anonymous micro-cache (docs/decisions/032-anonymous-micro-cache.md, ADR 068): rendered home, video, tag,
 * creator and search pages (and their `.data` twins) kept a few seconds in memory, keyed by every input
 * that changes them — host, path and query, brand mode, language, audience, age state — and dropped as
 * soon as the catalogue's cache generation moves (a hide or a publish shows on the next request).
 *
 * Only visitors without personal state fill it: a request with any cookie outside the known anonymous
 * preferences (a session, a flash message…) is rendered for itself and marked `private, no-store`.
 * A visitor whose only personal cookie is their anonymous flame owner id (`spicy_uid`) is served a
 * stored page when they flamed none of the clips whose flamed state it shows and marked none of the clips it
 * shows as the feed's lead "Not interested" (both recorded while it was rendered,
 * app/lib/cache/personal-reads.server.ts; ADR 183): the page is then exactly what they would be rendered.
 * Only a 200 without Set-Cookie and without `private`/`no-store` is stored. The CSP nonce
 * differs per response: a stored page has its nonce swapped for this response's.
 *
 * A page is stored as its bytes, with the byte offsets of its nonce: a hit copies them and writes the new nonce (the
 * same length) in place. Stored as text, each hit searched and replaced the nonce, counted the UTF-8 length and
 * encoded the page again — a fifth of a stored home page's CPU time in the bench's profile.
 */
export const MICRO_CACHE_PATHS = /^\/(video|tag|creator)\/[^/]+(\.data)?$|^\/search(\.data)?$|^\/(_root\.data)?$/;

/** Cookies that either form part of the key (through the visitor) or do not change these pages. */
const ANONYMOUS_COOKIES = new Set([AGE_VERIFIED_KEY, AUDIENCE_COOKIE, BRAND_MODE_COOKIE, LANGUAGE_COOKIE, FEED_SEED_COOKIE]);

/** Response headers a stored page keeps; everything else (CSP, request ids, dates) is per response. */
const KEPT_HEADERS = ["content-type", "cache-control", "content-language", "link", "x-robots-tag", "vary"];

export interface MicroCacheOptions {
  generation: Generation;
  /** Which of these clips the anonymous flame owner has flamed. */
  flamedAmong: (flameOwnerId: string, clipIds: string[]) => Promise<Set<string>>;
  /** Which of these clips the anonymous visitor marked "Not interested" (a stored page's leads; none when absent). */
  dismissedAmong?: (anonymousId: string, clipIds: string[]) => Promise<Set<string>>;
  ttlMs?: number;
  maxEntries?: number;
  maxBodyBytes?: number;
  /** All stored bodies together; the oldest pages leave first. */
  maxTotalBytes?: number;
}

/**
 * The query parameters these pages read (feed filters, sorting, paging, search, the home page's campaign
 * parameters, the language and local brand switches, React Router's `_routes`). A request with any other
 * parameter is rendered for its visitor and not stored, so cache-busting query strings cannot fill the cache;
 * the key holds the read ones in one order.
 */
export const KEYED_PARAMS = new Set([
  "category",
  "period",
  "tag",
  "audiences",
  "sort",
  "page",
  "q",
  "cta",
  "source",
  "lang",
  "mode",
  "_routes",
]);

/** The path and its read parameters in one order; null when the query has a parameter no page reads. */
function keyedAddress(originalUrl: string): string | null {
  const url = new URL(originalUrl, "http://x");
  const params = [...url.searchParams];
  if (params.some(([name]) => !KEYED_PARAMS.has(name))) return null;
  params.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return params.length ? `${url.pathname}?${new URLSearchParams(params)}` : url.pathname;
}

interface Entry {
  generation: number;
  at: number;
  headers: [string, string | number | string[]][];
  body: Buffer;
  /** The body's size in bytes, counted against maxTotalBytes. */
  bytes: number;
  nonce: string;
  /** Where the nonce's bytes start in the body. */
  nonceAt: number[];
  /** The clips whose flamed state the page shows. */
  flamedStateOf: string[];
  /** The clips it shows as the feed's lead. */
  leads: string[];
}

export function isAnonymous(cookieHeader: string | undefined): boolean {
  return personalCookies(cookieHeader).length === 0;
}

function personalCookies(cookieHeader: string | undefined): string[] {
  if (!cookieHeader) return [];
  return cookieHeader
    .split(";")
    .map((pair) => pair.split("=", 1)[0]!.trim())
    .filter((name) => name !== "" && !ANONYMOUS_COOKIES.has(name));
}

/**
 * Who may be served a stored page: `{ flameOwnerId: null }` for an anonymous visitor, the id for a
 * visitor whose only personal cookie is a well-formed anonymous flame owner id, null for anyone else.
 */
function sharer(cookieHeader: string | undefined): { flameOwnerId: string | null } | null {
  const personal = personalCookies(cookieHeader);
  if (personal.length === 0) return { flameOwnerId: null };
  if (personal.length !== 1 || personal[0] !== ANONYMOUS_ID_KEY) return null;
  // A malformed id names no flame owner: the pages read it as none.
  return { flameOwnerId: anonymousIdFrom(cookieHeader) };
}

export function microCache(options: MicroCacheOptions): RequestHandler & { clear: () => void } {
  const ttlMs = options.ttlMs ?? 5_000;
  const maxEntries = options.maxEntries ?? 2_000;
  const maxBodyBytes = options.maxBodyBytes ?? 512 * 1024;
  const maxTotalBytes = options.maxTotalBytes ?? 64 * 1024 * 1024;
  const entries = new Map<string, Entry>();
  let totalBytes = 0;
  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    totalBytes -= entry.bytes;
    entries.delete(key);
  };
  /** Pages being rendered to be stored, by key: settled once that response is finished or closed. */
  const fillings = new Map<string, Promise<void>>();

  const handler: RequestHandler = (req, res, next) => {
    if (req.method !== "GET" || !MICRO_CACHE_PATHS.test(req.path)) return next();
    const who = res.getHeader("set-cookie") === undefined ? sharer(req.headers.cookie) : null;
    if (!who) return bypass(res, next);
    const address = keyedAddress(req.originalUrl);
    if (address === null) return bypass(res, next);
    const visitor = res.locals.visitor as Visitor;
    const key = [
      req.headers.host ?? "",
      address,
      visitor.brandMode,
      visitor.language,
      visitor.audience,
      visitor.ageVerified,
      visitor.ageGateEnabled,
      visitor.isLoopback,
      // The browser's Save-Data hint starts the lead clip on the smallest rendition (app/shell.server.ts).
      String(req.headers["save-data"] ?? "").toLowerCase() === "on",
    ].join("\u0000");

    // Serves a stored page, or renders one (and stores it for an anonymous visitor), or renders privately.
    const answer = async (): Promise<"served" | "fill" | "bypass"> => {
      const generation = await options.generation.current();
      let hit = entries.get(key);
      const fresh = (entry: Entry | undefined): entry is Entry =>
        entry !== undefined && entry.generation === generation && Date.now() - entry.at < ttlMs;
      const rendering = fillings.get(key);
      if (!fresh(hit) && rendering) {
        // The page is being rendered for another visitor: wait for it instead of rendering it again (a burst
        // of visitors on an expired page rendered it once each, the p99 of the bench's first renders).
        await rendering;
        hit = entries.get(key);
      }
      if (fresh(hit)) {
        const { flameOwnerId } = who;
        const shared =
          !flameOwnerId ||
          ((hit.flamedStateOf.length === 0 || (await options.flamedAmong(flameOwnerId, hit.flamedStateOf)).size === 0) &&
            (hit.leads.length === 0 || !options.dismissedAmong || (await options.dismissedAmong(flameOwnerId, hit.leads)).size === 0));
        if (!shared) return "bypass";
        serve(res, hit, flameOwnerId !== null);
        return "served";
      }
      if (hit) drop(key);
      if (who.flameOwnerId) return "bypass";
      fill(res, key, generation, next);
      return "fill";
    };
    answer().then((outcome) => {
      if (outcome === "bypass") bypass(res, next);
    }, next);
  };

  /** Renders the page for an anonymous visitor, recording its personal reads, and stores it if it may be. */
  function fill(res: Response, key: string, generation: number, next: NextFunction): void {
    let settle!: () => void;
    const filling = new Promise<void>((resolve) => (settle = resolve));
    fillings.set(key, filling);
    const done = () => {
      if (fillings.get(key) === filling) fillings.delete(key);
      settle();
    };
    res.once("finish", done);
    res.once("close", done);
    let reads: PersonalReads | null = null;
    capture(res, (status, body) => {
      if (status !== 200 || res.getHeader("set-cookie") !== undefined || body.length > maxBodyBytes) return;
      if (/private|no-store/.test(String(res.getHeader("cache-control") ?? ""))) return;
      const bytes = body.length;
      if (bytes > maxTotalBytes) return;
      drop(key);
      while (entries.size > 0 && (entries.size >= maxEntries || totalBytes + bytes > maxTotalBytes)) drop(entries.keys().next().value!);
      const headers = KEPT_HEADERS.flatMap((name) => {
        const value = res.getHeader(name);
        return value === undefined ? [] : [[name, value] as [string, string | number | string[]]];
      });
      const flamedStateOf = [...(reads?.flamedStateOf ?? [])];
      const leads = [...(reads?.leads ?? [])];
      const nonce: string = res.locals.cspNonce ?? "";
      entries.set(key, { generation, at: Date.now(), headers, body, bytes, nonce, nonceAt: offsetsOf(body, nonce), flamedStateOf, leads });
      totalBytes += bytes;
    });
    res.setHeader("X-Micro-Cache", "miss");
    reads = recordPersonalReads(() => next()).reads;
  }

  return Object.assign(handler, {
    clear: () => {
      entries.clear();
      totalBytes = 0;
    },
  });
}

/** A page rendered for this visitor alone. */
function bypass(res: Response, next: NextFunction): void {
  if (!res.getHeader("cache-control")) res.setHeader("Cache-Control", "private, no-store");
  res.setHeader("X-Micro-Cache", "bypass");
  next();
}

function serve(res: Response, entry: Entry, toFlameOwner: boolean): void {
  for (const [name, value] of entry.headers) res.setHeader(name, value);
  // A shared cache keyed without cookies must not keep a page served to a flame owner.
  if (toFlameOwner) res.setHeader("Cache-Control", "private, no-store");
  res.setHeader("X-Micro-Cache", "hit");
  res.status(200).end(withNonce(entry, res.locals.cspNonce ?? ""));
}

/** Every byte offset at which `nonce` starts in `body` (none for an empty nonce). */
export function offsetsOf(body: Buffer, nonce: string): number[] {
  const offsets: number[] = [];
  if (!nonce) return offsets;
  const needle = Buffer.from(nonce);
  for (let at = body.indexOf(needle); at !== -1; at = body.indexOf(needle, at + needle.length)) offsets.push(at);
  return offsets;
}

/** The stored page with this response's nonce where the stored one was. */
export function withNonce(entry: Pick<Entry, "body" | "nonce" | "nonceAt">, nonce: string): Buffer {
  if (entry.nonceAt.length === 0) return entry.body;
  const fresh = Buffer.from(nonce);
  // Nonces have one length (server/security.ts); one of another length takes the slow way, by text.
  if (fresh.length !== Buffer.byteLength(entry.nonce)) return Buffer.from(entry.body.toString("utf8").replaceAll(entry.nonce, nonce));
  const page = Buffer.allocUnsafe(entry.body.length);
  entry.body.copy(page);
  for (const at of entry.nonceAt) fresh.copy(page, at);
  return page;
}

/** Collects what the rest of the stack writes, and hands it over once the response is complete. */
function capture(res: Response, done: (status: number, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => Response;
  const keep = (chunk: unknown, encoding: unknown) => {
    if (chunk === undefined || chunk === null || typeof chunk === "function") return;
    chunks.push(
      Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8"),
    );
  };
  res.write = ((chunk: unknown, encoding?: unknown, cb?: unknown) => {
    keep(chunk, encoding);
    return write(chunk, encoding, cb);
  }) as Response["write"];
  res.end = ((chunk?: unknown, encoding?: unknown, cb?: unknown) => {
    keep(chunk, encoding);
    const result = end(chunk, encoding, cb);
    done(res.statusCode, Buffer.concat(chunks));
    return result;
  }) as Response["end"];
}
