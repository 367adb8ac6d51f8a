import type { RequestHandler } from "express";
import { refuse } from "./refusal";

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);
/** Better Auth's session cookie, with or without the __Secure- prefix (app/lib/auth.server.ts). */
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?spicy\.session_token=/;

export type OriginVerdict = "allowed" | "crossSite" | "noOrigin";

/** The host (name and port) of an origin, or null when it is not a URL (including "null"). */
function hostOf(origin: string): string | null {
  try {
    const url = new URL(origin);
    return url.protocol === "http:" || url.protocol === "https:" ? url.host.toLowerCase() : null;
  } catch {
    return null;
  }
}

/**
 * docs/decisions/091-one-origin-check.md. A state-changing request is the site's own when its
 * Origin names the host it was sent to (a browser cannot be made to lie about either) or one of
 * the configured public origins. Without Origin, Sec-Fetch-Site decides; with neither header,
 * only a request without a session cookie passes (curl and scripts hold no one's session).
 */
export function judgeOrigin(input: {
  method: string;
  host: string | undefined;
  origin: string | undefined;
  fetchSite: string | undefined;
  cookie: string | undefined;
  siteOrigins: readonly string[];
}): OriginVerdict {
  if (!STATE_CHANGING.has(input.method.toUpperCase())) return "allowed";
  if (input.origin !== undefined) {
    const host = hostOf(input.origin);
    if (host === null) return "crossSite";
    if (input.host && host === input.host.toLowerCase()) return "allowed";
    return input.siteOrigins.some((o) => hostOf(o) === host) ? "allowed" : "crossSite";
  }
  if (input.fetchSite !== undefined) return input.fetchSite === "same-origin" || input.fetchSite === "none" ? "allowed" : "crossSite";
  return input.cookie && SESSION_COOKIE.test(input.cookie) ? "noOrigin" : "allowed";
}

/** One middleware for every route, page actions, resource routes and Better Auth's alike. */
export function sameOriginOnly(siteOrigins: readonly string[]): RequestHandler {
  return (req, res, next) => {
    const verdict = judgeOrigin({
      method: req.method,
      host: req.headers.host,
      origin: req.headers.origin,
      fetchSite: req.headers["sec-fetch-site"] as string | undefined,
      cookie: req.headers.cookie,
      siteOrigins,
    });
    if (verdict === "allowed") return next();
    refuse(req, res, 403, verdict).catch(next);
  };
}
