import express from "express";
import { request as httpRequest, type Server } from "node:http";
import { mkdtemp, rm } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { networkInterfaces, tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { sql } from "drizzle-orm";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/lib/db.server";
import { createLogger } from "~/lib/logger.server";
import { createLocalStorage } from "~/lib/storage/index.server";
import { mediaRouter } from "../../server/media";
import { createMetrics } from "../../server/metrics";
import { requestLog } from "../../server/request-log";
import { createTestDatabase, testEngine } from "../support/database";

// /metrics and request ids (ADR 097), on the real middleware, logger and database probe.

const TOKEN = "metrics-token-0123456789";
const CLIP = Buffer.alloc(12_345, 7);
// The shape of React Router's route manifest: a root, an index, a parameterised route, the catch-all.
const routes = {
  root: { id: "root", path: "" },
  "routes/home": { id: "routes/home", parentId: "root", index: true },
  "routes/video": { id: "routes/video", parentId: "root", path: "video/:videoId" },
  "routes/not-found": { id: "routes/not-found", parentId: "root", path: "*" },
};
const build = async () => ({ routes }) as unknown as ServerBuild;

let handle: DatabaseHandle;
let dir: string;
const lines: Record<string, unknown>[] = [];
const servers: Server[] = [];

function appWith(trustProxy: string | boolean) {
  const log = createLogger(
    "info",
    new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    }),
  );
  const metrics = createMetrics({ build, database: handle.probe, token: TOKEN });
  const app = express();
  app.set("trust proxy", trustProxy);
  app.use(metrics.middleware);
  app.use(requestLog(log));
  app.get("/metrics", metrics.handler);
  app.use("/media", mediaRouter(createLocalStorage(path.join(dir, "media"))));
  app.get("/video/:videoId", async (_req, res) => {
    log.info("loader started");
    // Several queries at once: PGlite runs them one by one, the pool hands out connections.
    await Promise.all([1, 2, 3].map(() => handle.db.execute(sql`select pg_sleep(0.01)`)));
    log.info("loader finished");
    res.send("a video");
  });
  app.get("/too-many", (_req, res) => void res.status(429).send("slow down"));
  app.use((_req, res) => void res.status(404).send("Not Found"));
  return app;
}

async function listen(app: express.Express, host = "127.0.0.1") {
  const server = app.listen(0, host);
  servers.push(server);
  await new Promise((resolve) => server.once("listening", resolve));
  return (server.address() as AddressInfo).port;
}

