import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/lib/db.server";
import { user, userFlames } from "~schema";
import { startTestApp, type TestApp } from "../support/app";
import { makeClips } from "../support/catalog";
import { createTestDatabase, testEngine } from "../support/database";
import { anonymousVisitor, keepCookies } from "../support/http-visitors";

/** The cookies a response set, as `name=value` pairs joined for a `cookie` header, after the ones already held. */
function withCookies(cookie: string, res: Response): string {
  const set = res.headers.getSetCookie().map((c) => c.split(";")[0]!);
  const names = new Set(set.map((c) => c.split("=")[0]));
  return [...cookie.split("; ").filter((c) => c && !names.has(c.split("=")[0])), ...set].join("; ");
}

/**
 * Login CSRF through a magic link: a link works fully only in the browser that asked for it. Opened in another
 * browser it names the address it signs into and asks first, and never merges that browser's anonymous flames.
 */
describe(`a sign-in link belongs to the browser that asked for it on ${testEngine()}`, () => {
  let handle: DatabaseHandle;
  let app: TestApp;
  let clipId: string;
  beforeAll(async () => {
    handle = await createTestDatabase();
    app = await startTestApp(handle, { env: { SIGN_IN_LIMIT_PER_IP: 1000, AGE_GATE: false, MICRO_CACHE_TTL_MS: 0 } });
    clipId = (await makeClips(handle.db, 1))[0]!.id;
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  const send = (path: string, cookie: string, init: { method?: string; body?: Record<string, string> } = {}) =>
    fetch(`${app.url}${path}`, {
      method: init.method ?? "GET",
      headers: { cookie, origin: app.url, "content-type": "application/x-www-form-urlencoded" },
      body: init.body ? new URLSearchParams(init.body) : undefined,
      redirect: "manual",
    });
  const linkFor = (email: string) => {
    const link = app.env.outbox.list().find((m) => m.to === email && m.link?.includes("magic-link"))!.link!;
    const url = new URL(link);
    return `${url.pathname}${url.search}`;
  };
  /** A visitor who flamed the clip anonymously (under the `spicy_uid` their page view was given, ADR 140). */
  async function flamingVisitor(): Promise<string> {
    const visitor = anonymousVisitor();
    const viewed = await send("/api/visitor", visitor, { method: "POST", body: {} });
    expect(viewed.status).toBe(200);
    const cookie = keepCookies(visitor, viewed);
    const flamed = await send("/api/flames", cookie, { method: "POST", body: { clipId, flamed: "true" } });
    expect(flamed.status).toBe(200);
    return keepCookies(cookie, flamed);
  }
  const flamesOf = async (email: string) => {
    const [account] = await handle.db.select().from(user).where(eq(user.email, email));
    return handle.db.select().from(userFlames).where(eq(userFlames.userId, account!.id));
  };
  const sessionSet = (res: Response) => res.headers.getSetCookie().some((c) => /session_token=[^;]/.test(c));

  it("opened elsewhere, the link signs no one in: it names the address and asks, then merges nothing", async () => {
    const email = "asker@example.com";
    const asked = await send("/auth/sign-in", anonymousVisitor(), { method: "POST", body: { email } });
    expect(asked.status).toBe(200);
    // The asking browser got its binding cookie; this one never sees it.
    expect(asked.headers.getSetCookie().some((c) => c.includes("link_binding="))).toBe(true);

    // Another browser — with anonymous flames of its own — opens the link.
    const victim = await flamingVisitor();
    const opened = await send(linkFor(email), victim);
    expect(sessionSet(opened)).toBe(false);
    expect(opened.status).toBe(302);
    const confirmPath = opened.headers.get("location")!;
    expect(confirmPath).toMatch(/^\/auth\/confirm-link\?/);

    const page = await send(confirmPath, victim);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(email);
    expect(html).toContain("Sign in as");

    // Confirming signs in as the link's address, and the anonymous flames of this browser stay where they were.
    const token = new URL(confirmPath, app.url).searchParams.get("token")!;
    const confirmed = await send("/auth/confirm-link", victim, { method: "POST", body: { token, next: "/" } });
    expect(confirmed.status).toBe(302);
    expect(sessionSet(confirmed)).toBe(true);
    expect(await flamesOf(email)).toHaveLength(0);
  });

  it("in the browser that asked, the link signs in at once and brings that browser's flames", async () => {
    const email = "owner@example.com";
    let owner = await flamingVisitor();
    const asked = await send("/auth/sign-in", owner, { method: "POST", body: { email } });
    expect(asked.status).toBe(200);
    owner = withCookies(owner, asked);
    const opened = await send(linkFor(email), owner);
    expect(opened.status).toBe(302);
    expect(opened.headers.get("location")).toMatch(/\/auth\/callback/);
    expect(sessionSet(opened)).toBe(true);
    expect(await flamesOf(email)).toHaveLength(1);
  });

  it("a confirmation cannot be forged: the verify endpoint ignores a made-up confirmation header", async () => {
    const email = "forged@example.com";
    await send("/auth/sign-in", anonymousVisitor(), { method: "POST", body: { email } });
    const res = await fetch(`${app.url}${linkFor(email)}`, {
      headers: { "x-spicy-link-confirmed": "yes" },
      redirect: "manual",
    });
    expect(sessionSet(res)).toBe(false);
  });
});
