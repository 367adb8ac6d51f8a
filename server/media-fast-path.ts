import type { IncomingMessage, ServerResponse } from "node:http";
import type { Logger } from "../app/lib/logger.server";
import { requestContext } from "../app/lib/request-context.server";
import type { MediaHandler } from "./media";
import { requestIdFrom, startRequestLog, type TrustProxy } from "./request-log";
import { freshNonce } from "./security";

// `GET`/`HEAD /media/…` answered before Express (docs/decisions/226-media-before-express.md). Express and the
// middlewares ahead of `/media` cost a 1 MiB window about as much CPU as reading it from the file: request and response
// prototypes swapped, a dozen layers matched, a promise for the metrics' route table. Here the same handler answers with
// what those middlewares would have added — the request id and its log line, the security headers, the metrics — and
// nothing else. Whatever is unusual (another method, a body, no Host, a NUL, an address that does not decode) goes to
// Express, whose middlewares refuse it exactly as before.

export interface MediaFastPathOptions {
  /** The same handler Express mounts at `/media` (server/media.ts). */
  handle: MediaHandler;
  log: Logger;
  /** The security headers every answer carries, with this answer's CSP nonce (server/security.ts). */
  setSecurityHeaders: (res: ServerResponse, nonce: string) => void;
  /** The metrics' counting of a media answer (server/metrics.ts). */
  watch: (req: IncomingMessage, res: ServerResponse) => void;
  /** Express's compiled `trust proxy` setting, read per request: the app may be configured after this is made. */
  trustProxy: () => TrustProxy | undefined;
}

const PREFIX = "/media/";

/**
 * Whether Express's own middlewares would let this GET or HEAD through unchanged: a Host, no body, no NUL, an address
 * that decodes (server/refusal.ts, server/request-log.ts). Also the feed's test (server/feed-fast-path.ts).
 */
export function plain(req: IncomingMessage, url: string): boolean {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  if (!req.headers.host || req.headers["transfer-encoding"] !== undefined) return false;
  const length = req.headers["content-length"];
  if (length !== undefined && length !== "0") return false;
  if (url.includes("%00") || url.includes("\0")) return false;
  try {
    decodeURIComponent(url.split("?", 1)[0]!);
    return true;
  } catch {
    return false;
  }
}

/** Answers a plain media request and returns true; returns false, untouched, for anything Express must see. */
export function mediaFastPath(options: MediaFastPathOptions): (req: IncomingMessage, res: ServerResponse) => boolean {
  const { handle, log, setSecurityHeaders, watch, trustProxy } = options;
  return (req, res) => {
    const url = req.url ?? "";
    if (!url.startsWith(PREFIX) || !plain(req, url)) return false;
    watch(req, res);
    const requestId = startRequestLog(log, req, res, { requestId: requestIdFrom(req, trustProxy()), url });
    setSecurityHeaders(res, freshNonce());
    requestContext.run({ requestId }, () => {
      handle(req, res, url.slice(PREFIX.length - 1)).catch((err: unknown) => {
        // The handler answers its own failures; this is a fault in it, answered as Express's error handler would.
        log.error({ err, url: url }, "unhandled error");
        if (res.headersSent) return void res.destroy();
        res.statusCode = 500;
        res.setHeader("Content-Type", "text/plain; charset=utf-8");
        res.end("Internal Server Error");
      });
    });
    return true;
  };
}
