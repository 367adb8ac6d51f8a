import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { clips, emotionTypes, usageSessionCategories, usageSessions, categories, watchEvents } from "~schema";
import { seedEmotions } from "../../db/seed/emotions";
import { deleteAccount } from "~/features/accounts/account.server";
import { listEmotions } from "~/features/conscious/emotions.server";
import { latestUsage, parseCategorySeconds, parseUsage, saveUsage } from "~/features/conscious/usage.server";
import type { DatabaseHandle } from "~/lib/db.server";
import { action, loader } from "~/routes/api.usage";
import { testEngine } from "../support/database";
import { withDemoMember } from "../support/member";
import { routeArgs, routeReply, type RouteCall } from "../support/route-args";
import type { TestServices } from "../support/services";
import { signIn } from "../support/sign-in";

const ORIGIN = "http://localhost:3000";

describe(`usage timer sessions on ${testEngine()}`, () => {
  let handle: DatabaseHandle;
  let env: TestServices;
  let cookie: string;
  let userId: string;
  withDemoMember("timer@example.com", (made) => ({ handle, env, cookie, userId } = made), ORIGIN);

  /** The route's answer as { status, body } (a Response or a data() value). */
  const call = async (fn: typeof action | typeof loader, init: RouteCall) =>
    routeReply(await fn(routeArgs(env.services, "/api/usage", init)));
  const beacon = (fields: Record<string, string>) => new URLSearchParams(fields);
  /** The one refusal shape (ADR 024): the translated message for the whole beacon, and what was posted. */
  const refused = (message: unknown, values?: Record<string, string>) => ({
    ok: false,
    errors: { form: message },
    ...(values ? { values, reason: "errors.categories" } : {}),
  });

  it("seeds the emotions once, in both languages, in id order", async () => {
    expect(await seedEmotions(handle.db)).toBe(0);
    const en = await listEmotions(handle.db, "en");
    const es = await listEmotions(handle.db, "es");
    expect(en.map((e) => e.name)).toEqual(["Calm", "Bored", "Curious", "Lonely", "Stressed", "Happy", "Tired", "Anxious"]);
    expect(es.map((e) => e.name)).toEqual([
      "Calma",
      "Aburrimiento",
      "Curiosidad",
      "Soledad",
      "Estrés",
      "Felicidad",
      "Cansancio",
      "Ansiedad",
    ]);
    expect(en.map((e) => e.id)).toEqual(es.map((e) => e.id));
  });

  it("stores a signed-in user's session with the chosen emotion", async () => {
    const [, bored] = await listEmotions(handle.db, "en");
    const startedAt = new Date(Date.now() - 95_000).toISOString();
    const saved = await call(action, { cookie, body: beacon({ seconds: "95", startedAt, emotionId: String(bored!.id) }) });
    expect(saved.status).toBe(201);
    const [row] = await handle.db
      .select()
      .from(usageSessions)
      .where(eq(usageSessions.id, (saved.body as { id: string }).id));
    expect(row).toMatchObject({ userId, seconds: 95, emotionId: bored!.id, startedAt: new Date(startedAt) });

    const noEmotion = await call(action, { cookie, body: beacon({ seconds: "12", startedAt: new Date().toISOString(), emotionId: "" }) });
    expect(noEmotion.status).toBe(201);
    const listed = await call(loader, { method: "GET", cookie });
    expect(listed.status).toBe(200);
    const sessions = (listed.body as { sessions: { seconds: number; emotionId: number | null }[] }).sessions;
    expect(sessions.slice(0, 2)).toEqual([
      expect.objectContaining({ seconds: 12, emotionId: null }),
      expect.objectContaining({ seconds: 95, emotionId: bored!.id }),
    ]);
  });

  it("refuses invalid sessions with a translated message", async () => {
    const startedAt = new Date().toISOString();
    const cases: [Record<string, string>, string][] = [
      [{ seconds: "0", startedAt }, "The session length must be a whole number of seconds between 1 and 86400."],
      [{ seconds: "86401", startedAt }, "The session length must be a whole number of seconds between 1 and 86400."],
      [{ seconds: "1.5", startedAt }, "The session length must be a whole number of seconds between 1 and 86400."],
      [{ seconds: "10", startedAt, emotionId: "999999" }, "Choose an emotion from the list."],
      [{ seconds: "10", startedAt, emotionId: "calm" }, "Choose an emotion from the list."],
      [{ seconds: "10", startedAt: "yesterday-ish" }, "The session start time is not valid."],
      [{ seconds: "10", startedAt: new Date(Date.now() + 3_600_000).toISOString() }, "The session start time is not valid."],
    ];
    const before = (await handle.db.select().from(usageSessions)).length;
    for (const [fields, message] of cases) {
      expect(await call(action, { cookie, body: beacon(fields) })).toMatchObject({ status: 400, body: refused(message) });
    }
    expect(await call(action, { cookie, language: "es", body: beacon({ seconds: "-3", startedAt }) })).toMatchObject({
      status: 400,
      body: refused(expect.stringContaining("segundos")),
    });
    expect((await handle.db.select().from(usageSessions)).length).toBe(before);
  });

  it("quietly ignores anonymous visitors and keeps their sessions private", async () => {
    const before = (await handle.db.select().from(usageSessions)).length;
    expect(await call(action, { body: beacon({ seconds: "30", startedAt: new Date().toISOString() }) })).toEqual({
      status: 204,
      body: null,
    });
    expect((await handle.db.select().from(usageSessions)).length).toBe(before);
    expect((await call(loader, { method: "GET" })).status).toBe(401);
  });

  it("validates and saves through the feature functions too", async () => {
    const now = new Date("2026-11-22T12:00:00Z");
    expect(parseUsage(beacon({ seconds: "60", startedAt: "2026-11-22T11:59:00Z" }), now)).toMatchObject({ seconds: 60, emotionId: null });
    expect(() => parseUsage(beacon({ seconds: "", startedAt: "2026-11-22T11:59:00Z" }), now)).toThrow(
      expect.objectContaining({ problem: "seconds", status: 400, key: "errors.seconds" }),
    );
    const [calm] = await handle.db.select().from(emotionTypes).orderBy(emotionTypes.id).limit(1);
    const other = randomUUID();
    expect(await saveUsage(handle.db, userId, { seconds: 5, startedAt: now, emotionId: calm!.id, categories: [] })).toEqual({
      id: expect.any(String),
    });
    expect(await latestUsage(handle.db, other)).toEqual([]);
  });

  /** The stored seconds per category slug of one session. */
  async function categoriesOf(sessionId: string) {
    const rows = await handle.db
      .select({ slug: categories.slug, seconds: usageSessionCategories.seconds })
      .from(usageSessionCategories)
      .innerJoin(categories, eq(categories.id, usageSessionCategories.categoryId))
      .where(eq(usageSessionCategories.sessionId, sessionId));
    return Object.fromEntries(rows.map((r) => [r.slug, r.seconds]));
  }

  it("stores the time per category with the session, in the same transaction", async () => {
    const startedAt = new Date(Date.now() - 60_000).toISOString();
    const saved = await call(action, {
      cookie,
      body: beacon({ seconds: "60", startedAt, categories: JSON.stringify({ swing: 35, bdsm: 20, feet: 0 }) }),
    });
    expect(saved.status).toBe(201);
    // Zero seconds are accepted and leave no row.
    expect(await categoriesOf((saved.body as { id: string }).id)).toEqual({ swing: 35, bdsm: 20 });

    const exact = await call(action, { cookie, body: beacon({ seconds: "30", startedAt, categories: JSON.stringify({ trans: 30 }) }) });
    expect(await categoriesOf((exact.body as { id: string }).id)).toEqual({ trans: 30 });
    const none = await call(action, { cookie, body: beacon({ seconds: "30", startedAt }) });
    expect(none.status).toBe(201);
    expect(await categoriesOf((none.body as { id: string }).id)).toEqual({});
  });

  it("refuses bad time per category with a translated 400 and writes nothing", async () => {
    const startedAt = new Date().toISOString();
    const count = async () => [
      (await handle.db.select().from(usageSessions)).length,
      (await handle.db.select().from(usageSessionCategories)).length,
    ];
    const before = await count();
    const bad = [
      JSON.stringify({ swing: 61 }), // more than the session
      JSON.stringify({ swing: 40, bdsm: 21 }), // together more than the session
      JSON.stringify({ swing: -1 }),
      JSON.stringify({ swing: 1.5 }),
      JSON.stringify({ swing: "10" }),
      JSON.stringify({ "not-a-category": 5 }), // unknown slug: checked against categories
      JSON.stringify({ swing: 10, "no-such": 0 }),
      JSON.stringify({ "Swing!": 5 }),
      JSON.stringify([10]),
      "null",
      "{swing: 10}",
      JSON.stringify(Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`c${i}`, 0]))),
    ];
    for (const categories of bad) {
      expect(await call(action, { cookie, body: beacon({ seconds: "60", startedAt, categories }) }), categories).toEqual({
        status: 400,
        body: refused("The time per category is not valid.", { seconds: "60", startedAt, categories }),
      });
    }
    expect(await call(action, { cookie, language: "es", body: beacon({ seconds: "60", startedAt, categories: "{" }) })).toEqual({
      status: 400,
      body: refused("El tiempo por categoría no es válido.", { seconds: "60", startedAt, categories: "{" }),
    });
    expect(await count()).toEqual(before);
  });

  it("parses the categories field: slugs to whole seconds, within the session", () => {
    expect(parseCategorySeconds("", 10)).toEqual([]);
    expect(parseCategorySeconds('{"swing":4,"feet":6}', 10)).toEqual([
      { slug: "swing", seconds: 4 },
      { slug: "feet", seconds: 6 },
    ]);
    expect(parseCategorySeconds('{"swing":4,"feet":7}', 10)).toBeNull();
    expect(parseCategorySeconds(`{"swing":${"1".repeat(3000)}}`, 10)).toBeNull();
    expect(parseCategorySeconds('{"__proto__":1}', 10)).toBeNull();
  });

  it("leaves no time per category behind when the account is deleted", async () => {
    const other = await signIn(env, "timer-leaving@example.com");
    const otherId = (await env.services.auth.api.getSession({ headers: new Headers({ cookie: other }) }))!.user.id;
    const saved = await call(action, {
      cookie: other,
      body: beacon({ seconds: "20", startedAt: new Date().toISOString(), categories: JSON.stringify({ hotwife: 20 }) }),
    });
    const id = (saved.body as { id: string }).id;
    expect(await categoriesOf(id)).toEqual({ hotwife: 20 });
    await expect(deleteAccount(handle.db, otherId)).resolves.toBeUndefined();
    expect(await categoriesOf(id)).toEqual({});
  });
  /** Saves of one new session, started two minutes ago, with the first emotion as its mood before: `fields` on top. */
  async function oneSession() {
    const id = randomUUID();
    const startedAt = new Date(Date.now() - 120_000).toISOString();
    const [calm, bored] = await listEmotions(handle.db, "en");
    const save = (fields: Record<string, string>) =>
      call(action, { cookie, body: beacon({ id, startedAt, moodBeforeId: String(calm!.id), ...fields }) });
    return { id, calm: calm!, bored: bored!, save };
  }

  it("saves one session again under its browser id: each save replaces the last, categories included", async () => {
    const { id, calm, bored, save } = await oneSession();
    const first = await save({ seconds: "30", clips: "3", categories: JSON.stringify({ swing: 30 }) });
    expect(first).toEqual({ status: 201, body: { ok: true, id } });
    const second = await save({
      seconds: "90",
      clips: "8",
      emotionId: String(bored.id),
      intention: "clips",
      intentionTarget: "5",
      extensions: "1",
      endedBy: "done",
      categories: JSON.stringify({ swing: 40, feet: 50 }),
    });
    expect(second.status).toBe(201);
    const rows = await handle.db.select().from(usageSessions).where(eq(usageSessions.id, id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      userId,
      seconds: 90,
      clips: 8,
      moodBeforeId: calm.id,
      emotionId: bored.id,
      intentionKind: "clips",
      intentionTarget: 5,
      extensions: 1,
      endedBy: "done",
    });
    expect(await categoriesOf(id)).toEqual({ swing: 40, feet: 50 });
  });

  it("keeps an ended session ended: a save of it sent earlier and answered later changes nothing", async () => {
    const { id, bored, save } = await oneSession();
    // The browser sends the mood save and, a moment later, the final one ("I'm done"); the server may finish the
    // second first.
    const ended = await save({
      seconds: "90",
      clips: "5",
      emotionId: String(bored.id),
      endedBy: "done",
      categories: JSON.stringify({ swing: 90 }),
    });
    expect(ended.status).toBe(201);
    const late = await save({ seconds: "80", clips: "4", categories: JSON.stringify({ feet: 80 }) });
    expect(late).toEqual({ status: 201, body: { ok: true, id } });
    const [row] = await handle.db.select().from(usageSessions).where(eq(usageSessions.id, id));
    expect(row).toMatchObject({ seconds: 90, clips: 5, emotionId: bored.id, endedBy: "done" });
    expect(await categoriesOf(id)).toEqual({ swing: 90 });
  });

  it("refuses to overwrite another member's session with its id, and bad session fields", async () => {
    const id = randomUUID();
    const startedAt = new Date().toISOString();
    expect((await call(action, { cookie, body: beacon({ id, seconds: "40", startedAt }) })).status).toBe(201);
    const intruder = await signIn(env, "timer-intruder@example.com");
    expect(await call(action, { cookie: intruder, body: beacon({ id, seconds: "1", startedAt }) })).toMatchObject({
      status: 400,
      body: refused("The session is not valid."),
    });
    const [row] = await handle.db.select().from(usageSessions).where(eq(usageSessions.id, id));
    expect(row).toMatchObject({ userId, seconds: 40 });

    const cases: [Record<string, string>, string][] = [
      [{ id: "not-a-uuid" }, "The session is not valid."],
      [{ clips: "-1" }, "The session is not valid."],
      [{ clips: "501" }, "The session is not valid."],
      [{ endedBy: "bored" }, "The session is not valid."],
      [{ intention: "hours", intentionTarget: "2" }, "Choose an intention from the list."],
      [{ intention: "clips" }, "Choose an intention from the list."],
      [{ intention: "clips", intentionTarget: "0" }, "Choose an intention from the list."],
      [{ intention: "minutes", intentionTarget: "601" }, "Choose an intention from the list."],
      [{ moodBeforeId: "999999" }, "Choose an emotion from the list."],
    ];
    for (const [fields, message] of cases)
      expect(await call(action, { cookie, body: beacon({ seconds: "10", startedAt, ...fields }) }), JSON.stringify(fields)).toMatchObject({
        status: 400,
        body: refused(message),
      });
    expect(await call(action, { cookie, language: "es", body: beacon({ seconds: "10", startedAt, intention: "x" }) })).toMatchObject({
      status: 400,
      body: refused("Elige una intención de la lista."),
    });
  });

  it("links a session to the categories its watch signals show, and keeps its hour on the member's clock", async () => {
    const member = await signIn(env, "timer-watcher@example.com");
    const memberId = (await env.services.auth.api.getSession({ headers: new Headers({ cookie: member }) }))!.user.id;
    const shown = await handle.db.select({ id: clips.id, categoryId: clips.categoryId }).from(clips).limit(40);
    const [first, second] = shown;
    const other = shown.find((c) => c.categoryId !== first!.categoryId)!;
    const slugOf = async (categoryId: string) =>
      (await handle.db.select({ slug: categories.slug }).from(categories).where(eq(categories.id, categoryId)))[0]!.slug;
    const started = new Date(Date.now() - 10 * 60_000);
    await handle.db.insert(watchEvents).values([
      // Before the session began: another session's watching.
      { clipId: other.id, userId: memberId, kind: "watch", watchedMs: 9000, createdAt: new Date(started.getTime() - 60_000) },
      { clipId: first!.id, userId: memberId, kind: "watch", watchedMs: 4000, createdAt: new Date(started.getTime() + 60_000) },
      { clipId: first!.id, userId: memberId, kind: "watch", watchedMs: 2000, createdAt: new Date(started.getTime() + 120_000) },
      { clipId: first!.id, userId: memberId, kind: "flame", createdAt: new Date(started.getTime() + 130_000) },
      { clipId: second!.id, userId: memberId, kind: "watch", watchedMs: 3000, createdAt: new Date(started.getTime() + 180_000) },
    ]);
    const id = randomUUID();
    const saved = await call(action, {
      cookie: `${member}; tz=America/Mexico_City`,
      body: beacon({ id, seconds: "300", startedAt: started.toISOString(), clips: "3", categories: JSON.stringify({}) }),
    });
    expect(saved.status).toBe(201);
    const rows = await handle.db
      .select({
        categoryId: usageSessionCategories.categoryId,
        ms: usageSessionCategories.watchedMs,
        clips: usageSessionCategories.watchedClips,
      })
      .from(usageSessionCategories)
      .where(eq(usageSessionCategories.sessionId, id));
    // What the signals in the window say: milliseconds played and distinct clips, per category.
    const expected: Record<string, { ms: number; clips: Set<string> }> = {};
    for (const [clip, ms] of [
      [first!, 4000],
      [first!, 2000],
      [second!, 3000],
    ] as const) {
      const slug = await slugOf(clip.categoryId);
      expected[slug] ??= { ms: 0, clips: new Set() };
      expected[slug].ms += ms;
      expected[slug].clips.add(clip.id);
    }
    const linked: Record<string, { ms: number; clips: number }> = {};
    for (const r of rows) linked[await slugOf(r.categoryId)] = { ms: r.ms, clips: r.clips };
    expect(linked).toEqual(Object.fromEntries(Object.entries(expected).map(([slug, v]) => [slug, { ms: v.ms, clips: v.clips.size }])));
    const [row] = await handle.db.select({ localHour: usageSessions.localHour }).from(usageSessions).where(eq(usageSessions.id, id));
    const hour =
      Number(new Intl.DateTimeFormat("en-US", { timeZone: "America/Mexico_City", hour: "numeric", hourCycle: "h23" }).format(started)) % 24;
    expect(row!.localHour).toBe(hour);

    // A later save without new signals keeps the link; the categories on screen stay as the browser sent them.
    await call(action, {
      cookie: member,
      body: beacon({
        id,
        seconds: "320",
        startedAt: started.toISOString(),
        clips: "3",
        categories: JSON.stringify({ [await slugOf(first!.categoryId)]: 100 }),
      }),
    });
    expect(await categoriesOf(id)).toMatchObject({ [await slugOf(first!.categoryId)]: 100 });
    expect(
      (await handle.db.select().from(usageSessionCategories).where(eq(usageSessionCategories.sessionId, id))).reduce(
        (n, r) => n + r.watchedMs,
        0,
      ),
    ).toBe(9000);
  });
});
