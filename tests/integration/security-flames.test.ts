import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { clips } from "~schema";
import type { DatabaseHandle } from "~/lib/db.server";
import { type TestApp, withTestApp } from "../support/app";
import { makeClips } from "../support/catalog";
import { testEngine } from "../support/database";
import { signIn } from "../support/sign-in";

describe(`flame stuffing on ${testEngine()}`, () => {
  let handle: DatabaseHandle;
  let app: TestApp;
  withTestApp((made) => ({ handle, app } = made));

  const flamesOf = async (clipId: string) => (await handle.db.select({ n: clips.flames }).from(clips).where(eq(clips.id, clipId)))[0]!.n;

  const flame = (clipId: string, headers: Record<string, string> = {}, flamed = true) =>
    fetch(`${app.url}/api/flames`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: app.url, ...headers },
      body: new URLSearchParams({ clipId, flamed: String(flamed) }),
    });

  it("100 cookie-less flames from one address move the count by at most 20: a flame request mints no id", async () => {
    const [clip] = await makeClips(handle.db, 1, { flames: 5 });
    const statuses: number[] = [];
    const cookies: string[] = [];
    for (let i = 0; i < 100; i++) {
      const res = await flame(clip!.id);
      statuses.push(res.status);
      cookies.push(...res.headers.getSetCookie());
    }
    const moved = (await flamesOf(clip!.id)) - 5;
    expect(moved).toBeLessThanOrEqual(20);
    expect(moved).toBe(0);
    expect(statuses.every((s) => s === 403)).toBe(true);
    expect(cookies).toEqual([]);
  });

  it("refuses a cookie-less flame with a translated message saying the way forward, and keeps the count", async () => {
    const [clip] = await makeClips(handle.db, 1);
    const es = await flame(clip!.id, { "accept-language": "es" });
    expect(es.status).toBe(403);
    const body = (await es.json()) as { errors: { form: string }; reason: string };
    expect(body.reason).toBe("flames.noVisitorId");
    expect(body.errors.form).toMatch(/recarga la página, o inicia sesión/);
    const en = (await (await flame(clip!.id, { "accept-language": "en" })).json()) as { errors: { form: string } };
    expect(en.errors.form).toMatch(/reload the page, or sign in/);
    expect(await flamesOf(clip!.id)).toBe(0);
  });

  it("a made-up anonymous id is no id: 100 invented ids move the count by at most 20", async () => {
    const [clip] = await makeClips(handle.db, 1);
    for (let i = 0; i < 100; i++) await flame(clip!.id, { cookie: `spicy_uid=${randomUUID()}` });
    expect(await flamesOf(clip!.id)).toBeLessThanOrEqual(20);
  });

  it("signed-in users on the same address are unaffected", async () => {
    const [clip] = await makeClips(handle.db, 1);
    const cookie = await signIn(app.env, `flamer-${randomUUID().slice(0, 8)}@example.com`);
    const res = await flame(clip!.id, { cookie });
    expect(res.status).toBe(200);
    expect(await flamesOf(clip!.id)).toBe(1);
  });
});

/** What the page does once hydrated (ADR 140): asks for an anonymous id, and returns the cookie it got. */
async function pageViewId(url: string, cookie?: string): Promise<{ status: number; cookie: string | undefined }> {
  const res = await fetch(`${url}/api/visitor`, {
    method: "POST",
    headers: { origin: url, "content-type": "application/x-www-form-urlencoded", ...(cookie ? { cookie } : {}) },
    body: "",
  });
  return { status: res.status, cookie: res.headers.getSetCookie()[0]?.split(";")[0] };
}

