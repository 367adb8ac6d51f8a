import { get, type IncomingMessage } from "node:http";
import { createContext, data, type RouterContextProvider, type ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serveFastPath } from "../support/fast-path-server";
import { refusesRoute } from "~/lib/brand-mode";
import type { Services, Visitor } from "~/lib/context";
import { currentRequestId } from "~/lib/request-context.server";
import { feedFastPath } from "../../server/feed-fast-path";

// What the feed's path before Express answers itself, with what Express's middlewares would have added, and what it
// leaves to Express untouched (docs/decisions/236-feed-before-express.md).

type Args = { request: Request; context: RouterContextProvider };

const servicesContext = createContext<Services>();
const visitorContext = createContext<Visitor>();
const seen: { url: string; cookie: string | null; signal: boolean; visitor: Visitor; requestId: string | undefined }[] = [];
const lines: { level: string; fields: Record<string, unknown> }[] = [];
const logAt = (level: string) => (fields: Record<string, unknown>) => void lines.push({ level, fields });
const log = { info: logAt("info"), error: logAt("error"), warn: logAt("warn") } as never;
const watched: string[] = [];
const failed: unknown[] = [];
let down = false;
let buildReady = true;
let base: string;
let close: () => Promise<void>;

const build = {
  entry: { module: { servicesContext, visitorContext } },
  routes: {
    root: { id: "root", module: {} },
    "routes/adult-only": { id: "routes/adult-only", parentId: "root", module: {} },
    "routes/api.feed": {
      id: "routes/api.feed",
      parentId: "routes/adult-only",
      module: {
        loader: ({ request, context }: Args) => {
          const url = new URL(request.url);
          if (url.searchParams.get("offset") === "boom") throw new Error("boom");
          if (url.searchParams.get("offset") === "bad") return data({ error: "offset" }, { status: 400 });
          seen.push({
            url: request.url,
            cookie: request.headers.get("cookie"),
            signal: request.signal.aborted,
            visitor: context.get(visitorContext),
            requestId: currentRequestId(),
          });
          return data(
            { page: url.searchParams.get("offset") },
            { headers: { "Cache-Control": "private, no-store", "Set-Cookie": "feed_seed=1" } },
          );
        },
      },
    },
  },
} as unknown as ServerBuild;

beforeAll(async () => {
  const env = { CONSCIOUS_HOSTS: ["calm.test"], AGE_GATE: true } as unknown as Services["env"];
  const fast = feedFastPath({
    routes: [
      { path: "/api/feed", id: "routes/api.feed", signal: false },
      // A route that reads its signal is never answered here.
      { path: "/api/signalled", id: "routes/api.feed" },
    ],
    build: () => (buildReady ? build : null),
    services: { env, origin: "http://localhost:3000" } as Services,
    secure: false,
    log,
    setSecurityHeaders: (res, nonce) => res.setHeader("Content-Security-Policy", `script-src 'nonce-${nonce}'`),
    watch: (_req, _res, path) => void watched.push(path),
    outage: { isDown: () => down, watch: (res) => void res.setHeader("X-Outage-Watched", "1") },
    compress: (_req, res, next) => {
      res.setHeader("X-Compressed", "asked");
      next();
    },
    trustProxy: () => undefined,
    expressView: (req) => ({ ip: req.socket.remoteAddress, protocol: "http" }),
    refused: (visitor, routeIds) => refusesRoute(visitor.brandMode, routeIds),
    fail: (error, _req, res) => {
      failed.push(error);
      res.statusCode = 500;
      res.end("Internal Server Error");
    },
  });
  ({ base, close } = await serveFastPath(fast));
});

afterAll(() => close());

describe("the feed before Express", () => {
  it("runs the loader with the request as sent and answers with the middlewares' headers, the metrics and a log line", async () => {
    const res = await fetch(`${base}/api/feed?offset=12`, {
      headers: { cookie: "age_verified=true; lang=es", "x-request-id": "chosen-by-client" },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ page: "12" });
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(res.headers.get("set-cookie")).toBe("feed_seed=1");
    expect(res.headers.get("content-type")).toBe("application/json");
    // Not from a trusted proxy: the client's id is not taken; the loader's log lines carry the one answered.
    const requestId = res.headers.get("x-request-id");
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers.get("content-security-policy")).toMatch(/^script-src 'nonce-[A-Za-z0-9+/=]{24}'$/);
    expect(res.headers.get("x-outage-watched")).toBe("1");
    expect(watched.at(-1)).toBe("/api/feed");
    expect(lines.at(-1)).toMatchObject({ level: "info", fields: { reqId: requestId, status: 200, url: "/api/feed?offset=12" } });
    const call = seen.at(-1)!;
    expect(call.url).toBe(`${base}/api/feed?offset=12`);
    expect(call.cookie).toBe("age_verified=true; lang=es");
    expect(call.signal).toBe(false);
    expect(call.requestId).toBe(requestId);
    // The visitor as server/visitor.ts decides it, with this answer's nonce.
    expect(call.visitor).toMatchObject({ brandMode: "adult", language: "es", ageVerified: true, isLoopback: true });
    expect(res.headers.get("content-security-policy")).toContain(`'nonce-${call.visitor.nonce}'`);
  });

  it("sends a loader's 400 as it is, and compresses through the app's middleware only when asked", async () => {
    const res = await fetch(`${base}/api/feed?offset=bad`, { headers: { "accept-encoding": "gzip" } });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: "offset" });
    expect(res.headers.get("x-compressed")).toBe("asked");
    // fetch always asks for an encoding; node:http sends only what it is given.
    const plain = await new Promise<IncomingMessage>((resolve, reject) => get(`${base}/api/feed?offset=1`, resolve).on("error", reject));
    plain.resume();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers["x-compressed"]).toBeUndefined();
  });

  it("leaves to Express what its middlewares refuse or do themselves, and what the brand refuses", async () => {
    const express = async (path: string, init: RequestInit & { host?: string } = {}) => {
      const count = seen.length;
      const status = (await fetch(base + path, init)).status;
      expect(seen.length).toBe(count);
      return status;
    };
    expect(await express("/api/feed", { method: "POST", body: "x" })).toBe(299);
    expect(await express("/api/feed", { method: "HEAD" })).toBe(299);
    expect(await express("/api/feed?offset=%00")).toBe(299);
    expect(await express("/api/feed?ref=someone")).toBe(299);
    expect(await express("/api/feed?mode=sfw")).toBe(299);
    expect(await express("/api/feed/")).toBe(299);
    expect(await express("/api/feedx")).toBe(299);
    expect(await express("/api/signalled")).toBe(299);
    // The companion brand (its cookie on a local host) never runs the adult route here: Express answers its 404.
    expect(await express("/api/feed", { headers: { cookie: "brand_mode=conscious" } })).toBe(299);
  });

  it("leaves everything to Express while the database is known to be down, or before the build is loaded", async () => {
    down = true;
    expect((await fetch(`${base}/api/feed`)).status).toBe(299);
    down = false;
    buildReady = false;
    expect((await fetch(`${base}/api/feed`)).status).toBe(299);
    buildReady = true;
    expect((await fetch(`${base}/api/feed`)).status).toBe(200);
  });

  it("hands a fault of the loader to the app's error handler", async () => {
    const res = await fetch(`${base}/api/feed?offset=boom`);
    expect(res.status).toBe(500);
    expect((failed.at(-1) as Error).message).toBe("boom");
  });
});
