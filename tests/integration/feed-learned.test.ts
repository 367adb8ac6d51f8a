import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { categories, visitorAffinities } from "~schema";
import type { DatabaseHandle } from "~/lib/db.server";
import { type TestApp, withTestApp } from "../support/app";
import { makeClips } from "../support/catalog";
import { testEngine } from "../support/database";
import { signIn } from "../support/sign-in";

/** A browser's user agent: scripts' own are taken for bots and record nothing. */
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

const finished = (clipId: string) => ({ clipId, kind: "watch" as const, watchedMs: 8000, loops: 1, completed: true, skipped: false });
const skipped = (clipId: string) => ({ clipId, kind: "watch" as const, watchedMs: 600, loops: 0, completed: false, skipped: true });

// "What the feed learned" (docs/decisions/166-what-the-feed-learned.md): the visitor's own weights, named, private,
// with "Forget this" and "Reset everything" as plain forms.
describe(`what the feed learned on ${testEngine()}`, () => {
  let handle: DatabaseHandle;
  let app: TestApp;
  withTestApp((made) => ({ handle, app } = made));

  const headers = (extra: Record<string, string> = {}) => ({ "user-agent": BROWSER, origin: app.url, ...extra });
  const signals = (events: unknown[], extra: Record<string, string> = {}) =>
    fetch(`${app.url}/api/signals`, {
      method: "POST",
      headers: { "content-type": "text/plain;charset=UTF-8", ...headers(extra) },
      body: JSON.stringify({ events }),
    });
  const page = (cookie: string, extra: Record<string, string> = {}) =>
    fetch(`${app.url}/what-the-feed-learned`, { headers: headers({ cookie: `${cookie}; age_verified=true`, ...extra }) });
  const change = (form: Record<string, string>, extra: Record<string, string> = {}) =>
    fetch(`${app.url}/what-the-feed-learned`, {
      method: "POST",
      headers: headers(extra),
      body: new URLSearchParams(form),
      redirect: "manual",
    });
  const cookieOf = (res: Response) => res.headers.getSetCookie()[0]!.split(";")[0]!;
  const anonymousIdOf = (cookie: string) => cookie.slice("spicy_uid=".length).split(".")[0]!;
  const weightsOf = async (anonymousId: string) =>
    new Map(
      (await handle.db.select().from(visitorAffinities).where(eq(visitorAffinities.anonymousId, anonymousId))).map((row) => [
        `${row.facet}:${row.itemId}`,
        row.weight,
      ]),
    );

  /** Two categories (each with its own creator): a visitor finishes the first's clips and skips the second's. */
  async function twoTastes() {
    const liked = await makeClips(handle.db, 3);
    const other = await makeClips(handle.db, 2);
    await handle.db.update(categories).set({ nameEn: "Liked", nameEs: "Preferida" }).where(eq(categories.id, liked[0]!.categoryId));
    await handle.db.update(categories).set({ nameEn: "Skipped", nameEs: "Saltada" }).where(eq(categories.id, other[0]!.categoryId));
    const a = cookieOf(await signals([...liked.map((c) => finished(c.id)), ...other.map((c) => skipped(c.id))]));
    const b = cookieOf(await signals([...other.map((c) => finished(c.id)), skipped(liked[0]!.id)]));
    return { liked, other, a, b };
  }

  it("shows each visitor their own weights, named, strongest first, privately, with the page's metadata", async () => {
    const { a, b } = await twoTastes();
    const res = await page(a);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(res.headers.get("x-micro-cache")).toBeNull();
    const html = await res.text();
    expect(html).toContain("<title>What the feed learned · Spicy Clips</title>");
    expect(html).toMatch(/<link rel="canonical" href="[^"]+\/what-the-feed-learned"/);
    expect(html).toContain('property="og:title" content="What the feed learned · Spicy Clips"');
    expect(html).toContain("RTA-5042-1996-1400-1577-RTA");
    expect(html).toContain('content="noindex"');
    // The liked category under "More of" with its weight (three finishes, one rewatch each: 3 × 1.5), the skipped
    // one under "Less of".
    expect(html).toMatch(/>More of</);
    expect(html).toMatch(/>Less of</);
    expect(html).toMatch(/data-weight="4\.50"/);
    expect(html).toMatch(/data-weight="-1\.40"/);
    expect(html).toContain(">+4.5<");
    expect(html).toContain("Forget “Liked”");
    expect(html).toContain("Forget “Skipped”");
    expect(html.indexOf(">More of<")).toBeLessThan(html.indexOf(">Liked<"));
    expect(html.indexOf(">Liked<")).toBeLessThan(html.indexOf(">Less of<"));
    expect(html.indexOf(">Less of<")).toBeLessThan(html.indexOf(">Skipped<"));
    expect(html).toContain(">Reset everything<");
    expect(html).toContain('href="/watch-history"');

    // Another visitor sees their own, in Spanish here; a third, nothing.
    const forB = await (await page(b, { "accept-language": "es" })).text();
    expect(forB).toContain(">Lo que aprendió tu feed<");
    expect(forB).toContain(">Preferida<");
    expect(forB).toContain("Olvidar «Saltada»");
    expect(forB).toMatch(/data-weight="3\.00"/);
    expect(forB).not.toMatch(/data-weight="4\.50"/);
    const nobody = await (await page("")).text();
    expect(nobody).toContain(">The feed has learned nothing about you yet");
  });

  it("Forget this takes one weight away and Reset everything all of them; another visitor's stay", async () => {
    const { liked, a, b } = await twoTastes();
    const [idA, idB] = [anonymousIdOf(a), anonymousIdOf(b)];
    const before = await weightsOf(idB);
    const categoryKey = `category:${liked[0]!.categoryId}`;
    const creatorKey = `creator:${liked[0]!.creatorId}`;
    expect((await weightsOf(idA)).get(categoryKey)).toBeCloseTo(4.5, 5);

    const forgot = await change({ intent: "forget", facet: "category", itemId: liked[0]!.categoryId }, { cookie: a });
    expect(forgot.status).toBe(200);
    expect(forgot.headers.get("cache-control")).toBe("private, no-store");
    const afterForget = await weightsOf(idA);
    expect(afterForget.has(categoryKey)).toBe(false);
    expect(afterForget.get(creatorKey)).toBeCloseTo(4.5, 5);
    const left = await (await page(a)).text();
    expect(left).not.toContain("Forget “Liked”");
    expect(left).toContain("Forget “Skipped”");

    // Bad input: a translated 400, and nothing changes.
    const bad = await change({ intent: "forget", facet: "mood", itemId: liked[0]!.creatorId }, { cookie: a, "accept-language": "es" });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Esto no es algo que el feed haya aprendido.");
    expect((await change({ intent: "forget", facet: "creator", itemId: "x'; drop table clips; --" }, { cookie: a })).status).toBe(400);
    expect((await change({ intent: "forget-all" }, { cookie: a })).status).toBe(400);
    expect((await weightsOf(idA)).get(creatorKey)).toBeCloseTo(4.5, 5);

    const reset = await change({ intent: "reset" }, { cookie: a });
    expect(reset.status).toBe(200);
    expect((await weightsOf(idA)).size).toBe(0);
    expect(await (await page(a)).text()).toContain(">The feed has learned nothing about you yet");
    // The other visitor's weights are exactly as they were.
    expect(await weightsOf(idB)).toEqual(before);

    // A visitor without an id has nothing to reset; the answer is the same.
    expect((await change({ intent: "reset" })).status).toBe(200);
    expect(await weightsOf(idB)).toEqual(before);
  });

  it("a member's section in My account, whose forms come back there, and the weights go with the account's reset", async () => {
    const [clip] = await makeClips(handle.db, 1);
    const email = `learned-${randomUUID().slice(0, 8)}@example.com`;
    const cookie = await signIn(app.env, email);
    expect((await signals([finished(clip!.id)], { cookie })).status).toBe(204);
    const account = await fetch(`${app.url}/my-account`, { headers: headers({ cookie }) });
    expect(account.headers.get("cache-control")).toMatch(/private/);
    const html = await account.text();
    expect(html).toContain('id="feed-learned"');
    expect(html).toContain(">What the feed learned<");
    expect(html).toContain("Forget “Cat”");
    expect(html).toContain('action="/what-the-feed-learned"');
    expect(html).toContain('name="back" value="account"');

    const back = await change({ intent: "reset", back: "account" }, { cookie });
    expect(back.status).toBe(302);
    expect(back.headers.get("location")).toBe("/my-account#feed-learned");
    expect(await (await fetch(`${app.url}/my-account`, { headers: headers({ cookie }) })).text()).toContain(
      ">The feed has learned nothing about you yet",
    );
  });

  it("Sec-GPC: 1 and DNT: 1 say that no profile is kept", async () => {
    const [clip] = await makeClips(handle.db, 1);
    const cookie = cookieOf(await signals([finished(clip!.id)], { "sec-gpc": "1" }));
    expect((await weightsOf(anonymousIdOf(cookie))).size).toBe(0);
    for (const header of [{ "sec-gpc": "1" }, { dnt: "1" }] as Record<string, string>[]) {
      const html = await (await page(cookie, header)).text();
      expect(html).toContain(">Your browser sends Global Privacy Control or Do Not Track: the feed keeps no profile of you");
      expect(html).toContain(">The feed has learned nothing about you yet");
    }
    const es = await (await page(cookie, { "sec-gpc": "1", "accept-language": "es" })).text();
    expect(es).toContain(">Tu navegador envía Global Privacy Control o Do Not Track: el feed no guarda ningún perfil tuyo");
  });
});
