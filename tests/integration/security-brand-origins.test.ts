import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/lib/db.server";
import { startTestApp, type TestApp } from "../support/app";
import { createTestDatabase, testEngine } from "../support/database";
import { rawRequest } from "../support/raw-request";

const ADULT = "http://localhost:3000";

describe(`absolute URLs follow the brand host on ${testEngine()}`, () => {
  let handle: DatabaseHandle;
  let app: TestApp;
  let calm: string;
  beforeAll(async () => {
    handle = await createTestDatabase();
    app = await startTestApp(handle, {
      origin: ADULT,
      env: { CONSCIOUS_HOSTS: ["calm.test"], AGE_GATE: false, SIGN_IN_LIMIT_PER_IP: 100 },
    });
    calm = `calm.test:${new URL(app.url).port}`;
  });
  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  const onCalm = (path: string, init: { method?: string; body?: string; headers?: Record<string, string> } = {}) =>
    rawRequest(`${app.url}${path}`, { ...init, headers: { host: calm, ...init.headers } });

  it("robots.txt and the sitemap of Conscious Mode name its own origin", async () => {
    const robots = await onCalm("/robots.txt");
    expect(robots.body).toContain(`http://${calm}/sitemap.xml`);
    expect(robots.body).not.toContain(ADULT);
    const sitemap = await onCalm("/sitemap.xml");
    expect(sitemap.body).toContain(`http://${calm}/`);
    expect(sitemap.body).not.toContain(ADULT);
  });

  it("canonical and hreflang links of Conscious Mode name its own origin", async () => {
    const page = await onCalm("/");
    expect(page.body).toMatch(new RegExp(`rel="canonical" href="http://${calm}/"`));
    expect(page.body).not.toContain(ADULT);
  });

  it("a sign-in link asked for on Conscious Mode opens on Conscious Mode", async () => {
    const email = "calm-visitor@example.com";
    const res = await onCalm("/auth/sign-in", {
      method: "POST",
      headers: { origin: `http://${calm}`, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email }).toString(),
    });
    expect(res.status).toBe(200);
    const mail = app.env.outbox.list().find((m) => m.to === email)!;
    expect(new URL(mail.link!).origin).toBe(`http://${calm}`);
    expect(mail.text).not.toContain(ADULT);
  });

  it("the adult site keeps PUBLIC_URL, whatever Host a client sends", async () => {
    expect((await fetch(`${app.url}/robots.txt`)).ok).toBe(true);
    expect(await (await fetch(`${app.url}/robots.txt`)).text()).toContain(`${ADULT}/sitemap.xml`);
    const spoofed = await rawRequest(`${app.url}/robots.txt`, { headers: { host: "evil.example" } });
    expect(spoofed.body).toContain(`${ADULT}/sitemap.xml`);
  });
});
