import type { RequestHandler, Response } from "express";
import { AGE_VERIFIED_KEY } from "../app/features/age-gate/age-assurance";
import { FEED_SEED_COOKIE } from "../app/features/feed/feed-seed.server";
import { AUDIENCE_COOKIE } from "../app/lib/audience";
import { BRAND_MODE_COOKIE } from "../app/lib/brand-mode";
import type { Generation } from "../app/lib/cache/generation.server";
import type { Visitor } from "../app/lib/context";
import { LANGUAGE_COOKIE } from "../app/lib/i18n/languages";

/**
 * The anonymous micro-cache (docs/decisions/032-anonymous-micro-cache.md, ADR 068): rendered video, tag,
 * creator and search pages (and their `.data` twins) kept a few seconds in memory, keyed by every input
 * that changes them — host, path and query, brand mode, language, audience, age state — and dropped as
 * soon as the catalogue's cache generation moves (a hide or a publish shows on the next request).
 *
 * Only visitors without personal state use it: a request with any cookie outside the known anonymous
 * preferences (a session, `spicy_uid`, a flash message…) is rendered for itself and marked
 * `private, no-store`. Only a 200 without Set-Cookie and without `private`/`no-store` is stored. The
 * CSP nonce differs per response: a stored page has its nonce swapped for this response's.
 */
export const MICRO_CACHE_PATHS = /^\/(video|tag|creator)\/[^/]+(\.data)?$|^\/search(\.data)?$/;

/** Cookies that either form part of the key (through the visitor) or do not change these pages. */
const ANONYMOUS_COOKIES = new Set([AGE_VERIFIED_KEY, AUDIENCE_COOKIE, BRAND_MODE_COOKIE, LANGUAGE_COOKIE, FEED_SEED_COOKIE]);

/** Response headers a stored page keeps; everything else (CSP, request ids, dates) is per response. */
const KEPT_HEADERS = ["content-type", "cache-control", "content-language", "link", "x-robots-tag", "vary"];

export interface MicroCacheOptions {
  generation: Generation;
  ttlMs?: number;
  maxEntries?: number;
  maxBodyBytes?: number;
}

interface Entry {
  generation: number;
  at: number;
  headers: [string, string | number | string[]][];
  body: string;
  nonce: string;
}

export function isAnonymous(cookieHeader: string | undefined): boolean {
  if (!cookieHeader) return true;
  return cookieHeader.split(";").every((pair) => {
    const name = pair.split("=", 1)[0]!.trim();
    return name === "" || ANONYMOUS_COOKIES.has(name);
  });
}

export function microCache(options: MicroCacheOptions): RequestHandler & { clear: () => void } {
  const ttlMs = options.ttlMs ?? 5_000;
  const maxEntries = options.maxEntries ?? 2_000;
  const maxBodyBytes = options.maxBodyBytes ?? 512 * 1024;
  const entries = new Map<string, Entry>();

  const handler: RequestHandler = (req, res, next) => {
    if (req.method !== "GET" || !MICRO_CACHE_PATHS.test(req.path)) return next();
    if (!isAnonymous(req.headers.cookie) || res.getHeader("set-cookie") !== undefined) {
      if (!res.getHeader("cache-control")) res.setHeader("Cache-Control", "private, no-store");
      res.setHeader("X-Micro-Cache", "bypass");
      return next();
    }
    const visitor = res.locals.visitor as Visitor;
    const key = [
      req.headers.host ?? "",
      req.originalUrl,
      visitor.brandMode,
      visitor.language,
      visitor.audience,
      visitor.ageVerified,
      visitor.ageGateEnabled,
      visitor.isLoopback,
    ].join("\u0000");

    options.generation.current().then((generation) => {
      const hit = entries.get(key);
      if (hit && hit.generation === generation && Date.now() - hit.at < ttlMs) return serve(res, hit);
      if (hit) entries.delete(key);
      capture(res, (status, body) => {
        if (status !== 200 || res.getHeader("set-cookie") !== undefined || Buffer.byteLength(body) > maxBodyBytes) return;
        if (/private|no-store/.test(String(res.getHeader("cache-control") ?? ""))) return;
        if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
        const headers = KEPT_HEADERS.flatMap((name) => {
          const value = res.getHeader(name);
          return value === undefined ? [] : [[name, value] as [string, string | number | string[]]];
        });
        entries.set(key, { generation, at: Date.now(), headers, body, nonce: res.locals.cspNonce });
      });
      res.setHeader("X-Micro-Cache", "miss");
      next();
    }, next);
  };
  return Object.assign(handler, { clear: () => entries.clear() });
}

function serve(res: Response, entry: Entry): void {
  for (const [name, value] of entry.headers) res.setHeader(name, value);
  res.setHeader("X-Micro-Cache", "hit");
  res.status(200).end(entry.nonce ? entry.body.replaceAll(entry.nonce, res.locals.cspNonce) : entry.body);
}

/** Collects what the rest of the stack writes, and hands it over once the response is complete. */
function capture(res: Response, done: (status: number, body: string) => void): void {
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
    done(res.statusCode, Buffer.concat(chunks).toString("utf8"));
    return result;
  }) as Response["end"];
}
