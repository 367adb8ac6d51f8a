import { toNodeHandler } from "better-auth/node";
import compression from "compression";
import express from "express";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import type { Services, Visitor } from "../app/lib/context";
import { refusesRoute } from "../app/lib/brand-mode";
import type { DatabaseProbe } from "../app/lib/db/probe.server";
import { CLIENT_IP_HEADER } from "../app/lib/auth.server";
import type { Outbox } from "../app/lib/mail/index.server";
import { IMAGE_MAX_BYTES, VIDEO_MAX_BYTES } from "../app/features/forms/index.server";
import { generationOf } from "../app/lib/cache/generation.server";
import { flamedClipIds } from "../app/features/flames/index.server";
import { dismissedAmong as dismissedClipsAmong } from "../app/features/signals/index.server";
import { healthz } from "./health";
import { mailboxRouter } from "./mailbox";
import { mediaHandler } from "./media";
import { feedFastPath } from "./feed-fast-path";
import { mediaFastPath } from "./media-fast-path";
import { createMetrics } from "./metrics";
import { methodGuard } from "./methods";
import { databaseOutageGate } from "./outage";
import { precompressedAssets } from "./precompressed-assets";
import { microCache } from "./micro-cache";
import { withheldMedia } from "./withheld-media";
import { loadContextFor, loadedBuild, reactRouterHandler, type BuildSource } from "./react-router";
import { buildWithoutDesk, deskGate } from "./desk-gate";
import { directResourceRoutes, type DirectRoute } from "./resource-routes";
import { refVisits } from "./ref-visits";
import { bodyLimit, drainUnreadBody, requestLog, type TrustProxy } from "./request-log";
import { refuseNulInAddress, refuseUnreadableAddress } from "./refusal";
import { sameOriginOnly } from "./same-origin";
import { cspNonce, securityHeaders, securityHeaderSetter } from "./security";
import type { ServerBuild } from "react-router";
import { brandIcons } from "./icons";
import { brandModeOf, resolveVisitor } from "./visitor";
import { secureCookies } from "../app/lib/cookies";

export interface AppOptions {
  services: Services;
  outbox: Outbox | null;
  ping: () => Promise<void>;
  /** Pool and queue figures for /metrics. */
  database?: DatabaseProbe;
  /** Reports lost database connections, so the outage gate checks at once (ADR 101). */
  onDatabaseError?: (listener: (error: Error) => void) => void;
  build: BuildSource;
  /** In development the Vite dev server serves assets and rebuilds the app. */
  vite?: { middlewares: express.RequestHandler };
  clientDir: string;
}

/** Maximum request body outside the upload routes. */
export const BODY_LIMIT_BYTES = 1024 * 1024;
/**
 * The submit form streams its file and judges its size itself, with a
 * translated message; bodies up to twice the video limit get that message,
 * anything larger is refused here unread.
 */
export const UPLOAD_BODY_LIMITS = [
  { path: /^\/submit(\.data)?$/, maxBytes: 2 * VIDEO_MAX_BYTES },
  // A page owner's new picture (an image: IMAGE_MAX_BYTES), judged the same way.
  { path: /^\/my-creator(\.data)?$/, maxBytes: 2 * IMAGE_MAX_BYTES },
  // A moderator's video for a link-only submission (a video: VIDEO_MAX_BYTES); anyone else gets the desk's 404 unread.
  { path: /^\/admin\/submissions\/[0-9a-f-]{36}(\.data)?$/, maxBytes: 2 * VIDEO_MAX_BYTES },
];

/** Resource routes Express calls itself (server/resource-routes.ts). */
const DIRECT_ROUTES: DirectRoute[] = [
  // The feed's loader never reads request.signal (a page is a few reads of kept data).
  { path: "/api/feed", id: "routes/api.feed", signal: false },
  { path: "/api/flames", id: "routes/api.flames" },
];

