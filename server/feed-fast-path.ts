import type { IncomingMessage, ServerResponse } from "node:http";
import type { ServerBuild } from "react-router";
import type { Services, Visitor } from "../app/lib/context";
import { CLIENT_IP_HEADER } from "../app/lib/auth.server";
import type { Logger } from "../app/lib/logger.server";
import { requestContext } from "../app/lib/request-context.server";
import { plain } from "./media-fast-path";
import type { OutageGate } from "./outage";
import { contextOf } from "./react-router";
import { requestIdFrom, startRequestLog, type TrustProxy } from "./request-log";
import { answerWith, routeChain, routeFunctions, requestUrl, unsignalledGet, type DirectRoute } from "./resource-routes";
import { freshNonce } from "./security";
import { queryOf, resolveVisitor } from "./visitor";

// `GET /api/feed` answered before Express (docs/decisions/236-feed-before-express.md), as `/media` is (ADR 226). The
// feed is personal, so every page is made for its request; what Express added around the loader — a prototype swap, a
// dozen layers matched, closures per middleware — was a tenth of a page's CPU. Here the loader runs the way Express's
// direct route runs it (server/resource-routes.ts, ADR 106), with what the middlewares ahead of it do to such a request,
// in their order: the metrics, the request id and its log line, the client address header, the CSP nonce and security
// headers, compression when asked, the outage gate's 500 → 503, the visitor, the brand rule. Whatever is unusual — another
// method, a body, no Host, a NUL, `?ref=` or `?mode=` (a share-link count, a remembered brand switch), a request the brand
// refuses, the database known to be down, the build not loaded yet — goes to Express, untouched, which answers it as before.

/** The Express request fields a page's visitor and URL are decided from (Express's own getters, `trust proxy` included). */
interface ExpressView {
  ip: string | undefined;
  protocol: string;
}

export interface FeedFastPathOptions {
  /** The direct routes answered here: GETs whose Request needs no signal (`signal: false`). */
  routes: DirectRoute[];
  /** The build once loaded (null before): the first requests load it through Express. */
  build: () => ServerBuild | null;
  services: Services;
  /** Whether cookies are Secure (the public origin is HTTPS). */
  secure: boolean;
  log: Logger;
  /** The security headers every answer carries, with this answer's CSP nonce (server/security.ts). */
  setSecurityHeaders: (res: ServerResponse, nonce: string) => void;
  /** The metrics' counting of a request (server/metrics.ts). */
  watch: (req: IncomingMessage, res: ServerResponse, path: string) => void;
  outage: Pick<OutageGate, "isDown" | "watch">;
  /** The app's compression middleware (called only when the request has Accept-Encoding, as in server/app.ts). */
  compress: (req: IncomingMessage, res: ServerResponse, next: () => void) => void;
  /** Express's compiled `trust proxy` setting, read per request: the app may be configured after this is made. */
  trustProxy: () => TrustProxy | undefined;
  /** Express's `req.ip` and `req.protocol` for this request (its getters over the same headers and socket). */
  expressView: (req: IncomingMessage) => ExpressView;
  /** The brand rule (app/lib/brand-mode.ts) over a route and its layouts: a refused request is Express's. */
  refused: (visitor: Visitor, routeIds: string[]) => boolean;
  /** The app's error handler, for a fault in the loader (the same answer and log line as through Express). */
  fail: (error: unknown, req: IncomingMessage, res: ServerResponse) => void;
}

/** Answers a plain request for one of `routes` and returns true; returns false, untouched, for anything Express must see. */
export function feedFastPath(options: FeedFastPathOptions): (req: IncomingMessage, res: ServerResponse) => boolean {
  const { build, services, secure, log, setSecurityHeaders, watch, outage, compress, trustProxy, expressView, refused, fail } = options;
  const byPath = new Map(options.routes.filter((route) => route.signal === false).map((route) => [route.path, route]));
  return (req, res) => {
    if (req.method !== "GET") return false;
    const url = req.url ?? "";
    const mark = url.indexOf("?");
    const path = mark < 0 ? url : url.slice(0, mark);
    const route = byPath.get(path);
    if (!route || !plain(req, url)) return false;
    const loaded = build();
    const run = loaded && routeFunctions(loaded, route.id)?.loader;
    if (!run || outage.isDown()) return false;
    const query = queryOf(url);
    if (query.has("ref") || query.has("mode")) return false;

    const view = expressView(req);
    const nonce = freshNonce();
    const visitor = resolveVisitor(
      { headers: req.headers, originalUrl: url, ip: view.ip, socket: req.socket },
      {
        locals: { cspNonce: nonce },
        // Only a `?mode=` switch is remembered in a cookie, and those requests are Express's.
        append: () => {
          throw new Error("the feed's fast path sets no cookie for the visitor");
        },
      } as never,
      services.env,
      secure,
    );
    if (refused(visitor, routeChain(loaded, route.id))) return false;

    watch(req, res, path);
    const requestId = startRequestLog(log, req, res, { requestId: requestIdFrom(req, trustProxy()), url });
    requestContext.run({ requestId }, () => {
      // Better Auth's rate limiter and our own limits key on this header: the address Express trusts, as in server/app.ts.
      req.headers[CLIENT_IP_HEADER] = view.ip ?? req.socket.remoteAddress ?? "unknown";
      setSecurityHeaders(res, nonce);
      const answer = () => {
        outage.watch(res);
        const request = unsignalledGet(requestUrl(view.protocol, req.headers.host, url), req.rawHeaders);
        const context = contextOf(loaded, services, req.headers.host, view.protocol, visitor);
        answerWith(res, run, request, context).catch((error: unknown) => fail(error, req, res));
      };
      if (req.headers["accept-encoding"]) compress(req, res, answer);
      else answer();
    });
    return true;
  };
}
