import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { testEngine } from "../support/database";
import { BROWSER, withSimApp } from "../support/taste";

interface Page {
  clips: { id: string; why?: { kind: string; facet?: string; name?: string }[] }[];
  total: number;
}

// /api/feed's "For you" order (ADR 160): personal, so never from a shared cache; nothing personal under GPC.
describe(`/api/feed For you on ${testEngine()}`, () => {
  const t = withSimApp();
  const { sim } = t;

  const { visitorWhoLikes } = t;

  const feed = async (cookie: string, query = "offset=0", headers: Record<string, string> = {}) => {
    const res = await fetch(`${t.app.url}/api/feed?${query}`, {
      headers: { cookie: `age_verified=true; feed_seed=abcdef12; ${cookie}`, ...headers },
    });
    expect(res.status).toBe(200);
    return { res, page: (await res.json()) as Page };
  };

  it("orders each visitor's feed by their own taste, says why, and never lets a cache share it", async () => {
    const { categoryIds, newest } = await sim();
    const watched = newest.slice(100, 160);
    const [a, b] = [categoryIds[0]!, categoryIds[3]!];
    const likesA = await visitorWhoLikes(a, watched);
    const likesB = await visitorWhoLikes(b, watched);
    const share = (page: Page, category: string) =>
      page.clips.filter((clip) => t.catalogue.clips.get(clip.id)?.categoryId === category).length;

    const { res, page: forA } = await feed(likesA, "offset=12");
    expect(res.headers.get("cache-control")).toMatch(/private/);
    expect(res.headers.get("cache-control")).toMatch(/no-store/);
    const { page: forB } = await feed(likesB, "offset=12");
    expect(share(forA, a)).toBeGreaterThan(share(forA, b));
    expect(share(forB, b)).toBeGreaterThan(share(forB, a));
    // The reasons are each visitor's own: A's name A's category, never B's.
    const named = (page: Page) => page.clips.flatMap((clip) => (clip.why ?? []).filter((w) => w.kind === "taste").map((w) => w.name));
    expect(named(forA)).toContain("Sim 0");
    expect(named(forA)).not.toContain("Sim 3");
    expect(named(forB)).toContain("Sim 3");
    expect(named(forB)).not.toContain("Sim 0");
    // Nothing either watched comes back this week.
    for (const clip of [...forA.clips, ...forB.clips]) expect(watched).not.toContain(clip.id);

    // Global Privacy Control: the same visitor is ranked without their profile.
    const { page: private_ } = await feed(likesA, "offset=12", { "sec-gpc": "1" });
    expect(named(private_)).toEqual([]);

    // "Reset everything": nothing is there for a taste any more, and the liked category's share falls back.
    const reset = await fetch(`${t.app.url}/what-the-feed-learned`, {
      method: "POST",
      headers: { origin: t.app.url, cookie: likesA, "user-agent": BROWSER },
      body: new URLSearchParams({ intent: "reset" }),
      redirect: "manual",
    });
    expect(reset.status).toBe(200);
    const { page: forgotten } = await feed(likesA, "offset=12");
    expect(named(forgotten)).toEqual([]);
    expect(share(forgotten, a)).toBeLessThan(share(forA, a));
  }, 120_000);

  it("pages a newcomer's order without repeats, the lead first, with `shown` too; refuses a bad `shown`", async () => {
    await sim();
    const first = (await feed("")).page;
    const second = (await feed("", "offset=12")).page;
    const ids = [...first.clips, ...second.clips].map((clip) => clip.id);
    expect(new Set(ids).size).toBe(24);
    expect(first.clips[0]!.why).toEqual([{ kind: "newest" }]);
    const third = (await feed("", `offset=24&shown=${ids.join(",")}`)).page;
    for (const clip of third.clips) expect(ids).not.toContain(clip.id);
    expect(third.clips).toHaveLength(12);
    const bad = await fetch(`${t.app.url}/api/feed?offset=12&shown=not-an-id`, { headers: { cookie: "age_verified=true" } });
    expect(bad.status).toBe(400);
  }, 120_000);

  /** The home page as this visitor is answered it, and whether the micro-cache stored, served or bypassed it. */
  const home = async (who: string) => {
    const res = await fetch(`${t.app.url}/`, { headers: { cookie: `age_verified=true; ${who}` } });
    expect(res.status).toBe(200);
    return { cache: res.headers.get("x-micro-cache"), html: await res.text() };
  };

  const choose = (cookie: string, form: Record<string, string>, headers: Record<string, string> = {}) =>
    fetch(`${t.app.url}/api/feed-choice`, {
      method: "POST",
      headers: { origin: t.app.url, cookie, "content-type": "application/x-www-form-urlencoded", ...headers },
      body: new URLSearchParams(form),
    });

  it("remembers the visitor's order: Newest gives the newest first, Shuffle the seeded shuffle, For you again", async () => {
    const { newest } = await sim();
    const res = await choose("", { intent: "order", order: "newest" });
    expect(res.status).toBe(200);
    const cookie = res.headers.getSetCookie()[0]!.split(";")[0]!;
    const byDate = (await feed(cookie)).page as Page & { order: string };
    expect(byDate.order).toBe("newest");
    expect(byDate.clips.map((clip) => clip.id)).toEqual(newest.slice(0, 12));
    expect((await choose(cookie, { intent: "order", order: "shuffle" })).status).toBe(200);
    const shuffled = (await feed(cookie)).page as Page & { order: string };
    expect(shuffled.order).toBe("shuffle");
    expect(shuffled.clips.map((clip) => clip.id)).not.toEqual(newest.slice(0, 12));
    expect((await choose(cookie, { intent: "order", order: "for-you" })).status).toBe(200);
    expect(((await feed(cookie)).page as Page & { order: string }).order).toBe("for-you");
    // Bad input: a translated 400, nothing stored.
    const bad = await choose(cookie, { intent: "order", order: "sideways" });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain("That feed choice could not be read.");
    expect(((await feed(cookie)).page as Page & { order: string }).order).toBe("for-you");
  }, 120_000);

  it("a lead marked Not interested is never that visitor's lead again, while the stored home page stays everyone's", async () => {
    const { newest } = await sim();
    const [lead, next] = [newest[0]!, newest[1]!];
    const cookie = await visitorWhoLikes(t.catalogue.categoryIds[1]!, newest.slice(300, 310));
    await home("");
    expect(await home("")).toMatchObject({ cache: "hit" });
    expect((await home(cookie)).html).toContain(lead);

    expect((await choose(cookie, { intent: "dismiss", clipId: lead })).status).toBe(200);
    // Their own render, not stored: it leads with the newest clip they did not dismiss.
    const own = await home(cookie);
    expect(own.cache).toBe("bypass");
    expect(own.html).not.toContain(lead);
    expect(own.html).toContain(next);
    // Everyone else still shares the stored page and its lead.
    const shared = await home("");
    expect(shared.cache).toBe("hit");
    expect(shared.html).toContain(lead);
    // Their own order from /api/feed opens on the same clip, whatever the order they chose.
    for (const order of ["for-you", "newest", "shuffle"]) {
      expect((await choose(cookie, { intent: "order", order })).status).toBe(200);
      const ids = (await feed(cookie)).page.clips.map((clip) => clip.id);
      expect(ids[0], order).toBe(next);
      expect(ids).not.toContain(lead);
    }
    // Under GPC/DNT nothing personal is read: the shared lead, as for anyone.
    expect((await feed(cookie, "offset=0", { "sec-gpc": "1" })).page.clips[0]!.id).toBe(lead);
    expect((await choose(cookie, { intent: "order", order: "for-you" })).status).toBe(200);

    expect((await choose(cookie, { intent: "undo", clipId: lead })).status).toBe(200);
    expect((await home(cookie)).html).toContain(lead);
    expect((await feed(cookie)).page.clips[0]!.id).toBe(lead);
  }, 120_000);

  it("a visitor who flamed the stored home page's lead is rendered their own; other flame owners share the stored one", async () => {
    const { newest } = await sim();
    const lead = newest[0]!;
    const flamer = await visitorWhoLikes(t.catalogue.categoryIds[2]!, newest.slice(320, 325));
    const other = await visitorWhoLikes(t.catalogue.categoryIds[3]!, newest.slice(330, 335));
    // The lead's flame button, pressed (the language and audience pickers also use aria-pressed).
    const flamedLead = /aria-pressed="true"[^>]*aria-label="Flame,/;
    await home("");
    expect(await home("")).toMatchObject({ cache: "hit" });
    const flamed = await fetch(`${t.app.url}/api/flames`, {
      method: "POST",
      headers: { origin: t.app.url, cookie: `age_verified=true; ${flamer}`, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ clipId: lead, flamed: "true" }),
    });
    expect(flamed.status).toBe(200);
    // The stored page recorded that it shows the lead's flamed state: the flamer's home is rendered for them, flamed.
    const mine = await home(flamer);
    expect(mine.cache).toBe("bypass");
    expect(mine.html).toMatch(flamedLead);
    const theirs = await home(other);
    expect(theirs.cache).toBe("hit");
    expect(theirs.html).not.toMatch(flamedLead);
  }, 120_000);

  it("Not interested: the clip leaves the feed, its creator sinks; Undo takes both back; GPC keeps nothing", async () => {
    const { newest } = await sim();
    const cookie = await visitorWhoLikes(t.catalogue.categoryIds[2]!, newest.slice(200, 230));
    const anonymousId = cookie.slice("spicy_uid=".length).split(".")[0]!;
    const target = (await feed(cookie, "offset=12")).page.clips[0]!.id;
    const creator = t.catalogue.clips.get(target)!.creatorId;
    const weight = async () => {
      const rows = (await t.handle.db.execute(
        sql`select weight from visitor_affinities where anonymous_id = ${anonymousId}::uuid and facet = 'creator' and item_id = ${creator}::uuid`,
      )) as unknown as { rows: { weight: number }[] } | { weight: number }[];
      const list = Array.isArray(rows) ? rows : rows.rows;
      return Number(list[0]?.weight ?? 0);
    };
    const before = await weight();
    // Under Global Privacy Control nothing is kept: the browser only hides the clip.
    const quiet = await choose(cookie, { intent: "dismiss", clipId: target }, { "sec-gpc": "1" });
    expect(await quiet.json()).toMatchObject({ ok: true, stored: false });
    expect(await weight()).toBeCloseTo(before, 5);

    expect((await choose(cookie, { intent: "dismiss", clipId: target })).status).toBe(200);
    expect(await weight()).toBeLessThan(before - 1.5);
    const after = [...(await feed(cookie, "offset=0")).page.clips, ...(await feed(cookie, "offset=12")).page.clips];
    expect(after.map((clip) => clip.id)).not.toContain(target);

    // Newest and Shuffle leave it out too, read in SQL for this visitor: the same order otherwise.
    const newestOrder = (await feed("", "offset=0")).page;
    for (const order of ["newest", "shuffle"]) {
      expect((await choose(cookie, { intent: "order", order })).status).toBe(200);
      const pages = [(await feed(cookie, "offset=0")).page, (await feed(cookie, "offset=12")).page];
      const ids = pages.flatMap((p) => p.clips.map((clip) => clip.id));
      expect(ids).not.toContain(target);
      expect(new Set(ids).size).toBe(24);
      // The pool is still the newest 500 of the filter, now without the dismissed clip.
      expect(pages[0]!.total).toBe(newestOrder.total);
      if (order === "newest") expect(ids).toEqual(newest.filter((id) => id !== target).slice(0, 24));
    }
    expect((await choose(cookie, { intent: "order", order: "for-you" })).status).toBe(200);

    expect((await choose(cookie, { intent: "undo", clipId: target })).status).toBe(200);
    expect(await weight()).toBeCloseTo(before, 1);
    expect((await choose(cookie, { intent: "dismiss", clipId: "00000000-0000-4000-8000-000000000000" })).status).toBe(404);
  }, 120_000);
});
