import type { RequestHandler } from "express";
import { scrub, type Logger } from "../app/lib/logger.server";

/** One structured line per request; query strings are scrubbed of e-mails and tokens. */
export function requestLog(log: Logger): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    res.on("finish", () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const level = res.statusCode >= 500 ? "error" : "info";
      log[level]({ method: req.method, url: scrub(req.originalUrl), status: res.statusCode, ms: Math.round(ms) }, "request");
    });
    next();
  };
}

const BODY_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export interface BodyLimitException {
  /** Matched against the path (React Router's `.data` suffix included). */
  path: RegExp;
  maxBytes: number;
}

/**
 * Refuses bodies over `maxBytes` (413) before anything reads them; routes
 * that take uploads get their own, larger limit.
 */
export function bodyLimit(defaultMaxBytes: number, exceptions: BodyLimitException[] = []): RequestHandler {
  return (req, res, next) => {
    if (!BODY_METHODS.has(req.method)) return next();
    const maxBytes = exceptions.find((e) => e.path.test(req.path))?.maxBytes ?? defaultMaxBytes;
    const length = req.headers["content-length"];
    if (length === undefined) {
      if (req.headers["transfer-encoding"]) return void res.status(411).type("text/plain").send("Length Required");
      return next();
    }
    if (!/^\d+$/.test(length) || Number(length) > maxBytes) {
      return void res.status(413).type("text/plain").send("Payload Too Large");
    }
    next();
  };
}
