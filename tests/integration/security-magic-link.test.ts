import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/lib/db.server";
import { startTestApp, type TestApp } from "../support/app";
import { createTestDatabase, testEngine } from "../support/database";

describe(`sign-in links wherever they are requested on ${testEngine()}`, () => {
  let handle: DatabaseHandle;
  let app: TestApp;
  beforeAll(async () => {
    handle = await createTestDatabase();
    // A generous per-IP limit: this file is about the per-address (e-mail) limit and the callbacks.
    app = await startTestApp(handle, { env: { SIGN_IN_LIMIT_PER_IP: 1000 } });
  });
  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  const linksTo = (email: string) =>
    app.env.outbox.list().filter((m) => m.to.toLowerCase() === email && m.link?.includes("magic-link")).length;
  const direct = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    fetch(`${app.url}/api/auth/sign-in/magic-link`, {
      method: "POST",
      headers: { origin: app.url, "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
    });
  const viaForm = (email: string) =>
    fetch(`${app.url}/auth/sign-in`, {
      method: "POST",
      headers: { origin: app.url, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email }),
    });

  it("sends at most 3 links to one address in 10 minutes through Better Auth's own endpoint", async () => {
    const email = `direct-${randomUUID().slice(0, 8)}@example.com`;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await direct({ email, callbackURL: "/" })).status);
    expect(linksTo(email)).toBe(3);
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429]);
  });

  it("counts the form and the endpoint against the same limit, whatever the case of the address", async () => {
    const local = `mixed-${randomUUID().slice(0, 8)}`;
    expect((await viaForm(`${local}@example.com`)).status).toBe(200);
    expect((await direct({ email: `${local.toUpperCase()}@Example.com`, callbackURL: "/" })).status).toBe(200);
    expect((await viaForm(`${local}@example.com`)).status).toBe(200);
    expect((await direct({ email: `${local}@example.com`, callbackURL: "/" })).status).toBe(429);
    const refused = await viaForm(`${local}@example.com`);
    expect(refused.status).toBe(429);
    expect(linksTo(`${local}@example.com`)).toBe(3);
  });

  it("answers the endpoint's refusal with a translated message", async () => {
    const email = `es-${randomUUID().slice(0, 8)}@example.com`;
    for (let i = 0; i < 3; i++) await direct({ email, callbackURL: "/" });
    const res = await direct({ email, callbackURL: "/" }, { "accept-language": "es" });
    expect(res.status).toBe(429);
    expect(JSON.stringify(await res.json())).toMatch(/enlaces/);
  });

  it.each([
    { callbackURL: "https://evil.example/steal" },
    { callbackURL: "//evil.example" },
    { callbackURL: "/.//evil.example/x" },
    { callbackURL: "/", newUserCallbackURL: "https://evil.example" },
    { callbackURL: "/", errorCallbackURL: "/a/..//evil.example" },
    { callbackURL: "/%2e//evil.example" },
  ])("refuses callback URLs that leave the site: %j", async (callbacks) => {
    const email = `cb-${randomUUID().slice(0, 8)}@example.com`;
    const res = await direct({ email, ...callbacks });
    // 403 when Better Auth's own origin check refuses an absolute URL first, 400 from our hook.
    expect([400, 403]).toContain(res.status);
    expect(linksTo(email)).toBe(0);
  });

  it("accepts a same-site callback path and puts it in the link", async () => {
    const email = `ok-${randomUUID().slice(0, 8)}@example.com`;
    expect((await direct({ email, callbackURL: "/auth/callback?next=%2Fliked-videos" })).status).toBe(200);
    const link = app.env.outbox.list().find((m) => m.to === email)!.link!;
    expect(new URL(link).searchParams.get("callbackURL")).toBe("/auth/callback?next=%2Fliked-videos");
  });
});
