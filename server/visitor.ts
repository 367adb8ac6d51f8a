import type { Request, Response } from "express";
import { selfDeclaration } from "../app/features/age-gate/index.server";
import { AUDIENCE_COOKIE, parseAudience } from "../app/lib/audience";
import { BRAND_MODE_COOKIE, decideBrandMode, type BrandMode } from "../app/lib/brand-mode";
import type { Visitor } from "../app/lib/context";
import { preferenceCookie, readCookie } from "../app/lib/cookies";
import type { Env } from "../app/lib/env.server";
import { isLanguage, LANGUAGE_COOKIE, negotiateLanguage } from "../app/lib/i18n/languages";

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/** Whether the TCP peer itself is on this machine (proxies' headers are not trusted for this). */
export function isLoopbackPeer(req: Pick<Request, "socket">): boolean {
  return LOOPBACK.test(req.socket.remoteAddress ?? "");
}

/** The request's brand mode as remembered (no `?mode=` switch): for requests outside the pages, such as /media. */
export function brandModeOf(req: Pick<Request, "headers">, env: Env): BrandMode {
  return decideBrandMode({
    host: req.headers.host,
    consciousHosts: env.CONSCIOUS_HOSTS,
    modeParam: null,
    modeCookie: readCookie(req.headers.cookie, BRAND_MODE_COOKIE),
  }).mode;
}

/**
 * Everything the server decides about a request before React Router sees it. Reads only what is named here, so the
 * feed's path before Express (server/feed-fast-path.ts) decides it from the same fields.
 */
export function resolveVisitor(
  req: Pick<Request, "headers" | "originalUrl" | "ip" | "socket">,
  res: Pick<Response, "append" | "locals">,
  env: Env,
  secure: boolean,
): Visitor {
  const cookies = req.headers.cookie;
  const query = queryOf(req.originalUrl);

  const brand = decideBrandMode({
    host: req.headers.host,
    consciousHosts: env.CONSCIOUS_HOSTS,
    modeParam: query.get("mode"),
    modeCookie: readCookie(cookies, BRAND_MODE_COOKIE),
  });
  if (brand.remember) res.append("Set-Cookie", preferenceCookie(BRAND_MODE_COOKIE, brand.remember, { secure }));

  // ?lang= makes each language addressable for hreflang; it does not change the saved preference.
  const langParam = query.get("lang");
  const language = isLanguage(langParam)
    ? langParam
    : negotiateLanguage(readCookie(cookies, LANGUAGE_COOKIE), req.headers["accept-language"] ?? null);

  return {
    nonce: res.locals.cspNonce,
    brandMode: brand.mode,
    language,
    audience: parseAudience(readCookie(cookies, AUDIENCE_COOKIE)),
    ageVerified: selfDeclaration.isVerified(cookies),
    ageGateEnabled: env.AGE_GATE,
    clientIp: req.ip ?? req.socket.remoteAddress ?? "unknown",
    isLoopback: isLoopbackPeer(req),
  };
}

/** The query of a request target, as `new URL(target, base).searchParams` reads it, without parsing the whole URL. */
export function queryOf(target: string): URLSearchParams {
  const hash = target.indexOf("#");
  const path = hash < 0 ? target : target.slice(0, hash);
  const start = path.indexOf("?");
  return new URLSearchParams(start < 0 ? "" : path.slice(start + 1));
}
