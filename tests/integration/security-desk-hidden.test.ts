import { describe, expect, it } from "vitest";
import { grantModerator } from "~/features/moderation/moderators.server";
import type { DatabaseHandle } from "~/lib/db.server";
import { type TestApp, withTestApp } from "../support/app";
import { testEngine } from "../support/database";
import { signIn, signInModerator } from "../support/sign-in";

/** The page with what differs between any two responses taken out: the per-response nonce and the path asked for. */
function normalised(html: string, path: string): string {
  return html
    .replaceAll(/nonce="[^"]*"/g, 'nonce=""')
    .replaceAll(path, "PATH")
    .replaceAll(encodeURIComponent(path), "PATH");
}

async function page(app: TestApp, path: string, cookie?: string) {
  const response = await fetch(`${app.url}${path}`, { headers: cookie ? { cookie } : {} });
  return { status: response.status, html: await response.text() };
}

/** React Router's route-discovery address for `paths`, with the build version the pages carry. */
async function manifestUrl(app: TestApp, paths: string) {
  const html = await (await fetch(`${app.url}/no-such-page`)).text();
  const version = /"version":\s*"([^"]+)"/.exec(html)?.[1];
  expect(version).toBeTruthy();
  return `${app.url}/__manifest?paths=${encodeURIComponent(paths)}&version=${version}`;
}

describe(`the desk stays hidden from anyone who is not a moderator on ${testEngine()}`, () => {
  let app: TestApp;
  let handle: DatabaseHandle;
  withTestApp((made) => ({ app, handle } = made), { env: { AGE_GATE: false } });

  it("a member's and a visitor's /admin pages are the very page any unknown address gets", async () => {
    const member = await signIn(app.env, "member@example.com");
    for (const cookie of [member, undefined]) {
      const other = await page(app, "/no-such-page", cookie);
      expect(other.status).toBe(404);
      for (const path of ["/admin", "/admin/x", "/admin/reports", "/admin/reports/1", "/admin/audit"]) {
        const desk = await page(app, path, cookie);
        expect(desk.status, path).toBe(404);
        expect(desk.html).not.toMatch(/routes\/admin/);
        expect(normalised(desk.html, path)).toBe(normalised(other.html, "/no-such-page"));
      }
    }
  });

  it("client-side navigation data and route discovery reveal nothing of the desk either", async () => {
    const member = await signIn(app.env, "member2@example.com");
    for (const cookie of [member, undefined]) {
      const data = await fetch(`${app.url}/admin/x.data`, { headers: cookie ? { cookie } : {} });
      expect(data.status).toBe(404);
      expect(await data.text()).not.toMatch(/admin/i);
      const other = await fetch(`${app.url}/no-such-page.data`, { headers: cookie ? { cookie } : {} });
      expect(other.status).toBe(404);
      const discovery = await fetch(await manifestUrl(app, "/admin/x,/admin"), { headers: cookie ? { cookie } : {} });
      expect(discovery.status).toBe(200);
      expect(await discovery.text()).not.toMatch(/admin/i);
    }
  });

  it("a moderator still gets the desk", async () => {
    await grantModerator(handle.db, "moderator@example.com");
    const cookie = await signInModerator(app.env, "moderator@example.com");
    const desk = await page(app, "/admin/audit", cookie);
    expect(desk.status).toBe(200);
    expect(desk.html).toMatch(/routes\/admin/);
    const discovery = await fetch(await manifestUrl(app, "/admin/x"), { headers: { cookie } });
    expect(await discovery.text()).toMatch(/routes\/admin/);
    // What only a moderator is answered never goes to a shared cache.
    expect(discovery.headers.get("cache-control")).toBe("private, no-store");
  });
});
