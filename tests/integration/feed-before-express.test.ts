import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { seedDemoContent } from "../../db/seed/demo";
import { createLocalStorage } from "~/lib/storage/index.server";
import { withTestApp, type TestApp } from "../support/app";
import type { DatabaseHandle } from "~/lib/db.server";
import { testEngine } from "../support/database";
import { rawRequest } from "../support/raw-request";

// `GET /api/feed` is answered before Express (docs/decisions/236-feed-before-express.md). Through the whole app, its
// answer must be Express's answer: the same status, body and headers (only the request id and the CSP nonce are each
// answer's own). `?ref=` with a JSON Accept makes Express answer the same page (a share-link visit counts only page
// loads of HTML), so each request is compared with its twin through Express.

type Answer = { status: number; body: string; headers: Record<string, string> };

/** With exactly these headers (fetch adds its own Accept-Encoding and will not send a chosen Host). */
async function answer(url: string, headers: Record<string, string>): Promise<Answer> {
  const res = await rawRequest(url, { headers });
  const all: Record<string, string> = {};
  for (const [name, value] of Object.entries(res.headers)) if (value !== undefined) all[name] = String(value);
  return { status: res.status, body: res.body, headers: all };
}

/** An answer without what is each answer's own: its date, request id, CSP nonce and a fresh feed seed. */
function comparable({ status, body, headers }: Answer): Answer {
  const { date: _date, "x-request-id": id, ...rest } = headers;
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  const csp = rest["content-security-policy"]!.replace(/'nonce-[A-Za-z0-9+/=]{24}'/, "'nonce-N'");
  const cookie = rest["set-cookie"]?.replace(/feed_seed=[0-9a-f]{16}/, "feed_seed=S");
  return { status, body, headers: { ...rest, "content-security-policy": csp, ...(cookie ? { "set-cookie": cookie } : {}) } };
}

describe(`/api/feed before Express on ${testEngine()}`, () => {
  let app: TestApp;
  let handle: DatabaseHandle;
  withTestApp((made) => ({ app, handle } = made), { env: { CONSCIOUS_HOSTS: ["calm.test"], MICRO_CACHE_TTL_MS: 0 } });

  const twins = async (query: string, headers: Record<string, string>) => {
    const fast = comparable(await answer(`${app.url}/api/feed?${query}`, headers));
    const express = comparable(
      await answer(`${app.url}/api/feed?${query}${query ? "&" : ""}ref=nobody`, { ...headers, accept: "application/json" }),
    );
    return { fast, express };
  };

  it("answers every kind of feed request exactly as Express does", async () => {
    await seedDemoContent({ db: handle.db, storage: createLocalStorage(mkdtempSync(path.join(tmpdir(), "feed-fast-"))) });
    const returning = { cookie: "age_verified=true; feed_seed=0123456789abcdef", "accept-language": "es", accept: "application/json" };
    const cases: [string, Record<string, string>][] = [
      ["offset=0", returning],
      ["offset=12", returning],
      // A first visit: the seed is set in a cookie.
      ["offset=0", { cookie: "age_verified=true" }],
      // Global Privacy Control.
      ["offset=0", { ...returning, "sec-gpc": "1" }],
      // Refused input: 400 with its reason.
      ["offset=-1", returning],
      ["shown=not-a-uuid", returning],
      ["offset=0", { ...returning, "accept-encoding": "gzip" }],
    ];
    for (const [query, headers] of cases) {
      const { fast, express } = await twins(query, headers);
      const named = `${query} ${JSON.stringify(headers)}`;
      expect(fast.status, named).toBe(express.status);
      if (headers.cookie!.includes("feed_seed=")) {
        expect(fast.headers, named).toEqual(express.headers);
        expect(fast.body, named).toBe(express.body);
      } else {
        // A first visit draws a fresh seed, so its order (and length) is its own: the same headers otherwise, a page each.
        const { "content-length": _fast, ...fastHeaders } = fast.headers;
        const { "content-length": _express, ...expressHeaders } = express.headers;
        expect(fastHeaders, named).toEqual(expressHeaders);
        expect(JSON.parse(fast.body).clips.length, named).toBe(JSON.parse(express.body).clips.length);
      }
    }
    const first = await answer(`${app.url}/api/feed?offset=0`, { cookie: "age_verified=true" });
    expect(first.status).toBe(200);
    expect(first.headers["cache-control"]).toBe("private, no-store");
    expect(first.headers["set-cookie"]).toMatch(/^feed_seed=[0-9a-f]{16};/);
    expect(JSON.parse(first.body).clips.length).toBeGreaterThan(0);
    expect((await answer(`${app.url}/api/feed?offset=-1`, returning)).status).toBe(400);
  });

  it("never answers the companion brand's host with the adult feed", async () => {
    const res = await answer(`${app.url}/api/feed?offset=0`, { host: `calm.test:${new URL(app.url).port}`, cookie: "age_verified=true" });
    expect(res.status).toBe(404);
    expect(res.body).not.toContain('"clips"');
  });
});
