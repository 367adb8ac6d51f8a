import express from "express";
import type { AddressInfo } from "node:net";
import { data, RouterContextProvider, type ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JsonText } from "~/lib/http/json-text";
import { directResourceRoutes, unsignalledGet } from "../../server/resource-routes";

// Express calls the hottest resource routes itself (ADR 106); they must answer exactly as React Router
// would have: the loader or action gets the request as sent, and every kind of answer goes out unchanged.

type Args = { request: Request; params: Record<string, string>; context: RouterContextProvider };

const routes: Record<string, { loader?: (args: Args) => unknown; action?: (args: Args) => unknown }> = {
  "routes/plain": { loader: () => ({ hello: "world" }) },
  "routes/data": {
    loader: () => data({ error: "offset" }, { status: 400, headers: { "Cache-Control": "no-store", "Set-Cookie": "a=1" } }),
  },
  "routes/response": {
    loader: ({ request }) =>
      new Response(JSON.stringify({ url: new URL(request.url).search, cookie: request.headers.get("cookie") }), {
        headers: { "Content-Type": "application/json", "X-Kind": "response" },
      }),
    action: async ({ request }) => ({ method: request.method, body: Object.fromEntries(await request.formData()) }),
  },
  "routes/thrown": { loader: () => Promise.reject(data(null, { status: 405, headers: { Allow: "POST" } })) },
  "routes/broken": { loader: () => Promise.reject(new Error("broken loader")) },
  "routes/no-action": { loader: () => ({ ok: true }) },
  // Spaces kept: the text goes out exactly as made, not parsed and serialized again.
  "routes/json-text": { loader: () => data(new JsonText('{"clips": [1, 2]}'), { status: 201, headers: { "X-Kind": "text" } }) },
  // Both wait a little, then say whether the client that went away meanwhile aborted their request's signal.
  "routes/abortable": { loader: ({ request }) => settled(request) },
  "routes/unsignalled": { loader: ({ request }) => settled(request) },
};

const started = new Set<string>();
const aborted: Record<string, boolean> = {};
async function until(done: () => boolean) {
  for (let waited = 0; !done() && waited < 5_000; waited += 10) await new Promise((resolve) => setTimeout(resolve, 10));
}
async function settled(request: Request) {
  started.add(new URL(request.url).pathname);
  await new Promise((resolve) => setTimeout(resolve, 200));
  aborted[new URL(request.url).pathname] = request.signal.aborted;
  return { cookie: request.headers.get("cookie"), search: new URL(request.url).search };
}

