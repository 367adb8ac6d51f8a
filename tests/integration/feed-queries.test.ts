import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/lib/db.server";
import { setFlame } from "~/features/flames/index.server";
import { deleteSignals } from "~/features/signals/index.server";
import { seedSimCatalogue, type SimCatalogue } from "../../scripts/support/feed-simulation";
import { startTestApp, type TestApp } from "../support/app";
import { createTestDatabase, testEngine } from "../support/database";

/** A browser's user agent: scripts' own are taken for bots by the signal endpoint. */
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

// /api/feed's "For you" (ADR 199): a visitor's next page comes from the ranking kept for them, with as few statements
// as the page's fresh parts need; anything they do moves their version and the next page is ranked anew.
describe(`/api/feed For you, statements per page, on ${testEngine()}`, () => {
  const statements: string[] = [];
  let handle: DatabaseHandle;
  let app: TestApp;
  let catalogue: SimCatalogue;

  beforeAll(async () => {
    handle = await createTestDatabase({ onQuery: (query) => statements.push(query) });
    app = await startTestApp(handle);
    catalogue = await seedSimCatalogue(handle.db, { clips: 600, categories: 5, creators: 15, tags: 10, spanDays: 200 });
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  const signal = async (cookie: string, clipIds: string[]) => {
    const res = await fetch(`${app.url}/api/signals`, {
      method: "POST",
      headers: { "content-type": "text/plain;charset=UTF-8", "user-agent": BROWSER, origin: app.url, cookie },
      body: JSON.stringify({
        events: clipIds.map((clipId) => ({ clipId, kind: "watch", watchedMs: 8000, loops: 0, completed: true, skipped: false })),
      }),
    });
    expect(res.status).toBe(204);
    return cookie || res.headers.getSetCookie()[0]!.split(";")[0]!;
  };

  /** One page and the statements it took (the signal writer's group commit is awaited by /api/signals first). */
  const page = async (cookie: string, query: string, seed = "0123abcd") => {
    statements.length = 0;
    const res = await fetch(`${app.url}/api/feed?${query}`, { headers: { cookie: `age_verified=true; feed_seed=${seed}; ${cookie}` } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { clips: { id: string; flamed: boolean }[] };
    if (process.env.DEBUG_STATEMENTS)
      console.log(
        query,
        statements.map((s) => s.slice(0, 140)),
      );
    return {
      ids: body.clips.map((clip) => clip.id),
      flamed: body.clips.filter((clip) => clip.flamed).map((clip) => clip.id),
      statements: statements.length,
    };
  };

  it("serves a visitor's next pages from their kept ranking, and ranks anew once they watched something", async () => {
    const cookie = await signal("", catalogue.newest.slice(300, 305));
    // The first page ranks (and ranks one page further, for the next request).
    const first = await page(cookie, "offset=0");
    expect(first.ids).toHaveLength(12);
    // The next page asks for nothing but the visitor's state (order, version, whether they flamed anything) and the
    // page's fresh parts: flame counts (and flamed states, for a visitor with a flame), the generation (PostgreSQL:
    // read once, beside the visitor's state, for the route's categories and the page). On PGlite in process all of
    // them are heard as they change: no statement at all.
    const next = await page(cookie, `offset=12&shown=${first.ids.join(",")}`);
    expect(next.ids).toHaveLength(12);
    for (const id of next.ids) expect(first.ids).not.toContain(id);
    expect(next.statements).toBeLessThan(first.statements);
    expect(next.statements).toBeLessThanOrEqual(testEngine() === "postgres" ? 3 : 0);

    // A watch moves the visitor's version: the page after is ranked with it, on any server.
    await signal(cookie, next.ids.slice(0, 3));
    const shown = [...first.ids, ...next.ids];
    const after = await page(cookie, `offset=24&shown=${shown.join(",")}`);
    expect(after.ids).toHaveLength(12);
    for (const id of after.ids) expect(shown).not.toContain(id);
    expect(after.statements).toBeGreaterThan(next.statements);
  }, 120_000);

  it("shows a visitor's flamed clips as flamed on their pages, and asks a visitor without a flame for none", async () => {
    const cookie = await signal("", catalogue.newest.slice(320, 325));
    const anonymousId = cookie.slice("spicy_uid=".length).split(".")[0]!;
    const first = await page(cookie, "offset=0");
    expect(first.flamed).toEqual([]);
    const lead = first.ids[0]!;
    await setFlame(handle.db, { clipId: lead, flameOwner: { anonymousId }, flamed: true });
    const again = await page(cookie, "offset=0");
    expect(again.ids[0]).toBe(lead);
    expect(again.flamed).toEqual([lead]);
    const next = await page(cookie, `offset=12&shown=${again.ids.join(",")}`);
    expect(next.flamed).toEqual([]);
    // A visitor with a flame has their page's flamed states read: one statement more than for one without.
    if (testEngine() === "postgres") expect(next.statements).toBeLessThanOrEqual(4);
  }, 120_000);

  it("a visitor whose version row went (every signal of theirs gone) is ranked anew on every page", async () => {
    const cookie = await signal("", catalogue.newest.slice(310, 315));
    const anonymousId = cookie.slice("spicy_uid=".length).split(".")[0]!;
    await deleteSignals(handle.db, { anonymousId });
    // Nothing names what they were ranked from: a kept ranking under version 0 could be one made from signals since
    // deleted, so none is kept.
    const first = await page(cookie, "offset=0");
    const next = await page(cookie, `offset=12&shown=${first.ids.join(",")}`);
    expect(next.ids).toHaveLength(12);
    for (const id of next.ids) expect(first.ids).not.toContain(id);
    expect(next.statements).toBeGreaterThan(testEngine() === "postgres" ? 3 : 0);
  }, 120_000);

  it("a newcomer's pages (their seed, no profile) need no statement of their own on PGlite in process", async () => {
    const first = await page("", "offset=12");
    const again = await page("", "offset=24");
    expect(again.ids).toHaveLength(12);
    for (const id of again.ids) expect(first.ids).not.toContain(id);
    expect(again.statements).toBeLessThanOrEqual(testEngine() === "postgres" ? 3 : 0);
    // Another newcomer's first page: ranked from the shared candidates and the newcomers' shared exploration
    // stretch, its cards kept — yet their own order.
    const other = await page("", "offset=12", "98765fed");
    expect(other.ids).not.toEqual(first.ids);
    // (PostgreSQL: the generation is asked for by each cache the page reads, and the flame counts are read.)
    expect(other.statements).toBeLessThanOrEqual(testEngine() === "postgres" ? 8 : 2);
  }, 120_000);
});
