import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { clipStats, clipTags, clipViews, creatorStats, tags, tagStats, user, viewDayKeys, visitorAffinities, watchEvents } from "~schema";
import type { DatabaseHandle } from "~/lib/db.server";
import { commitSignals, deleteSignals, mergeAnonymousSignals, pruneSignals, signalsExport } from "~/features/signals/index.server";
import { deleteAccount } from "~/features/accounts/account.server";
import { type TestApp, withTestApp } from "../support/app";
import { makeClips } from "../support/catalog";
import { testEngine } from "../support/database";
import { signIn } from "../support/sign-in";

/** A browser's user agent: scripts' own (Node's fetch says "node") are taken for bots, as they should be. */
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

const watch = (clipId: string, watchedMs: number, extra: Partial<{ completed: boolean; skipped: boolean; loops: number }> = {}) => ({
  clipId,
  kind: "watch" as const,
  watchedMs,
  loops: extra.loops ?? 0,
  completed: extra.completed ?? false,
  skipped: extra.skipped ?? false,
});

describe(`POST /api/signals on ${testEngine()}`, () => {
  let handle: DatabaseHandle;
  let app: TestApp;
  withTestApp((made) => ({ handle, app } = made));

  const post = (body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${app.url}/api/signals`, {
      method: "POST",
      headers: { "content-type": "text/plain;charset=UTF-8", "user-agent": BROWSER, origin: app.url, ...headers },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });

  const statsOf = async (clipId: string) => (await handle.db.select().from(clipStats).where(eq(clipStats.clipId, clipId)))[0];

  it("writes a batch under a new signed anonymous id, counts the view once a day and learns affinities", async () => {
    const [clip, other] = await makeClips(handle.db, 2);
    const first = await post({ events: [watch(clip!.id, 8000, { completed: true, loops: 1 }), watch(other!.id, 900, { skipped: true })] });
    expect(first.status).toBe(204);
    const cookie = first.headers.getSetCookie()[0]!.split(";")[0]!;
    expect(cookie).toMatch(/^spicy_uid=[0-9a-f-]{36}\./);
    const anonymousId = cookie.slice("spicy_uid=".length).split(".")[0]!;

    expect((await post({ events: [watch(clip!.id, 5000)] }, { cookie })).status).toBe(204);

    const events = await handle.db.select().from(watchEvents).where(eq(watchEvents.anonymousId, anonymousId));
    expect(events).toHaveLength(3);
    // The clip's totals take one visitor's first watch of the day: the second adds only to their own weights.
    expect(await statsOf(clip!.id)).toMatchObject({ views: 1, watches: 1, completions: 1, loops: 1 });
    // 0.9 s of an 8 s clip is no view; it is a skip.
    expect(await statsOf(other!.id)).toMatchObject({ views: 0, watches: 1, skips: 1 });
    expect((await handle.db.select().from(creatorStats).where(eq(creatorStats.creatorId, clip!.creatorId)))[0]?.views).toBe(1);
    // The clip page shows the count, and says it in its structured data.
    const html = await (await fetch(`${app.url}/video/${clip!.slug}`, { headers: { cookie: "age_verified=true" } })).text();
    expect(html).toContain("1 view");
    expect(html).toMatch(/"WatchAction"\},"userInteractionCount":1/);

    const weights = await handle.db.select().from(visitorAffinities).where(eq(visitorAffinities.anonymousId, anonymousId));
    const creator = weights.find((w) => w.facet === "creator");
    // Both clips share their creator: completion, one loop and a partial watch, minus a skip.
    expect(creator?.weight).toBeGreaterThan(0.5);
  });

  it("counts the tag's views with its clips", async () => {
    const [clip] = await makeClips(handle.db, 1);
    const [tag] = await handle.db
      .insert(tags)
      .values({ slug: `t-${randomUUID().slice(0, 8)}`, nameEn: "T", nameEs: "T" })
      .returning();
    await handle.db.insert(clipTags).values({ clipId: clip!.id, tagId: tag!.id });
    expect((await post({ events: [watch(clip!.id, 3000)] })).status).toBe(204);
    expect((await handle.db.select().from(tagStats).where(eq(tagStats.tagId, tag!.id)))[0]?.views).toBe(1);
  });

  it("Sec-GPC: 1 and DNT: 1 keep nothing personal but still count the view", async () => {
    const [clip] = await makeClips(handle.db, 1);
    for (const header of [{ "sec-gpc": "1" }, { dnt: "1" }] as Record<string, string>[]) {
      const res = await post({ events: [watch(clip!.id, 4000, { completed: true })] }, header);
      expect(res.status).toBe(204);
    }
    expect(await handle.db.select().from(watchEvents).where(eq(watchEvents.clipId, clip!.id))).toHaveLength(0);
    expect(await handle.db.select().from(clipViews).where(eq(clipViews.clipId, clip!.id))).toHaveLength(0);
    expect(await statsOf(clip!.id)).toMatchObject({ views: 2, completions: 2 });
  });

  it("without a profile a view still counts once a day per visitor and clip, by a mark that names no one", async () => {
    const [clip] = await makeClips(handle.db, 1);
    for (const header of [{ "sec-gpc": "1" }, { dnt: "1" }] as Record<string, string>[]) {
      const first = await post({ events: [watch(clip!.id, 4000)] }, header);
      expect(first.status).toBe(204);
      const cookie = first.headers.getSetCookie()[0]!.split(";")[0]!;
      for (let i = 0; i < 3; i++) expect((await post({ events: [watch(clip!.id, 4000)] }, { ...header, cookie })).status).toBe(204);
      // Two watches in one batch are one view too.
      expect((await post({ events: [watch(clip!.id, 4000), watch(clip!.id, 5000)] }, { ...header, cookie })).status).toBe(204);
    }
    // Two visitors (one under GPC, one under DNT), five batches each: a view and a watch each.
    expect(await statsOf(clip!.id)).toMatchObject({ views: 2, watches: 2 });
    expect(await handle.db.select().from(clipViews).where(eq(clipViews.clipId, clip!.id))).toHaveLength(0);
    const marks = await handle.db
      .select()
      .from(viewDayKeys)
      .where(eq(viewDayKeys.day, new Date().toISOString().slice(0, 10)));
    expect(marks.length).toBeGreaterThanOrEqual(2);
    const text = JSON.stringify(marks);
    expect(text).not.toContain(clip!.id);
    expect(text).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);

    // The marks of past days are deleted by the retention job; today's stay.
    await handle.db.execute(sql`insert into view_day_keys (day, key) values ('2000-01-01', 'old-mark')`);
    await pruneSignals(handle.db);
    expect(await handle.db.select().from(viewDayKeys).where(eq(viewDayKeys.day, "2000-01-01"))).toHaveLength(0);
    expect(
      await handle.db
        .select()
        .from(viewDayKeys)
        .where(eq(viewDayKeys.day, new Date().toISOString().slice(0, 10))),
    ).toHaveLength(marks.length);
  });

  it("ignores bots, refuses bad batches whole with a translated message, and other sites' pages", async () => {
    const [clip] = await makeClips(handle.db, 1);
    const bot = await post({ events: [watch(clip!.id, 4000)] }, { "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" });
    expect(bot.status).toBe(204);
    expect(await statsOf(clip!.id)).toBeUndefined();

    const bad = await post({ events: [watch(clip!.id, 4000), { clipId: "nope", kind: "watch" }] }, { "accept-language": "es" });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { errors: { form: string } }).errors.form).toMatch(/señales/);
    expect((await post("not json")).status).toBe(400);
    expect((await post({ events: Array.from({ length: 51 }, () => watch(clip!.id, 1)) })).status).toBe(400);
    expect((await post("x".repeat(20_000))).status).toBe(400);
    const crossSite = await post({ events: [watch(clip!.id, 4000)] }, { origin: "https://elsewhere.example" });
    expect(crossSite.status).toBe(403);
    expect(await statsOf(clip!.id)).toBeUndefined();
  });

  it("bounds batches per visitor", async () => {
    const [clip] = await makeClips(handle.db, 1);
    const first = await post({ events: [watch(clip!.id, 100)] });
    const cookie = first.headers.getSetCookie()[0]!.split(";")[0]!;
    const statuses: number[] = [];
    for (let i = 0; i < 70; i++) statuses.push((await post({ events: [watch(clip!.id, 100)] }, { cookie })).status);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(10);
    expect(statuses.filter((s) => s === 204).length).toBeLessThanOrEqual(60);
  });

  it("a member's signals are theirs: exported, and deleted with the account", async () => {
    const [clip] = await makeClips(handle.db, 1);
    const email = `watcher-${randomUUID().slice(0, 8)}@example.com`;
    const cookie = await signIn(app.env, email);
    expect(
      (await post({ events: [watch(clip!.id, 8000, { completed: true }), { ...watch(clip!.id, 0), kind: "share" }] }, { cookie })).status,
    ).toBe(204);
    const userId = (await handle.db.select({ id: user.id }).from(user).where(eq(user.email, email)))[0]!.id;
    const exported = await signalsExport(handle.db, userId);
    const download = await fetch(`${app.url}/my-account/watch-data`, { headers: { cookie } });
    expect(download.headers.get("content-disposition")).toMatch(/attachment/);
    expect(download.headers.get("cache-control")).toMatch(/no-store/);
    expect(((await download.json()) as { watchEvents: unknown[] }).watchEvents).toHaveLength(2);
    expect((await fetch(`${app.url}/my-account/watch-data`)).status).toBe(401);
    expect(exported.watchEvents).toHaveLength(2);
    expect(exported.watchHistory).toHaveLength(1);
    expect(exported.feedAffinities.length).toBeGreaterThanOrEqual(2);
    await deleteAccount(handle.db, userId);
    const left = await signalsExport(handle.db, userId);
    expect([left.watchEvents, left.watchHistory, left.feedAffinities].every((rows) => rows.length === 0)).toBe(true);
    expect(await statsOf(clip!.id)).toMatchObject({ views: 1, shares: 1 });
  });
});

describe(`watch signals in the database on ${testEngine()}`, () => {
  let handle: DatabaseHandle;
  withTestApp((made) => ({ handle } = made));

  it("counts a view once per visitor and day even when batches commit concurrently", async () => {
    const [clip] = await makeClips(handle.db, 1);
    const anonymousId = randomUUID();
    const owner = { userId: null, anonymousId, personal: true };
    await Promise.all(Array.from({ length: 8 }, () => commitSignals(handle.db, [{ owner, events: [watch(clip!.id, 5000)] }])));
    expect((await handle.db.select().from(clipStats).where(eq(clipStats.clipId, clip!.id)))[0]).toMatchObject({ views: 1, watches: 8 });
  });

  it("a view needs 3 s or half the clip, whichever comes first", async () => {
    const [short] = await makeClips(handle.db, 1, { durationSeconds: 4 });
    const owner = (id = randomUUID()) => ({ userId: null, anonymousId: id, personal: true });
    await commitSignals(handle.db, [
      { owner: owner(), events: [watch(short!.id, 1999)] },
      { owner: owner(), events: [watch(short!.id, 2000)] },
    ]);
    expect((await handle.db.select().from(clipStats).where(eq(clipStats.clipId, short!.id)))[0]?.views).toBe(1);
  });

  it("merges an anonymous visitor's signals into a member, and prunes what is older than 90 days", async () => {
    const [clip] = await makeClips(handle.db, 1);
    const anonymousId = randomUUID();
    await commitSignals(handle.db, [
      { owner: { userId: null, anonymousId, personal: true }, events: [watch(clip!.id, 8000, { completed: true })] },
    ]);
    const userId = randomUUID();
    await handle.db.execute(sql`insert into "user" (id, name, email, email_verified, created_at, updated_at)
      values (${userId}, 'W', ${`${userId}@example.com`}, true, now(), now())`);
    await mergeAnonymousSignals(handle.db, { anonymousId, userId });
    const mine = await signalsExport(handle.db, userId);
    expect(mine.watchEvents).toHaveLength(1);
    expect(mine.watchHistory).toHaveLength(1);
    expect(await handle.db.select().from(visitorAffinities).where(eq(visitorAffinities.anonymousId, anonymousId))).toHaveLength(0);

    await handle.db.execute(sql`update watch_events set created_at = now() - interval '91 days' where user_id = ${userId}`);
    await handle.db.execute(sql`update clip_views set viewed_at = now() - interval '91 days' where user_id = ${userId}`);
    expect(await pruneSignals(handle.db)).toBeGreaterThanOrEqual(2);
    const after = await signalsExport(handle.db, userId);
    expect(after.watchEvents).toHaveLength(0);
    expect(after.watchHistory).toHaveLength(0);
    expect(after.feedAffinities.length).toBeGreaterThan(0);
    expect((await handle.db.select().from(clipStats).where(eq(clipStats.clipId, clip!.id)))[0]?.views).toBe(1);

    await deleteSignals(handle.db, { userId });
    expect((await signalsExport(handle.db, userId)).feedAffinities).toHaveLength(0);
  });
});