describe("resource routes called from Express (ADR 106)", () => {
  let url: string;
  let close: () => void;
  const reachedRouter: string[] = [];
  const errors: string[] = [];

  beforeAll(async () => {
    const build = async () =>
      ({ routes: Object.fromEntries(Object.entries(routes).map(([id, module]) => [id, { id, module }])) }) as unknown as ServerBuild;
    const app = express();
    app.use(
      directResourceRoutes(
        Object.keys(routes).map((id) => ({
          path: `/${id.slice("routes/".length)}`,
          id,
          ...(id === "routes/unsignalled" ? { signal: false as const } : {}),
        })),
        build,
        async () => new RouterContextProvider(),
        () => false,
      ),
    );
    app.use((req, res) => {
      reachedRouter.push(`${req.method} ${req.path}`);
      res.status(405).end("router");
    });
    app.use(((error, _req, res, _next) => {
      errors.push((error as Error).message);
      res.status(500).end("Internal Server Error");
    }) as express.ErrorRequestHandler);
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(() => close());

  it("sends a plain result as JSON", async () => {
    const res = await fetch(`${url}/plain`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({ hello: "world" });
  });

  it("sends data() with its status and headers", async () => {
    const res = await fetch(`${url}/data`);
    expect(res.status).toBe(400);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.getSetCookie()).toEqual(["a=1"]);
    expect(await res.json()).toEqual({ error: "offset" });
  });

  it("hands the loader the request's URL and headers, and sends its Response as is", async () => {
    const res = await fetch(`${url}/response?offset=12`, { headers: { cookie: "feed_seed=abc" } });
    expect(res.headers.get("x-kind")).toBe("response");
    expect(await res.json()).toEqual({ url: "?offset=12", cookie: "feed_seed=abc" });
  });

  it("aborts a route's request when its client goes away, unless the route asked for none", async () => {
    for (const path of ["/abortable", "/unsignalled"]) {
      const client = new AbortController();
      const asked = fetch(`${url}${path}?offset=12`, { headers: { cookie: "feed_seed=abc" }, signal: client.signal }).catch(() => null);
      await until(() => started.has(path));
      client.abort();
      await asked;
      await until(() => path in aborted);
    }
    expect(aborted).toEqual({ "/abortable": true, "/unsignalled": false });
    // Without a signal the route still gets the request as sent.
    expect(await (await fetch(`${url}/unsignalled?offset=12`, { headers: { cookie: "feed_seed=abc" } })).json()).toEqual({
      cookie: "feed_seed=abc",
      search: "?offset=12",
    });
  });

  it("gives a loader without a signal a Request whose every property and method answers as a real one's", async () => {
    const raw = ["Host", "example.test", "Cookie", "feed_seed=abc", "Accept-Language", "es", "Cookie", "b=2"];
    const request = unsignalledGet("https://example.test/api/feed?offset=12", raw);
    const real = new Request("https://example.test/api/feed?offset=12", {
      headers: [
        ["Host", "example.test"],
        ["Cookie", "feed_seed=abc"],
        ["Accept-Language", "es"],
        ["Cookie", "b=2"],
      ],
    });
    expect(request).toBeInstanceOf(Request);
    expect(Object.prototype.toString.call(request)).toBe("[object Request]");
    for (const key of [
      "url",
      "method",
      "destination",
      "referrer",
      "referrerPolicy",
      "mode",
      "credentials",
      "cache",
      "redirect",
      "integrity",
      "keepalive",
      "isReloadNavigation",
      "isHistoryNavigation",
      "bodyUsed",
      "body",
      "duplex",
    ] as const)
      expect(request[key as keyof Request], key).toEqual(real[key as keyof Request]);
    expect([...request.headers]).toEqual([...real.headers]);
    expect(request.signal.aborted).toBe(false);
    expect(await request.text()).toBe("");
    const copy = request.clone();
    expect(copy).toBeInstanceOf(Request);
    expect(copy.url).toBe(real.url);
    expect(copy.headers.get("cookie")).toBe(real.headers.get("cookie"));
  });

  it("hands the action the posted form", async () => {
    const res = await fetch(`${url}/response`, { method: "POST", body: new URLSearchParams({ clipId: "x", flamed: "true" }) });
    expect(await res.json()).toEqual({ method: "POST", body: { clipId: "x", flamed: "true" } });
  });

  it("sends JSON text as it was made, with its status and headers", async () => {
    const res = await fetch(`${url}/json-text`);
    expect(res.status).toBe(201);
    expect(res.headers.get("x-kind")).toBe("text");
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await res.text()).toBe('{"clips": [1, 2]}');
    // Serialized by anything else (React Router's HEAD, a test), it is the same JSON.
    expect(JSON.parse(JSON.stringify(new JsonText('{"clips": [1, 2]}')))).toEqual({ clips: [1, 2] });
  });

  it("sends a thrown data() like a returned one", async () => {
    const res = await fetch(`${url}/thrown`);
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("POST");
  });

  it("passes anything else thrown to the app's error handler", async () => {
    const res = await fetch(`${url}/broken`);
    expect(res.status).toBe(500);
    expect(errors).toContain("broken loader");
  });

  it("leaves a method the route does not answer, and other methods, to React Router", async () => {
    await fetch(`${url}/no-action`, { method: "POST", body: "a=1" });
    await fetch(`${url}/plain`, { method: "HEAD" });
    expect(reachedRouter).toEqual(["POST /no-action", "HEAD /plain"]);
  });
});
