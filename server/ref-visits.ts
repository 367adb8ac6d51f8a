import type { RequestHandler } from "express";
import { isbot } from "isbot";
import { recordRefVisit } from "../app/features/points/index.server";
import type { Visitor } from "../app/lib/context";
import type { Database } from "../app/lib/database";
import type { Logger } from "../app/lib/logger.server";

/**
 * Counts a page opened through a creator's share link (`?ref=<creator slug>`, docs/decisions/173-creator-points-ledger.md)
 * before the micro-cache may answer it: a cached page would otherwise never be counted. Only page loads of the adult
 * site by a browser count — not bots, not data requests, not the companion site — and the page itself is answered
 * whatever the count does.
 */
export function refVisits(db: Database, secret: string, log: Logger): RequestHandler {
  return async (req, res, next) => {
    const ref = req.query.ref;
    if (req.method !== "GET" || typeof ref !== "string" || req.path.endsWith(".data") || !req.accepts("html")) return next();
    const visitor = res.locals.visitor as Visitor;
    if (visitor.brandMode !== "adult" || isbot(req.get("user-agent") ?? "")) return next();
    try {
      await recordRefVisit(db, { creatorSlug: ref, clientIp: visitor.clientIp, secret });
    } catch (err) {
      log.warn({ err }, "share-link visit not counted");
    }
    next();
  };
}
