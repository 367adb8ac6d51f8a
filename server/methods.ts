import type { RequestHandler } from "express";

/** The methods a page or endpoint of the app answers; actions take POST only (ADR 023). */
export const APP_METHODS = ["GET", "HEAD", "POST"] as const;
const ALLOW = APP_METHODS.join(", ");
const allowed = new Set<string>(APP_METHODS);

/**
 * The one method check (ADR 023): any other method gets 405 with `Allow` before React Router runs, so no
 * loader or action checks the method itself. A POST to a page without an action is React Router's 405.
 */
export function methodGuard(): RequestHandler {
  return (req, res, next) => {
    if (allowed.has(req.method)) return next();
    res.status(405).set("Allow", ALLOW).type("text/plain").send("Method Not Allowed");
  };
}
