import type { Request, RequestHandler } from "express";
import { timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import client from "prom-client";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import type { DatabaseProbe } from "../app/lib/db/probe.server";

// Prometheus metrics at /metrics (ADR 097). Labels are bounded: a route *pattern* (never a raw URL),
// a status class and a known method, so a crawler of random URLs cannot grow the series without end.

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
/** Paths the Express server answers itself, before React Router. */
const SERVER_PREFIXES = ["/media/", "/assets/", "/api/auth/", "/dev/mailbox"];
const SERVER_PATHS = new Set(["/healthz", "/metrics"]);

type RouteManifest = ServerBuild["routes"];

/** React Router's flat route manifest as the nested route objects `matchRoutes` wants. */
function routeTree(manifest: RouteManifest): RouteObject[] {
  const children = (parentId: string | undefined): RouteObject[] =>
    Object.values(manifest)
      .filter((r) => r && r.parentId === parentId)
      .map((r) => ({ id: r!.id, path: r!.path, index: r!.index, children: r!.index ? undefined : children(r!.id) }) as RouteObject);
  return children(undefined);
}

/** Turns a path into the pattern of the React Router route that answers it, e.g. `/video/:videoId`. */
export function routePatterns(manifest: RouteManifest): (pathname: string) => string | null {
  const tree = routeTree(manifest);
  // matchRoutes ranks the whole route tree on every call: remember recent answers (bounded, and a pattern
  // depends on the path alone).
  const known = new Map<string, string | null>();
  return (pathname) => {
    let pattern = known.get(pathname);
    if (pattern === undefined) {
      if (known.size >= KNOWN_PATHS) known.clear();
      pattern = patternOf(tree, pathname);
      known.set(pathname, pattern);
    }
    return pattern;
  };
}

const KNOWN_PATHS = 10_000;

function decodes(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

function patternOf(tree: RouteObject[], pathname: string): string | null {
  // Client navigations fetch `/x.data` (and `/_root.data` for the home page).
  const page = pathname === "/_root.data" ? "/" : pathname.replace(/\.data$/, "");
  // A path whose escapes do not decode matches no route (it was refused with 400, server/refusal.ts); asking
  // matchRoutes would only print React Router's warning for each one.
  if (!URL.canParse(`http://x${page}`) || !decodes(page)) return null;
  const matches = matchRoutes(tree, page);
  if (!matches) return null;
  const parts = matches.map((m) => m.route.path).filter((p): p is string => Boolean(p));
  return (
    "/" +
    parts
      .map((p) => p.replace(/^\/|\/$/g, ""))
      .filter(Boolean)
      .join("/")
  );
}

export function routeLabel(pathname: string, status: number, reactRouter: ((pathname: string) => string | null) | null): string {
  if (SERVER_PATHS.has(pathname)) return pathname;
  const prefix = SERVER_PREFIXES.find((p) => pathname.startsWith(p) || pathname === p.replace(/\/$/, ""));
  if (prefix) return prefix.endsWith("/") ? `${prefix}*` : prefix;
  const pattern = reactRouter?.(pathname) ?? null;
  // Files from the client build (favicon, fonts) are not routes; everything else unmatched is one label.
  if (pattern === null || pattern === "/*") return status < 400 ? "static" : "unmatched";
  return pattern;
}

export interface MetricsOptions {
  /** The React Router build, for route patterns. */
  build: () => Promise<ServerBuild>;
  database?: DatabaseProbe;
  /** METRICS_TOKEN: a bearer token that opens /metrics to a remote scraper. */
  token?: string;
}

export function createMetrics({ build, database, token }: MetricsOptions) {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });

  const labelNames = ["method", "route", "status_class"] as const;
  const requests = new client.Counter({ name: "http_requests_total", help: "Requests answered", labelNames, registers: [registry] });
  const duration = new client.Histogram({
    name: "http_request_duration_seconds",
    help: "Time from the request's arrival to the last byte of its answer",
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const refusals = new client.Counter({
    name: "rate_limit_refusals_total",
    help: "Requests refused by a rate limit (429)",
    labelNames: ["route"],
    registers: [registry],
  });
  const mediaBytes = new client.Counter({ name: "media_bytes_served_total", help: "Bytes of media files sent", registers: [registry] });

  if (database) {
    const wait = new client.Histogram({
      name: "db_wait_seconds",
      help: "Time a query waited for the database: a pool connection (PostgreSQL) or the one-at-a-time lock (PGlite)",
      labelNames: ["engine"],
      buckets: [0.0005, 0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers: [registry],
    });
    database.onWait((seconds) => wait.observe({ engine: database.engine }, seconds));
    new client.Gauge({
      name: "db_pool_connections",
      help: "Database connections by state, and queries waiting for one",
      labelNames: ["engine", "state"],
      registers: [registry],
      collect() {
        const s = database.stats();
        for (const state of ["total", "idle", "waiting"] as const) this.set({ engine: database.engine, state }, s[state]);
      },
    });
  }

  let patterns: { build: ServerBuild; match: (pathname: string) => string | null } | null = null;
  const patternsFor = async () => {
    const current = await build().catch(() => null);
    if (!current) return null;
    if (patterns?.build !== current) patterns = { build: current, match: routePatterns(current.routes) };
    return patterns.match;
  };

  /** Counts a request to `path` when its answer is finished. */
  const watch = (req: IncomingMessage, res: ServerResponse, path: string) => {
    const started = process.hrtime.bigint();
    if (path.startsWith("/media/")) countBodyBytes(res, (n) => mediaBytes.inc(n));
    res.on("finish", () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      void patternsFor().then((match) => {
        const route = routeLabel(path, res.statusCode, match);
        const labels = {
          method: METHODS.has(req.method ?? "") ? req.method! : "OTHER",
          route,
          status_class: `${Math.floor(res.statusCode / 100)}xx`,
        };
        requests.inc(labels);
        duration.observe(labels, seconds);
        if (res.statusCode === 429) refusals.inc({ route });
      });
    });
  };

  /** Counts every request; mounted first so nothing escapes it. */
  const middleware: RequestHandler = (req, res, next) => {
    // The path is read now: a mounted router (/media) strips its prefix from the URL and may never put it back.
    watch(req, res, req.path);
    next();
  };

  /** GET /metrics: loopback only, or with the bearer token; anyone else gets the site's plain 404. */
  const handler: RequestHandler = async (req, res, next) => {
    if (!metricsAllowed(req, token)) return next();
    res.set({ "Content-Type": registry.contentType, "Cache-Control": "no-store" });
    res.end(await registry.metrics());
  };

  /**
   * The middleware's counting for a media answer given before Express (server/media-fast-path.ts): the same counters
   * and labels, its route always `/media/*`, without waiting for the route table.
   */
  const watchMedia = (req: IncomingMessage, res: ServerResponse) => {
    const started = process.hrtime.bigint();
    countBodyBytes(res, (n) => mediaBytes.inc(n));
    res.on("finish", () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const labels = {
        method: METHODS.has(req.method ?? "") ? req.method! : "OTHER",
        route: "/media/*",
        status_class: `${Math.floor(res.statusCode / 100)}xx`,
      };
      requests.inc(labels);
      duration.observe(labels, seconds);
    });
  };

  return {
    registry,
    middleware,
    handler,
    watchMedia,
    /** The middleware's counting for a request answered before Express (server/feed-fast-path.ts), by its path. */
    watch,
  };
}

function countBodyBytes(res: ServerResponse, count: (bytes: number) => void) {
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => typeof res;
  const size = (chunk: unknown) =>
    typeof chunk === "string" ? Buffer.byteLength(chunk) : chunk instanceof Uint8Array ? chunk.byteLength : 0;
  (res as unknown as { write: unknown }).write = (...args: unknown[]) => {
    if (res.req.method !== "HEAD") count(size(args[0]));
    return write(...args);
  };
  (res as unknown as { end: unknown }).end = (...args: unknown[]) => {
    if (res.req.method !== "HEAD" && typeof args[0] !== "function") count(size(args[0]));
    return end(...args);
  };
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;
const LOCAL_HOST = /^(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/i;

/**
 * A scrape from this machine: the socket is loopback, the Host is a local name and no proxy forwarded it
 * (a reverse proxy on the same machine connects from loopback too, on behalf of anyone).
 */
function isLocalScrape(req: Request): boolean {
  return (
    LOOPBACK.test(req.socket.remoteAddress ?? "") &&
    LOCAL_HOST.test(req.headers.host ?? "") &&
    req.headers["x-forwarded-for"] === undefined &&
    req.headers.forwarded === undefined
  );
}

function hasToken(req: Request, token: string | undefined): boolean {
  const header = req.get("authorization");
  if (!token || !header?.startsWith("Bearer ")) return false;
  const given = Buffer.from(header.slice("Bearer ".length));
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function metricsAllowed(req: Request, token: string | undefined): boolean {
  return hasToken(req, token) || isLocalScrape(req);
}
