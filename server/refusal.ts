import type { Request, RequestHandler, Response } from "express";
import { readCookie } from "../app/lib/cookies";
import { isLanguage, LANGUAGE_COOKIE, negotiateLanguage, type Language } from "../app/lib/i18n/languages";
import { serverT } from "../app/lib/i18n/server";

/** The language of an answer given before React Router runs: `?lang=`, the saved choice, then Accept-Language. */
export function requestLanguage(req: Request): Language {
  const langParam = new URL(req.originalUrl, "http://x").searchParams.get("lang");
  return isLanguage(langParam)
    ? langParam
    : negotiateLanguage(readCookie(req.headers.cookie, LANGUAGE_COOKIE), req.headers["accept-language"] ?? null);
}

/** A translated refusal, `common:errors.<key>`: JSON `{ error }` for APIs and JSON clients, plain text otherwise. */
export async function refuse(req: Request, res: Response, status: number, key: string): Promise<void> {
  const error = (await serverT(requestLanguage(req)))(`errors.${key}`);
  res.status(status).set("Cache-Control", "no-store");
  if (req.accepts(["html", "json"]) === "json" || req.path.startsWith("/api/")) res.json({ error });
  else res.type("text/plain").send(error);
}

/**
 * A NUL character (`%00`) has no place in any address of the site, and PostgreSQL can neither store nor compare
 * it: such a request is refused with 400 before any route reads it (found by the fuzzer, docs/reliability.md).
 * `%2500` is a literal "%00", not a NUL, and passes.
 */
export function refuseNulInAddress(): RequestHandler {
  return (req, res, next) => {
    if (!/%00/.test(req.originalUrl) && !req.originalUrl.includes("\0")) return next();
    refuse(req, res, 400, "nulInAddress").catch(next);
  };
}

/**
 * Addresses no route can read: a path whose percent-escapes do not decode (`/video/%E0%A4%A`, `/tag/%`), and a
 * request without a Host header (HTTP/1.0 allows one), whose URL cannot be built. Both are the client's error:
 * a translated 400 before React Router, not its 500 and an error log with a stack (found by an attack on a
 * production build; docs/security.md).
 */
export function refuseUnreadableAddress(): RequestHandler {
  return (req, res, next) => {
    if (!req.headers.host) return refuse(req, res, 400, "hostMissing").catch(next);
    try {
      decodeURIComponent(req.path);
    } catch {
      return refuse(req, res, 400, "malformedAddress").catch(next);
    }
    next();
  };
}