export function createApp({ services, outbox, ping, database, onDatabaseError, build, vite, clientDir }: AppOptions) {
  const { env, log } = services;
  const secure = secureCookies(services.origin);
  const app = express();
  const isWithheldMedia = withheldMedia(services.db);

  app.disable("x-powered-by");
  app.set("trust proxy", env.TRUST_PROXY);
  const metrics = createMetrics({ build, database, token: env.METRICS_TOKEN });
  app.use(metrics.middleware);
  app.use(requestLog(log));
  app.use(drainUnreadBody());
  app.use(refuseNulInAddress());
  app.use(refuseUnreadableAddress());
  app.use(cspNonce);
  // Better Auth's rate limiter and our own limits key on this header; any
  // value the client sent is replaced with the address Express trusts.
  app.use((req, _res, next) => {
    req.headers[CLIENT_IP_HEADER] = req.ip ?? req.socket.remoteAddress ?? "unknown";
    next();
  });
  const securityOptions = { https: secure, adScriptUrl: env.AD_SCRIPT_URL, devServer: Boolean(vite) };
  app.use(securityHeaders(securityOptions));
  // Every state-changing request, whatever route answers it, comes from the site's own pages (ADR 091).
  app.use(sameOriginOnly([services.origin, env.CONSCIOUS_SITE_URL, env.MAIN_SITE_URL].filter((o): o is string => Boolean(o))));

  app.get("/healthz", healthz(ping));
  app.get("/metrics", metrics.handler);
  // Media is served before compression: video bytes do not compress, and Range must stay exact.
  const handleMedia = mediaHandler(services.storage, {
    onError: (err, key) => log.error({ err, key }, "media: storage error"),
    // The companion site serves no adult media at all (docs/product.md §2.1, ADR 009); the adult site withholds hidden clips.
    isWithheld: (key, req) => brandModeOf(req, env) === "conscious" || isWithheldMedia(key),
    accelRedirect: services.storage.driver === "local" ? env.MEDIA_ACCEL_REDIRECT : undefined,
  });
  // What the fast path below leaves to Express (another method, an unusual address) comes here, after its middlewares.
  app.use("/media", (req, res) => handleMedia(req, res, req.url));

  app.use(brandIcons((req) => brandModeOf(req, env)));
  const compress = compression();
  // Without Accept-Encoding there is nothing to negotiate: the answer goes out as written, unwrapped.
  app.use((req, res, next) => (req.headers["accept-encoding"] ? compress(req, res, next) : next()));
  if (vite) {
    app.use(vite.middlewares);
  } else {
    // Hashed file names never change: cache them for a year.
    const assets = path.join(clientDir, "assets");
    app.use("/assets", precompressedAssets(assets), express.static(assets, { immutable: true, maxAge: "1y", index: false }));
    // The client build's top-level files all have an extension (favicon.ico, robots…): a page or API path
    // is not looked for on disk.
    const files = express.static(clientDir, { maxAge: "1h", index: false });
    app.use((req, res, next) => (/\.[^/]+$/.test(req.path) ? files(req, res, next) : next()));
  }

  app.use(bodyLimit(BODY_LIMIT_BYTES, UPLOAD_BODY_LIMITS));
  app.use(mailboxRouter(outbox));
  const outage = databaseOutageGate(ping, log);
  onDatabaseError?.(() => outage.suspect());
  app.use(outage.middleware);
  app.all("/api/auth/{*splat}", toNodeHandler(services.auth));
  app.use((req, res, next) => {
    res.locals.visitor = resolveVisitor(req, res, env, secure);
    next();
  });
  app.use(refVisits(services.db, services.secret, log));
  if (env.MICRO_CACHE_TTL_MS > 0) {
    const flamedAmong = (anonymousId: string, clipIds: string[]) => flamedClipIds(services.db, { anonymousId }, clipIds);
    const dismissedAmong = (anonymousId: string, clipIds: string[]) => dismissedClipsAmong(services.db, { anonymousId }, clipIds);
    app.use(microCache({ generation: generationOf(services.db), ttlMs: env.MICRO_CACHE_TTL_MS, flamedAmong, dismissedAmong }));
  }
  app.use(methodGuard());
  const mode = vite ? "development" : "production";
  const routerBuild = loadedBuild(build, mode);
  // The feed's pages and flames skip React Router's request machinery (ADR 106).
  app.use(
    directResourceRoutes(DIRECT_ROUTES, routerBuild, loadContextFor(routerBuild, services), (_req, res, routeIds) =>
      refusesRoute((res.locals.visitor as Visitor).brandMode, routeIds),
    ),
  );
  // The loaded build, for the feed's path before Express (below): until it is, Express answers and loads it.
  let loadedRouterBuild: ServerBuild | null = null;
  const readyBuild = () => {
    if (!loadedRouterBuild)
      void routerBuild().then(
        (loaded) => void (loadedRouterBuild = loaded),
        () => undefined,
      );
    return loadedRouterBuild;
  };
  // Whoever is not a moderator is answered by the build without the desk (server/desk-gate.ts).
  const pages = reactRouterHandler(routerBuild, services, mode);
  const pagesWithoutDesk = reactRouterHandler(buildWithoutDesk(routerBuild), services, mode);
  app.all("/{*splat}", deskGate(services, pages, pagesWithoutDesk));

  const onError: express.ErrorRequestHandler = (error, req, res, _next) => {
    log.error({ err: error, url: req.originalUrl }, "unhandled error"); // the logger scrubs url (ADR 096)
    if (res.headersSent) return res.end();
    res.status(500).type("text/plain").send("Internal Server Error");
  };
  app.use(onError);

  // Plain GET and HEAD requests for /media skip Express altogether (docs/decisions/226-media-before-express.md): every
  // way of serving the app (app.listen, http.createServer(app), the tests' servers) calls app.handle.
  const mediaFirst = mediaFastPath({
    handle: handleMedia,
    log,
    setSecurityHeaders: securityHeaderSetter(securityOptions),
    watch: metrics.watchMedia,
    trustProxy: () => app.get("trust proxy fn") as TrustProxy | undefined,
  });
  // Plain GETs of `/api/feed` too (docs/decisions/236-feed-before-express.md); not in development, where Vite serves.
  const feedFirst = vite
    ? () => false
    : feedFastPath({
        routes: DIRECT_ROUTES,
        build: readyBuild,
        services,
        secure,
        log,
        setSecurityHeaders: securityHeaderSetter(securityOptions),
        watch: metrics.watch,
        outage,
        compress: compress as (req: IncomingMessage, res: ServerResponse, next: () => void) => void,
        trustProxy: () => app.get("trust proxy fn") as TrustProxy | undefined,
        // Express's own getters, over the same headers and socket: the same address and protocol as `req.ip`, `req.protocol`.
        expressView: (req) => {
          const view = Object.create(app.request, {
            headers: { value: req.headers },
            socket: { value: req.socket },
            connection: { value: req.socket },
          }) as express.Request;
          return { ip: view.ip, protocol: view.protocol };
        },
        refused: (visitor, routeIds) => refusesRoute(visitor.brandMode, routeIds),
        // As Express would have: its request and response, then the app's error handler.
        fail: (error, req, res) => {
          Object.setPrototypeOf(req, app.request);
          Object.setPrototypeOf(res, app.response);
          const expressReq = req as express.Request;
          const expressRes = res as express.Response;
          expressReq.res = expressRes;
          expressReq.originalUrl ??= req.url ?? "";
          expressRes.locals ??= Object.create(null) as express.Response["locals"];
          onError(error, expressReq, expressRes, () => undefined);
        },
      });
  const expressHandle = (app as unknown as { handle: ExpressHandle }).handle.bind(app);
  (app as unknown as { handle: ExpressHandle }).handle = (req, res, next) => {
    if (!mediaFirst(req, res) && !feedFirst(req, res)) expressHandle(req, res, next);
  };

  return app;
}

type ExpressHandle = (req: IncomingMessage, res: ServerResponse, next?: (err?: unknown) => void) => void;
