import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { clipStats, clipViews, dismissedClips, user, visitorAffinities, watchEvents } from "~schema";
import type { DatabaseHandle } from "~/lib/db.server";
import { deleteAccount } from "~/features/accounts/account.server";
import { parseCursor, type Cursor } from "~/features/follows/index.server";
import { historyRowsQuery } from "~/features/signals/watch-history.server";
import { commitSignals, signalsExport, watchHistory } from "~/features/signals/index.server";
import { type TestApp, withTestApp } from "../support/app";
import { makeClips } from "../support/catalog";
import { testEngine } from "../support/database";
import { signIn } from "../support/sign-in";

/** A browser's user agent: scripts' own are taken for bots and record nothing. */
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

const watch = (clipId: string, watchedMs = 5000) => ({
  clipId,
  kind: "watch" as const,
  watchedMs,
  loops: 0,
  completed: false,
  skipped: false,
});

describe(`watch history on ${testEngine()}`, () => {
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
  const page = (query = "", extra: Record<string, string> = {}) =>
    fetch(`${app.url}/watch-history${query}`, { headers: headers({ cookie: "age_verified=true", ...extra }) });
  const change = (form: Record<string, string>, extra: Record<string, string> = {}) =>
    fetch(`${app.url}/watch-history`, { method: "POST", headers: headers(extra), body: new URLSearchParams(form), redirect: "manual" });
  const cookieOf = (res: Response) => res.headers.getSetCookie()[0]!.split(";")[0]!;
  const anonymousIdOf = (cookie: string) => cookie.slice("spicy_uid=".length).split(".")[0]!;

  it("lists an anonymous visitor's views newest first, privately, with the page's metadata", async () => {
    const [first, second, skipped] = await makeClips(handle.db, 3);
    const sent = await signals([watch(first!.id)]);
    const cookie = cookieOf(sent);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await signals([watch(second!.id), watch(skipped!.id, 500)], { cookie })).status).toBe(204);

    const res = await page("", { cookie: `${cookie}; age_verified=true` });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const html = await res.text();
    // Newest first; a clip left after half a second is no view, so not in the history.
    expect(html.indexOf(second!.title)).toBeGreaterThan(0);
    expect(html.indexOf(second!.title)).toBeLessThan(html.indexOf(first!.title));
    expect(html).not.toContain(skipped!.title);
    expect(html).toContain("<title>Watch history · Spicy Clips</title>");
    expect(html).toMatch(/<link rel="canonical" href="[^"]+\/watch-history"/);
    expect(html).toContain('property="og:title" content="Watch history · Spicy Clips"');
    expect(html).toContain("RTA-5042-1996-1400-1577-RTA");
    expect(html).toContain('content="noindex"');
    expect(html).toContain(">History is on<");
    expect(html).toContain(">Kept for this browser only");

    // Another browser sees none of it, in Spanish here.
    const other = await (await page("", { "accept-language": "es" })).text();
    expect(other).not.toContain(first!.title);
    expect(other).toContain(">Historial de reproducciones<");
    expect(other).toContain(">Aún no hay nada<");
  });

  it("pages in SQL with a keyset cursor: no entry twice, none missed, and a foreign cursor is a translated 400", async () => {
    const made = await makeClips(handle.db, 7);
    const owner = { userId: null, anonymousId: randomUUID(), personal: true };
    for (const clip of made) await commitSignals(handle.db, [{ owner, events: [watch(clip.id)] }]);
    // Two rows with the same time: the clip id breaks the tie.
    await handle.db.execute(sql`update clip_views set viewed_at = '2026-01-01T00:00:00Z' where anonymous_id = ${owner.anonymousId}::uuid
      and clip_id in (${made[0]!.id}::uuid, ${made[1]!.id}::uuid)`);
    const seen: string[] = [];
    let after: Cursor | null = null;
    for (let pages = 0; pages < 10; pages++) {
      const result = await watchHistory(handle.db, { owner: { anonymousId: owner.anonymousId }, after, mediaAllowed: true, limit: 3 });
      seen.push(...result.entries.map((e) => e.clip.id));
      if (!result.next) break;
      after = parseCursor(result.next);
    }
    expect(seen).toHaveLength(7);
    expect(new Set(seen).size).toBe(7);
    expect(seen.slice(0, 5)).toEqual(
      made
        .slice(2)
        .map((c) => c.id)
        .reverse(),
    );
    expect(new Set(seen.slice(5))).toEqual(new Set([made[0]!.id, made[1]!.id]));

    const bad = await page("?after=not-a-cursor", { "accept-language": "es" });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Este enlace de página no es válido.");
  });

  it("a page past the cursor starts the index range at the cursor, not at the visitor's newest view", async () => {
    const after = { at: "2026-01-01T00:00:00.000000Z", id: randomUUID() };
    const plan = await handle.db.execute(sql`explain ${historyRowsQuery({ owner: { anonymousId: randomUUID() }, after, limit: 25 })}`);
    const text = JSON.stringify(plan);
    expect(text).toMatch(/clip_views_anonymous_recent_idx/);
    expect(text).toMatch(/Index Cond: \(\(anonymous_id = [^)]+\) AND \(viewed_at <= /);
  });

  it("Remove takes one clip out of the history with its events; the totals stay", async () => {
    const [kept, removed] = await makeClips(handle.db, 2);
    const cookie = cookieOf(await signals([watch(kept!.id), watch(removed!.id)]));
    const anonymousId = anonymousIdOf(cookie);
    const res = await change({ intent: "remove", clipId: removed!.id }, { cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const mine = (clipId: string) =>
      handle.db
        .select()
        .from(clipViews)
        .where(and(eq(clipViews.anonymousId, anonymousId), eq(clipViews.clipId, clipId)));
    expect(await mine(removed!.id)).toHaveLength(0);
    expect(await mine(kept!.id)).toHaveLength(1);
    expect(
      await handle.db
        .select()
        .from(watchEvents)
        .where(and(eq(watchEvents.anonymousId, anonymousId), eq(watchEvents.clipId, removed!.id))),
    ).toHaveLength(0);
    expect((await handle.db.select().from(clipStats).where(eq(clipStats.clipId, removed!.id)))[0]?.views).toBe(1);

    const bad = await change({ intent: "remove", clipId: "'; drop table clip_views; --" }, { cookie, "accept-language": "es" });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Este clip no está en tu historial.");
    expect((await change({ intent: "forget-everything" }, { cookie })).status).toBe(400);
    expect(await mine(kept!.id)).toHaveLength(1);
  });

  it("lists the clips of one batch newest first: the order they were watched in, not their ids", async () => {
    const clips = await makeClips(handle.db, 4);
    // Watched in the ids' order: a tie broken by id would list them the other way round.
    const watched = [...clips].sort((a, b) => (a!.id < b!.id ? -1 : 1));
    const cookie = cookieOf(await signals(watched.map((clip) => watch(clip!.id))));
    const html = await (await page("", { cookie: `${cookie}; age_verified=true` })).text();
    const places = watched.map((clip) => html.indexOf(clip!.title));
    expect(places.every((at) => at > 0)).toBe(true);
    expect(places).toEqual([...places].sort((a, b) => b - a));
  });

  it("a view counts once a day for the visitor, whatever they do between: Remove, Pause, Global Privacy Control", async () => {
    const [clip] = await makeClips(handle.db, 1);
    const views = async () => (await handle.db.select().from(clipStats).where(eq(clipStats.clipId, clip!.id)))[0]?.views;
    const cookie = cookieOf(await signals([watch(clip!.id)]));
    expect(await views()).toBe(1);
    expect((await change({ intent: "remove", clipId: clip!.id }, { cookie })).status).toBe(200);
    expect((await signals([watch(clip!.id)], { cookie })).status).toBe(204);
    expect(await views()).toBe(1);
    expect((await change({ intent: "pause" }, { cookie })).status).toBe(200);
    expect((await signals([watch(clip!.id)], { cookie })).status).toBe(204);
    expect((await change({ intent: "resume" }, { cookie })).status).toBe(200);
    expect((await signals([watch(clip!.id)], { cookie, "sec-gpc": "1" })).status).toBe(204);
    expect((await signals([watch(clip!.id)], { cookie, dnt: "1" })).status).toBe(204);
    expect(await views()).toBe(1);
  });

  it("one visitor's events move a clip's totals once a day: fifty shares and completions in a batch are one of each", async () => {
    const [clip] = await makeClips(handle.db, 1);
    const stats = async () => (await handle.db.select().from(clipStats).where(eq(clipStats.clipId, clip!.id)))[0]!;
    const loud = Array.from({ length: 50 }, (_, i) =>
      i % 2 ? { clipId: clip!.id, kind: "share" } : { ...watch(clip!.id, 15_000), completed: true, loops: 3 },
    );
    const cookie = cookieOf(await signals(loud));
    expect((await signals(loud, { cookie })).status).toBe(204);
    expect(await stats()).toMatchObject({ views: 1, watches: 1, completions: 1, shares: 1, loops: 3, skips: 0 });
    // Another visitor counts as one more.
    expect((await signals(loud)).status).toBe(204);
    expect(await stats()).toMatchObject({ views: 2, watches: 2, completions: 2, shares: 2, loops: 6 });
  });

  it("Not interested while history is paused keeps nothing: the clip only leaves the browser's feed", async () => {
    const [clip] = await makeClips(handle.db, 1);
    const cookie = cookieOf(await change({ intent: "pause" }));
    const anonymousId = anonymousIdOf(cookie);
    const res = await fetch(`${app.url}/api/feed-choice`, {
      method: "POST",
      headers: { ...headers({ cookie }), accept: "application/json" },
      body: new URLSearchParams({ intent: "dismiss", clipId: clip!.id }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ stored: false });
    expect(await handle.db.select().from(dismissedClips).where(eq(dismissedClips.anonymousId, anonymousId))).toHaveLength(0);
    expect(await handle.db.select().from(visitorAffinities).where(eq(visitorAffinities.anonymousId, anonymousId))).toHaveLength(0);
  });

  it("Pause history keeps nothing personal until resumed, remembered for the visitor, and a newcomer gets an id", async () => {
    const [clip, later] = await makeClips(handle.db, 2);
    // A visitor without the cookie yet: pausing gives them their id.
    const paused = await change({ intent: "pause" });
    expect(paused.status).toBe(200);
    const cookie = cookieOf(paused);
    const anonymousId = anonymousIdOf(cookie);
    expect(await (await page("", { cookie: `${cookie}; age_verified=true` })).text()).toContain(">History is paused<");

    expect((await signals([watch(clip!.id), { ...watch(clip!.id, 0), kind: "flame" }], { cookie })).status).toBe(204);
    expect(await handle.db.select().from(watchEvents).where(eq(watchEvents.anonymousId, anonymousId))).toHaveLength(0);
    expect(await handle.db.select().from(clipViews).where(eq(clipViews.anonymousId, anonymousId))).toHaveLength(0);
    expect(await handle.db.select().from(visitorAffinities).where(eq(visitorAffinities.anonymousId, anonymousId))).toHaveLength(0);
    // The view still counts in the total, which names no one.
    expect((await handle.db.select().from(clipStats).where(eq(clipStats.clipId, clip!.id)))[0]?.views).toBe(1);

    expect((await change({ intent: "resume" }, { cookie })).status).toBe(200);
    expect((await signals([watch(later!.id)], { cookie })).status).toBe(204);
    const html = await (await page("", { cookie: `${cookie}; age_verified=true` })).text();
    expect(html).toContain(">History is on<");
    expect(html).toContain(later!.title);
    expect(html).not.toContain(clip!.title);
  });

  it("a member's history: on their page, paused in their export, gone with the account", async () => {
    const [clip] = await makeClips(handle.db, 1);
    const email = `history-${randomUUID().slice(0, 8)}@example.com`;
    const cookie = await signIn(app.env, email);
    expect((await signals([watch(clip!.id)], { cookie })).status).toBe(204);
    const html = await (await page("", { cookie: `${cookie}; age_verified=true` })).text();
    expect(html).toContain(clip!.title);
    // The anonymous visitor's note is not shown to a member (the texts themselves travel with the page's translations).
    expect(html).not.toContain(">Kept for this browser only");
    expect((await change({ intent: "pause" }, { cookie })).status).toBe(200);
    const account = await (await fetch(`${app.url}/my-account`, { headers: { cookie } })).text();
    expect(account).toContain('href="/watch-history"');
    expect(account).toContain(">Your history is paused.<");

    const userId = (await handle.db.select({ id: user.id }).from(user).where(eq(user.email, email)))[0]!.id;
    const exported = await signalsExport(handle.db, userId);
    expect(exported.watchHistory).toHaveLength(1);
    expect(exported.feedSettings).toMatchObject({ historyPaused: true });
    await deleteAccount(handle.db, userId);
    const left = await signalsExport(handle.db, userId);
    expect(left.watchHistory).toHaveLength(0);
    expect(left.feedSettings).toBeNull();
  });

  it("Sec-GPC: 1 and DNT: 1 record nothing for the visitor — no events, history or affinities — and the page says so", async () => {
    const [clip] = await makeClips(handle.db, 1);
    // A browser that sends Global Privacy Control from its first request still gets its id (for flames, follows).
    const cookie = cookieOf(await signals([watch(clip!.id, 100)], { "sec-gpc": "1" }));
    const anonymousId = anonymousIdOf(cookie);
    for (const header of [{ "sec-gpc": "1" }, { dnt: "1" }] as Record<string, string>[]) {
      expect((await signals([watch(clip!.id, 9000), { ...watch(clip!.id, 0), kind: "share" }], { cookie, ...header })).status).toBe(204);
    }
    expect(await handle.db.select().from(watchEvents).where(eq(watchEvents.anonymousId, anonymousId))).toHaveLength(0);
    expect(await handle.db.select().from(clipViews).where(eq(clipViews.anonymousId, anonymousId))).toHaveLength(0);
    expect(await handle.db.select().from(visitorAffinities).where(eq(visitorAffinities.anonymousId, anonymousId))).toHaveLength(0);
    // The totals still move, once for one visitor on one day: one view (ADR 182), the first watch, one share.
    expect((await handle.db.select().from(clipStats).where(eq(clipStats.clipId, clip!.id)))[0]).toMatchObject({
      views: 1,
      shares: 1,
      watches: 1,
    });
    const html = await (await page("", { cookie: `${cookie}; age_verified=true`, "sec-gpc": "1" })).text();
    expect(html).toContain(">Your browser sends Global Privacy Control or Do Not Track");
  });

  it("the privacy page says what is recorded and for how long, in English and Spanish", async () => {
    const en = await (await fetch(`${app.url}/politica-de-privacidade`, { headers: headers() })).text();
    expect(en).toContain(">To count views and to learn what you like, the player records, for each clip you see: how long it played");
    expect(en).toContain(">The raw events, your watch history and your “Not interested” marks are kept 90 days, then deleted.");
    expect(en).toContain("only your feed choices (For you, Newest or Shuffle, and a paused history) stay");
    expect(en).toContain(
      ">If your browser sends Global Privacy Control or Do Not Track, or you pause your history, nothing personal is recorded",
    );
    expect(en).toContain(">Your Watch history page lists");
    const es = await (await fetch(`${app.url}/politica-de-privacidade`, { headers: headers({ "accept-language": "es" }) })).text();
    expect(es).toContain(">Los eventos, tu historial y tus marcas “No me interesa” se guardan 90 días y después se borran.");
    expect(es).toContain("solo quedan tus elecciones del feed (Para ti, Más nuevos o Aleatorio, y un historial en pausa)");
    expect(es).toContain(">Si tu navegador envía Global Privacy Control o Do Not Track");
    expect(es).toContain(">Tu página Historial de reproducciones");
  });
});
