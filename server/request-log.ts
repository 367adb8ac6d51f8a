import type { Request, RequestHandler } from "express";
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { scrub, type Logger } from "../app/lib/logger.server";
import { requestContext } from "../app/lib/request-context.server";
import { refuse } from "./refusal";

export const REQUEST_ID_HEADER = "X-Request-Id";
/** Letters, digits and `._:-`, 8 to 128 of them: a UUID, a trace id, a proxy's own format — never a header break. */
const WELL_FORMED_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/** Express's compiled `trust proxy` setting: whether a peer address is a proxy it was told to trust. */
export type TrustProxy = (address: string, hop: number) => boolean;

/**
 * The request's id (ADR 097): the one a trusted proxy sent when it is well formed, else a fresh UUID —
 * a client cannot choose the id its lines are filed under.
 */
export function requestIdOf(req: Request): string {
  return requestIdFrom(req, req.app.get("trust proxy fn") as TrustProxy | undefined);
}

/** requestIdOf for a request Express has not seen (server/media-fast-path.ts), with the app's `trust proxy fn`. */
export function requestIdFrom(req: IncomingMessage, trust: TrustProxy | undefined): string {
  const incoming = req.headers[REQUEST_ID_HEADER.toLowerCase()];
  const peer = req.socket.remoteAddress;
  return typeof incoming === "string" && WELL_FORMED_ID.test(incoming) && trust && peer && trust(peer, 0) ? incoming : randomUUID();
}

/**
 * Starts one request's log line: its id in `X-Request-Id` and a structured line when the answer finishes (query
 * strings scrubbed of e-mails and tokens). Returns the id. The line names its request itself, whichever socket
 * callback emits `finish` (binding the callback to the request's context cost 4 % of a cached answer's time).
 */
export function startRequestLog(log: Logger, req: IncomingMessage, res: ServerResponse, input: { requestId: string; url: string }): string {
  const started = process.hrtime.bigint();
  const { requestId, url } = input;
  res.setHeader(REQUEST_ID_HEADER, requestId);
  res.on("finish", () => {
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    const level = res.statusCode >= 500 ? "error" : "info";
    log[level]({ reqId: requestId, method: req.method, url: scrub(url), status: res.statusCode, ms: Math.round(ms) }, "request");
  });
  return requestId;
}

/**
 * One structured line per request (startRequestLog). Every line written while the request is served carries its id
 * (the logger's mixin reads it), which is also returned in `X-Request-Id`.
 */
export function requestLog(log: Logger): RequestHandler {
  return (req, res, next) => {
    const requestId = startRequestLog(log, req, res, { requestId: requestIdOf(req), url: req.originalUrl });
    requestContext.run({ requestId }, next);
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
    // Refused bodies are not read: close the connection, or the unread bytes would be parsed as the next request on it
    // and that request would hang (found by the fuzzer, ADR 102).
    if (length === undefined) {
      if (!req.headers["transfer-encoding"]) return next();
      res.set("Connection", "close");
      return void refuse(req, res, 411, "lengthRequired").catch(next);
    }
    if (!/^\d+$/.test(length) || Number(length) > maxBytes) {
      res.set("Connection", "close");
      return void refuse(req, res, 413, "tooLarge").catch(next);
    }
    next();
  };
}

/**
 * An answer sent before its request's body was read — a 401, 404 or 405, a redirect, an early refusal — must not
 * leave the rest of a large body on a keep-alive connection: React Router's body stream stops reading once its
 * buffer is full, Node then does not drain it, and the next request on the connection is never answered (found by
 * the 10 000-input fuzz run, ADR 102). After such an answer the rest is read and dropped; `bodyLimit` bounds it,
 * and an answer that closes its connection is left alone.
 */
export function drainUnreadBody(): RequestHandler {
  return (req, res, next) => {
    res.once("finish", () => {
      if (req.complete || req.destroyed || String(res.getHeader("connection")).toLowerCase() === "close") return;
      req.removeAllListeners("data");
      req.unpipe();
      req.resume();
    });
    next();
  };
}