/** node:http, so the Host header can be chosen. */
function get(host: string, port: number, pathname: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }>((resolve, reject) => {
    const req = httpRequest({ host, port, path: pathname, headers }, (res) => {
      let body = "";
      res.setEncoding("latin1");
      res.on("data", (c: string) => (body += c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

let port: number;
let trustingPort: number;

beforeAll(async () => {
  handle = await createTestDatabase();
  dir = await mkdtemp(path.join(tmpdir(), "metrics-"));
  await createLocalStorage(path.join(dir, "media")).put("clips/x.mp4", CLIP);
  port = await listen(appWith(false));
  trustingPort = await listen(appWith("loopback"));
});

afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  await handle.close();
  await rm(dir, { recursive: true, force: true });
});

describe("request ids", () => {
  it("every log line of a request carries the id returned in X-Request-Id", async () => {
    const [a, b] = await Promise.all([get("127.0.0.1", port, "/video/one"), get("127.0.0.1", port, "/video/two")]);
    const ids = [a.headers["x-request-id"], b.headers["x-request-id"]];
    for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(ids[0]).not.toBe(ids[1]);
    for (const [i, url] of ["/video/one", "/video/two"].entries()) {
      const own = lines.filter((l) => l.reqId === ids[i]);
      // Both loader lines (one after the database answered) and the request line.
      expect(own.map((l) => l.msg).sort()).toEqual(["loader finished", "loader started", "request"]);
      expect(own.find((l) => l.msg === "request")?.url).toBe(url);
    }
  });

  it("takes a well-formed incoming id only from a trusted proxy", async () => {
    const incoming = "edge-4f1c2a9b-0001";
    expect((await get("127.0.0.1", port, "/video/x", { "X-Request-Id": incoming })).headers["x-request-id"]).not.toBe(incoming);
    expect((await get("127.0.0.1", trustingPort, "/video/x", { "X-Request-Id": incoming })).headers["x-request-id"]).toBe(incoming);
    for (const bad of ["short", "has spaces in it", "x".repeat(129), "a;b=c<script>"]) {
      const id = (await get("127.0.0.1", trustingPort, "/video/x", { "X-Request-Id": bad })).headers["x-request-id"];
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});

describe("/metrics", () => {
  it("counts requests per route pattern and status class, refusals, media bytes, database waits and event-loop lag", async () => {
    for (const p of ["/video/abc", "/video/def", "/no/such/page", "/too-many", "/media/clips/x.mp4", "/media/clips/x.mp4"]) {
      await get("127.0.0.1", port, p);
    }
    await get("127.0.0.1", port, "/media/clips/x.mp4", { Range: "bytes=0-99" });
    const res = await get("127.0.0.1", port, "/metrics");
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toContain("text/plain; version=0.0.4");
    const text = res.body;
    const value = (series: string) => {
      const line = text.split("\n").find((l) => l.startsWith(series + " "));
      return line === undefined ? undefined : Number(line.slice(series.length + 1));
    };
    expect(value('http_requests_total{method="GET",route="/video/:videoId",status_class="2xx"}')).toBeGreaterThanOrEqual(2);
    // The page that does not exist and the refusal: neither path is a route of the app.
    expect(value('http_requests_total{method="GET",route="unmatched",status_class="4xx"}')).toBe(2);
    expect(value('http_requests_total{method="GET",route="/media/*",status_class="2xx"}')).toBe(3);
    expect(value('http_request_duration_seconds_count{method="GET",route="/video/:videoId",status_class="2xx"}')).toBeGreaterThanOrEqual(2);
    expect(value('rate_limit_refusals_total{route="unmatched"}')).toBe(1);
    expect(value("media_bytes_served_total")).toBe(2 * CLIP.length + 100);
    expect(value(`db_wait_seconds_count{engine="${testEngine()}"}`)).toBeGreaterThan(0);
    expect(text).toMatch(new RegExp(`db_pool_connections\\{engine="${testEngine()}",state="waiting"\\} \\d+`));
    expect(value("nodejs_eventloop_lag_seconds")).toBeGreaterThanOrEqual(0);
    // Bounded labels: raw URLs never become series.
    for (const raw of ["/video/abc", "/no/such/page", "clips/x.mp4"]) expect(text).not.toContain(raw);
  });

  it("answers 404 to anyone but a local scraper or the holder of METRICS_TOKEN", async () => {
    expect((await get("127.0.0.1", port, "/metrics", { Host: "localhost:1" })).status).toBe(200);
    // Through a proxy on this machine: the socket is loopback, but the visitor is not.
    expect((await get("127.0.0.1", port, "/metrics", { Host: "clips.example" })).status).toBe(404);
    expect((await get("127.0.0.1", port, "/metrics", { "X-Forwarded-For": "203.0.113.9" })).status).toBe(404);
    expect((await get("127.0.0.1", port, "/metrics", { Forwarded: "for=203.0.113.9" })).status).toBe(404);
    expect(
      (await get("127.0.0.1", port, "/metrics", { Host: "clips.example", Authorization: "Bearer wrong-token-0123456789" })).status,
    ).toBe(404);
    const withToken = await get("127.0.0.1", port, "/metrics", { Host: "clips.example", Authorization: `Bearer ${TOKEN}` });
    expect(withToken.status).toBe(200);
    expect(withToken.body).toContain("http_requests_total");
  });

  const external = Object.values(networkInterfaces())
    .flat()
    .find((a) => a && a.family === "IPv4" && !a.internal)?.address;
  it.skipIf(!external)("answers 404 over a network interface, 200 there with the token", async () => {
    const publicPort = await listen(appWith(false), "0.0.0.0");
    expect((await get(external!, publicPort, "/metrics", { Host: "localhost" })).status).toBe(404);
    expect((await get(external!, publicPort, "/metrics", { Authorization: `Bearer ${TOKEN}` })).status).toBe(200);
  });
});