describe(`visitors with an existing anonymous id on ${testEngine()}`, () => {
  let handle: DatabaseHandle;
  let app: TestApp;
  withTestApp((made) => ({ handle, app } = made));

  it("a page view issues a signed id once; a visitor who holds it is not issued another", async () => {
    const issued = await pageViewId(app.url);
    expect(issued.status).toBe(200);
    expect(issued.cookie).toMatch(/^spicy_uid=[0-9a-f-]{36}\.[A-Za-z0-9_-]+$/);
    const again = await pageViewId(app.url, issued.cookie);
    expect(again).toEqual({ status: 200, cookie: undefined });
  });

  it("toggle flames several times a second without being refused, and their id keeps their flames", async () => {
    const [first, second] = await makeClips(handle.db, 2);
    const { cookie } = await pageViewId(app.url);
    const firstRes = await fetch(`${app.url}/api/flames`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: app.url, cookie: cookie! },
      body: new URLSearchParams({ clipId: first!.id, flamed: "true" }),
    });
    expect(firstRes.status).toBe(200);
    expect(firstRes.headers.getSetCookie()).toEqual([]);

    const started = Date.now();
    for (let i = 0; i < 60; i++) {
      const res = await fetch(`${app.url}/api/flames`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: app.url, cookie: cookie! },
        body: new URLSearchParams({ clipId: second!.id, flamed: String(i % 2 === 0) }),
      });
      expect(res.status).toBe(200);
      expect(res.headers.getSetCookie()).toEqual([]);
    }
    expect(Date.now() - started).toBeLessThan(60_000);
    const [after] = await handle.db.select({ n: clips.flames }).from(clips).where(eq(clips.id, first!.id));
    expect(after!.n).toBe(1);
  });
});

describe(`visitors sharing one address on ${testEngine()}`, () => {
  let handle: DatabaseHandle;
  let app: TestApp;
  withTestApp((made) => ({ handle, app } = made), { env: { FLAME_LIMIT_PER_ID: 3, FLAME_LIMIT_PER_IP: 8, FLAME_NEW_IDS_PER_IP: 4 } });

  const flameAs = (clipId: string, cookie: string, language = "en") =>
    fetch(`${app.url}/api/flames`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: app.url, cookie, "accept-language": language },
      body: new URLSearchParams({ clipId, flamed: "true" }),
    });

  it("each id has its own limit: one visitor's flood does not refuse a neighbour; the address has a ceiling", async () => {
    const made = await makeClips(handle.db, 9);
    const ids = (await Promise.all([1, 2, 3].map(() => pageViewId(app.url)))).map((issued) => issued.cookie!);
    const [greedy, neighbour, third] = ids as [string, string, string];

    for (const clip of made.slice(0, 3)) expect((await flameAs(clip.id, greedy)).status).toBe(200);
    const refused = await flameAs(made[3]!.id, greedy, "es");
    expect(refused.status).toBe(429);
    const body = (await refused.json()) as { errors: { form: string }; reason: string };
    expect(body.reason).toBe("flames.rateLimited");
    expect(body.errors.form).toMatch(/Espera un minuto/);

    // Same address, another id: its own three flames.
    for (const clip of made.slice(3, 6)) expect((await flameAs(clip.id, neighbour)).status).toBe(200);
    // Eight anonymous flames a minute from the address: the third id gets two, then the ceiling answers.
    for (const clip of made.slice(6, 8)) expect((await flameAs(clip.id, third)).status).toBe(200);
    const ceiling = await flameAs(made[8]!.id, third);
    expect(ceiling.status).toBe(429);
    expect(((await ceiling.json()) as { reason: string }).reason).toBe("flames.addressBusy");
    const [last] = await handle.db.select({ n: clips.flames }).from(clips).where(eq(clips.id, made[8]!.id));
    expect(last!.n).toBe(0);
  });

  it("page views from one address get new ids up to the hourly ceiling, then a translated 429", async () => {
    // Three of the four were issued by the test above.
    expect((await pageViewId(app.url)).status).toBe(200);
    const refused = await fetch(`${app.url}/api/visitor`, {
      method: "POST",
      headers: { origin: app.url, "accept-language": "es", "content-type": "application/x-www-form-urlencoded" },
      body: "",
    });
    expect(refused.status).toBe(429);
    expect(refused.headers.getSetCookie()).toEqual([]);
    expect(((await refused.json()) as { errors: { form: string } }).errors.form).toMatch(/desde tu red/);
  });
});
