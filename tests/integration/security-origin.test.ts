import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/lib/db.server";
import { startTestApp, type TestApp } from "../support/app";
import { createTestDatabase, testEngine } from "../support/database";
import { rawRequest } from "../support/raw-request";
import { signIn } from "../support/sign-in";

const EVIL = "https://evil.example";
const CONSCIOUS_HOST = "calm.test";

/** Every kind of state-changing endpoint: page actions, resource routes, Better Auth's, admin, uploads. */
const TARGETS: { path: string; method?: string; body?: Record<string, string> }[] = [
  { path: "/preferences", body: { ageVerified: "true", language: "es", redirectTo: "/" } },
  { path: "/api/flames", body: { clipId: "00000000-0000-4000-8000-000000000000", flamed: "true" } },
  { path: "/api/usage", body: { seconds: "30", startedAt: new Date().toISOString() } },
  { path: "/auth/sign-out" },
  { path: "/auth/sign-in", body: { email: "victim@example.com" } },
  { path: "/api/auth/sign-in/magic-link", body: { email: "victim@example.com", callbackURL: "/" } },
  { path: "/api/auth/sign-out" },
  { path: "/contato", body: { name: "x", email: "x@example.com", message: "hello" } },
  { path: "/submit", body: { title: "x" } },
  { path: "/my-account", body: { intent: "delete" } },
  { path: "/admin/reports", body: { intent: "x" } },
  { path: "/admin/submissions/00000000-0000-4000-8000-000000000000/upload", method: "DELETE" },
  { path: "/api/flames", method: "PUT", body: { clipId: "x" } },
  { path: "/api/flames", method: "PATCH", body: { clipId: "x" } },
];

describe(`one origin check for every state-changing request on ${testEngine()}`, () => {
  let handle: DatabaseHandle;
  let app: TestApp;
  let session: string;
  beforeAll(async () => {
    handle = await createTestDatabase();
    app = await startTestApp(handle, { env: { CONSCIOUS_HOSTS: [CONSCIOUS_HOST] } });
    session = await signIn(app.env, "reader@example.com");
  });
  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  const send = (target: (typeof TARGETS)[number], headers: Record<string, string>) =>
    fetch(`${app.url}${target.path}`, {
      method: target.method ?? "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
      body: new URLSearchParams(target.body ?? {}),
      redirect: "manual",
    });

  it.each(TARGETS)("refuses a cross-site $method $path with 403 and a translated message", async (target) => {
    const res = await send(target, { origin: EVIL, cookie: session, "accept-language": "es" });
    expect(res.status).toBe(403);
    expect(res.headers.getSetCookie()).toEqual([]);
    expect(await res.text()).toContain("otro sitio");
  });

  it.each(TARGETS)("refuses $path when only Sec-Fetch-Site says cross-site", async (target) => {
    const res = await send(target, { "sec-fetch-site": "cross-site", cookie: session });
    expect(res.status).toBe(403);
    expect(await res.text()).toContain("another site");
  });

  it("refuses an opaque Origin (null) and a same-site but foreign origin", async () => {
    expect((await send(TARGETS[0]!, { origin: "null" })).status).toBe(403);
    expect((await send(TARGETS[0]!, { origin: "http://attacker.localhost:3000", "sec-fetch-site": "same-site" })).status).toBe(403);
  });

  it("a cross-site /preferences post does not verify the visitor's age", async () => {
    const res = await send(TARGETS[0]!, { origin: EVIL });
    expect(res.headers.get("set-cookie") ?? "").not.toContain("age_verified");
  });

  it("allows the site's own pages on either brand host", async () => {
    const own = await send(TARGETS[0]!, { origin: app.url, "sec-fetch-site": "same-origin" });
    expect(own.status).toBe(302);
    expect(own.headers.get("set-cookie")).toContain("age_verified=true");

    const port = new URL(app.url).port;
    const conscious = await rawRequest(`${app.url}/preferences`, {
      method: "POST",
      headers: {
        host: `${CONSCIOUS_HOST}:${port}`,
        origin: `http://${CONSCIOUS_HOST}:${port}`,
        "sec-fetch-site": "same-origin",
        "content-type": "application/x-www-form-urlencoded",
      },
      body: "language=es&redirectTo=%2F",
    });
    expect(conscious.status).toBe(302);

    const flame = await send(TARGETS[1]!, { origin: app.url, cookie: session });
    expect(flame.status).not.toBe(403);
  });

  it("allows clients that send neither header and no session (curl, scripts)", async () => {
    const res = await send(TARGETS[0]!, {});
    expect(res.status).toBe(302);
  });

  it("refuses a signed-in request that sends neither header (ADR 091)", async () => {
    const res = await send(TARGETS[2]!, { cookie: session });
    expect(res.status).toBe(403);
  });

  it("leaves reads alone", async () => {
    const res = await fetch(`${app.url}/healthz`, { headers: { origin: EVIL, "sec-fetch-site": "cross-site" } });
    expect(res.status).toBe(200);
  });
});
