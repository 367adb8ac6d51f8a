import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { clips } from "../../db/schema";
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

  it("100 cookie-less flames from one address move the count by at most 20", async () => {
    const [clip] = await makeClips(handle.db, 1, { flames: 5 });
    const statuses: number[] = [];
    for (let i = 0; i < 100; i++) statuses.push((await flame(clip!.id)).status);
    const moved = (await flamesOf(clip!.id)) - 5;
    expect(moved).toBeGreaterThan(0);
    expect(moved).toBeLessThanOrEqual(20);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(80);
  });

  it("refuses with a translated message and keeps the count", async () => {
    const [clip] = await makeClips(handle.db, 1);
    const res = await flame(clip!.id, { "accept-language": "es" });
    expect(res.status).toBe(429);
    expect(((await res.json()) as { errors: { form: string } }).errors.form).toMatch(/llamas|Espera/i);
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

describe(`visitors with an existing anonymous id on ${testEngine()}`, () => {
  let handle: DatabaseHandle;
  let app: TestApp;
  withTestApp((made) => ({ handle, app } = made));

  it("toggle flames several times a second without being refused, and their id keeps their flames", async () => {
    const [first, second] = await makeClips(handle.db, 2);
    const firstRes = await fetch(`${app.url}/api/flames`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: app.url },
      body: new URLSearchParams({ clipId: first!.id, flamed: "true" }),
    });
    expect(firstRes.status).toBe(200);
    const cookie = firstRes.headers.getSetCookie()[0]!.split(";")[0]!;
    expect(cookie).toMatch(/^spicy_uid=/);

    const started = Date.now();
    for (let i = 0; i < 60; i++) {
      const res = await fetch(`${app.url}/api/flames`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: app.url, cookie },
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
