import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { categories, emotionTypes, profiles, usageSessionCategories, usageSessions, user } from "~schema";
import { seedDemoContent } from "../../db/seed/demo";
import { loadInsights, saveGoal, todayOverGoal, type InsightsQuery } from "~/features/conscious/insights.server";
import { loadWeeklyReport } from "~/features/conscious/report.server";
import { databaseTimeZone } from "~/features/conscious/time-zone.server";
import { saveUsage, type UsageInput } from "~/features/conscious/usage.server";
import type { DatabaseHandle } from "~/lib/db.server";
import { createLocalStorage } from "~/lib/storage/index.server";
import { action, loader } from "~/routes/insights";
import { createTestDatabase, testEngine } from "../support/database";
import { routeArgs } from "../support/route-args";
import { createTestServices } from "../support/services";
import { signIn } from "../support/sign-in";

const NOW = new Date("2026-11-22T12:00:00Z");
const at = (iso: string) => new Date(iso);
const DAY_MS = 86_400_000;

describe(`insights on ${testEngine()}`, () => {
  let handle: DatabaseHandle;
  let calm: number;
  let bored: number;

  const insightsOf = (userId: string, query: Partial<InsightsQuery> = {}) =>
    loadInsights(handle.db, {
      userId,
      language: "en",
      timeZone: "UTC",
      brandMode: "adult",
      now: NOW,
      ...query,
    });

  async function makeUser(id: string, premium = false) {
    await handle.db.insert(user).values({ id, name: id, email: `${id}@example.com` });
    if (premium) await handle.db.insert(profiles).values({ id, isPremium: true });
  }
  async function session(userId: string, seconds: number, startedAt: string, emotionId: number | null = null) {
    await handle.db.insert(usageSessions).values({ userId, seconds, startedAt: at(startedAt), emotionId });
  }
  /** Through the timer's own use case, with its seconds per category. */
  async function timedSession(userId: string, seconds: number, startedAt: string, categories: Record<string, number>) {
    await saveUsage(handle.db, userId, {
      seconds,
      startedAt: at(startedAt),
      emotionId: null,
      categories: Object.entries(categories).map(([slug, s]) => ({ slug, seconds: s })),
    });
  }

  beforeAll(async () => {
    handle = await createTestDatabase();
    await seedDemoContent({
      db: handle.db,
      storage: createLocalStorage(mkdtempSync(path.join(tmpdir(), "insights-"))),
    });
    const emotions = await handle.db.select().from(emotionTypes).orderBy(emotionTypes.id);
    calm = emotions.find((e) => e.nameEn === "Calm")!.id;
    bored = emotions.find((e) => e.nameEn === "Bored")!.id;

    await makeUser("free-user");
    await session("free-user", 300, "2026-11-22T10:00:00Z", calm);
    await session("free-user", 600, "2026-11-22T11:00:00Z", bored);
    await session("free-user", 120, "2026-11-21T23:30:00Z", calm);
    await session("free-user", 180, "2026-11-20T00:30:00Z");
    // Outside the 7 UTC days (they start 2026-11-16 00:00 UTC); inside them in Tokyo.
    await session("free-user", 999, "2026-11-15T23:59:59Z", bored);

    await makeUser("other-user");
    await session("other-user", 5000, "2026-11-22T09:00:00Z", calm);

    await makeUser("premium-user", true);
    await timedSession("premium-user", 240, "2026-10-25T08:00:00Z", { swing: 200, bdsm: 40 });
    await timedSession("premium-user", 60, "2026-11-22T08:00:00Z", { swing: 30, feet: 30, woman: 0 });
    // Before the 30 days (they start 2026-10-24): its category time is not counted.
    await timedSession("premium-user", 600, "2026-10-20T08:00:00Z", { trans: 500 });

    await makeUser("new-user");
    await makeUser("away-user");
    await session("away-user", 400, "2026-10-01T20:00:00Z");
  });
  afterAll(() => handle?.close());

  it("computes every figure of a free user's last 7 days", async () => {
    const insights = await insightsOf("free-user");
    expect(insights.premium).toBe(false);
    expect(insights.periodDays).toBe(7);
    expect(insights.timeZone).toBe("UTC");
    expect(insights.days.map((d) => d.day)).toEqual([
      "2026-11-16",
      "2026-11-17",
      "2026-11-18",
      "2026-11-19",
      "2026-11-20",
      "2026-11-21",
      "2026-11-22",
    ]);
    expect(insights.days.map((d) => d.seconds)).toEqual([0, 0, 0, 0, 180, 120, 900]);
    expect(insights).toMatchObject({
      sessions: 4,
      earlierSessions: false,
      totalSeconds: 1200,
      averageSeconds: 300,
      longestSeconds: 600,
      todaySeconds: 900,
      goalSeconds: null,
      streak: 0,
      categories: null,
    });
    expect(insights.emotions).toEqual([
      { id: bored, name: "Bored", sessions: 1, averageSeconds: 600 },
      { id: calm, name: "Calm", sessions: 2, averageSeconds: 210 },
    ]);
    // Two of four sessions started between 23:00 and 04:00 UTC.
    expect(insights.prompts.map((p) => p.key)).toEqual(["lateNight", "longestEmotion", "setGoal"]);
    expect(insights.prompts[1]!.values).toEqual({
      emotion: "Bored",
      durationSeconds: 600,
    });
    const es = await insightsOf("free-user", { language: "es" });
    expect(es.emotions.map((e) => e.name)).toEqual(["Aburrimiento", "Calma"]);
  });

  it("counts days, today and late nights in the visitor's time zone", async () => {
    // New York (UTC-5 in November): 23:30 and 00:30 UTC are early evening, the day before.
    const newYork = await insightsOf("free-user", { timeZone: "America/New_York" });
    expect(newYork.timeZone).toBe("America/New_York");
    expect(newYork.days.map((d) => [d.day, d.seconds]).filter(([, s]) => s)).toEqual([
      ["2026-11-19", 180],
      ["2026-11-21", 120],
      ["2026-11-22", 900],
    ]);
    expect(newYork.prompts.map((p) => p.key)).not.toContain("lateNight");

    // Tokyo (UTC+9): the session of 15 November 23:59 UTC is the morning of the 16th, inside the window.
    const tokyo = await insightsOf("free-user", { timeZone: "Asia/Tokyo" });
    expect(tokyo.days.map((d) => [d.day, d.seconds]).filter(([, s]) => s)).toEqual([
      ["2026-11-16", 999],
      ["2026-11-20", 180],
      ["2026-11-22", 1020],
    ]);
    expect(tokyo).toMatchObject({ sessions: 5, totalSeconds: 2199, todaySeconds: 1020 });
  });

  it("follows the zone's daylight-saving rules in the database (PGlite and PostgreSQL)", async () => {
    // Madrid leaves summer time on 25 October 2026 at 01:00 UTC.
    type Days = { rows: { summer: string; winter: string; start: string }[] };
    const rows = (await handle.db.execute(sql`
      select to_char(('2026-10-24T22:30:00Z'::timestamptz at time zone 'Europe/Madrid')::date, 'YYYY-MM-DD') as summer,
             to_char(('2026-10-25T23:30:00Z'::timestamptz at time zone 'Europe/Madrid')::date, 'YYYY-MM-DD') as winter,
             to_char(('2026-10-26'::date::timestamp at time zone 'Europe/Madrid') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI') as start`)) as unknown as Days;
    expect({ ...rows.rows[0] }).toEqual({ summer: "2026-10-25", winter: "2026-10-26", start: "2026-10-25T23:00" });

    await makeUser("madrid-user");
    await session("madrid-user", 60, "2026-10-24T22:30:00Z"); // 00:30 CEST on the 25th
    await session("madrid-user", 120, "2026-10-25T23:30:00Z"); // 00:30 CET on the 26th
    const insights = await insightsOf("madrid-user", {
      timeZone: "Europe/Madrid",
      now: at("2026-10-27T12:00:00Z"),
    });
    expect(insights.days.map((d) => [d.day, d.seconds]).filter(([, s]) => s)).toEqual([
      ["2026-10-25", 60],
      ["2026-10-26", 120],
    ]);
    // Both started at half past midnight, local time: late at night.
    expect(insights.prompts[0]).toEqual({ key: "lateNight", values: { count: 2 } });
  });

  it("falls back to UTC for a zone the database does not know", async () => {
    expect(await databaseTimeZone(handle.db, "Europe/Madrid")).toBe("Europe/Madrid");
    expect(await databaseTimeZone(handle.db, "Mars/Olympus_Mons")).toBe("UTC");
    expect((await insightsOf("free-user", { timeZone: "Mars/Olympus_Mons" })).timeZone).toBe("UTC");
  });

  it("saves and clears the goal, with the streak and today's nudge following it", async () => {
    const overGoal = (now = NOW, timeZone = "UTC") => todayOverGoal(handle.db, { userId: "free-user", timeZone, now });
    expect(await overGoal()).toBe(false);
    await saveGoal(handle.db, "free-user", 600, NOW);
    expect((await handle.db.select().from(profiles).where(eq(profiles.id, "free-user")))[0]!.dailyGoalSeconds).toBe(600);
    expect(await overGoal()).toBe(true);
    let insights = await insightsOf("free-user");
    expect(insights.goalSeconds).toBe(600);
    // Today (900 s) is over: the streak is the days since the 999 s day of 15 November, to yesterday.
    expect(insights.streak).toBe(6);
    expect(insights.prompts.map((p) => p.key)).toEqual(["overGoal", "lateNight", "longestEmotion"]);
    expect(insights.prompts[0]!.values).toEqual({ durationSeconds: 900, goal: 10 });

    await saveGoal(handle.db, "free-user", 1200, NOW);
    expect(await overGoal()).toBe(false);
    // No day reaches 1200 s: the streak runs from the first session (15 November, UTC) to today.
    insights = await insightsOf("free-user");
    expect(insights.streak).toBe(8);
    // In Tokyo that first session falls on the 16th.
    expect((await insightsOf("free-user", { timeZone: "Asia/Tokyo" })).streak).toBe(7);

    await saveGoal(handle.db, "free-user", null, NOW);
    expect(await overGoal()).toBe(false);
    expect((await insightsOf("free-user")).goalSeconds).toBeNull();
    // An hour into 23 November (UTC) the same sessions are no longer today's; in New York it is still the 22nd.
    await saveGoal(handle.db, "free-user", 300, NOW);
    const tomorrowUtc = at("2026-11-23T01:00:00Z");
    expect(await overGoal(tomorrowUtc)).toBe(false);
    expect(await overGoal(tomorrowUtc, "America/New_York")).toBe(true);
    await saveGoal(handle.db, "free-user", null, NOW);
  });

  it("counts the streak beyond the window shown: free and premium see the same", async () => {
    // Under the goal every day for 25 days, except 2 November: 20 days under it since.
    for (const [id, premium] of [
      ["streak-free", false],
      ["streak-premium", true],
    ] as const) {
      await makeUser(id, premium);
      for (let d = 0; d < 25; d++) {
        const day = new Date(NOW.getTime() - d * DAY_MS);
        const startedAt = new Date(day.getTime() - 2 * 3_600_000).toISOString();
        await session(id, startedAt.startsWith("2026-11-02") ? 700 : 100, startedAt);
      }
      await saveGoal(handle.db, id, 600, NOW);
    }
    const free = await insightsOf("streak-free");
    const premium = await insightsOf("streak-premium");
    expect([free.periodDays, premium.periodDays]).toEqual([7, 30]);
    expect([free.streak, premium.streak]).toEqual([20, 20]);
    expect(free.prompts.find((p) => p.key === "underGoal")?.values).toEqual({ count: 20 });
  });

  it("gives premium users 30 days and their time by category, in one figure per category", async () => {
    const insights = await insightsOf("premium-user");
    expect(insights.premium).toBe(true);
    expect(insights.days).toHaveLength(30);
    expect(insights.days[0]!.day).toBe("2026-10-24");
    expect(insights).toMatchObject({
      sessions: 2,
      totalSeconds: 300,
      averageSeconds: 150,
      longestSeconds: 240,
      todaySeconds: 60,
    });
    // The old session's 500 s of trans is outside the window; zero seconds are not stored.
    expect(insights.categories).toEqual([
      { slug: "swing", name: "Swing", color: "#f97316", seconds: 230 },
      { slug: "bdsm", name: "BDSM", color: "#a855f7", seconds: 40 },
      { slug: "feet", name: "Feet", color: "#14b8a6", seconds: 30 },
    ]);
    const es = await insightsOf("premium-user", { language: "es" });
    expect(es.categories!.map((c) => c.name)).toEqual(["Swing", "BDSM", "Pies"]);
    // Conscious Mode never names a category, premium or not.
    expect((await insightsOf("premium-user", { brandMode: "conscious" })).categories).toBeNull();
    expect((await insightsOf("free-user")).categories).toBeNull();
  });

  it("explains how to start when there is no data, and says when sessions are only older", async () => {
    const insights = await insightsOf("new-user");
    expect(insights).toMatchObject({
      sessions: 0,
      earlierSessions: false,
      totalSeconds: 0,
      averageSeconds: 0,
      longestSeconds: 0,
      emotions: [],
      streak: 0,
    });
    expect(insights.days.every((d) => d.seconds === 0)).toBe(true);
    expect(insights.prompts.map((p) => p.key)).toEqual(["start", "setGoal"]);
    expect(await todayOverGoal(handle.db, { userId: "new-user", timeZone: "UTC", now: NOW })).toBe(false);

    expect(await insightsOf("away-user")).toMatchObject({ sessions: 0, earlierSessions: true });
  });

  describe("the route", () => {
    let env: ReturnType<typeof createTestServices>;
    let cookie: string;
    beforeAll(async () => {
      env = createTestServices(handle);
      cookie = await signIn(env, "insights-route@example.com");
      const userId = (await env.services.auth.api.getSession({ headers: new Headers({ cookie }) }))!.user.id;
      await handle.db
        .insert(profiles)
        .values({ id: userId, isPremium: true })
        .onConflictDoUpdate({ target: profiles.id, set: { isPremium: true } });
      await timedSession(userId, 120, new Date(Date.now() - 130_000).toISOString(), { bdsm: 60, hotwife: 50 });
    });
    const load = async (call: Parameters<typeof routeArgs>[2]) =>
      (await loader(routeArgs(env.services, "/insights", call))) as Awaited<ReturnType<typeof loader>>;

    it("counts in the zone of the tz cookie, and names categories only on the adult site", async () => {
      const adult = await load({ cookie: `${cookie}; tz=Asia%2FKolkata` });
      // Intl's canonical name for the zone.
      expect(adult.insights.timeZone).toMatch(/^Asia\/(Kolkata|Calcutta)$/);
      expect(adult.insights.categories!.map((c) => c.slug)).toEqual(["bdsm", "hotwife"]);
      expect((await load({ cookie: `${cookie}; tz=nowhere` })).insights.timeZone).toBe("UTC");

      const conscious = await load({ cookie, brandMode: "conscious" });
      expect(conscious.insights.categories).toBeNull();
      // Nothing the page is given, not even its hydration data, names a category or the adult brand.
      const text = JSON.stringify(conscious);
      for (const word of ["BDSM", "Hotwife", "bdsm", "hotwife", "Spicy"]) expect(text).not.toContain(word);
    });

    it("answers 401 (Access Required) to signed-out visitors", async () => {
      for (const [fn, call] of [
        [loader, {}],
        [action, { body: { minutes: "30" } }],
      ] as const) {
        const thrown = await (fn as (a: never) => Promise<unknown>)(routeArgs(env.services, "/insights", call)).catch((e: unknown) => e);
        expect(thrown).toMatchObject({
          init: { status: 401 },
          data: { accessRequired: true },
        });
      }
    });
  });

  it("deletes a session's time by category with the session", async () => {
    const [row] = await handle.db
      .select({ id: usageSessions.id })
      .from(usageSessions)
      .where(eq(usageSessions.userId, "premium-user"))
      .limit(1);
    const rowsOf = async () =>
      (await handle.db.select().from(usageSessionCategories).where(eq(usageSessionCategories.sessionId, row!.id))).length;
    expect(await rowsOf()).toBeGreaterThan(0);
    await handle.db.delete(usageSessions).where(eq(usageSessions.id, row!.id));
    expect(await rowsOf()).toBe(0);
  });

  it("reads habit patterns from a premium member's sessions with the numbers behind them, never from fewer than five", async () => {
    await makeUser("habit-user", true);
    await makeUser("few-user", true);
    const moods = await handle.db.select().from(emotionTypes).orderBy(emotionTypes.id);
    const tired = moods.find((e) => e.nameEn === "Tired")!.id;
    const [swing] = await handle.db.select().from(categories).where(eq(categories.slug, "swing"));
    const save = (userId: string, day: number, emotionId: number, extra: Partial<UsageInput> = {}) =>
      saveUsage(handle.db, userId, {
        seconds: 1500,
        startedAt: at(`2026-11-${String(day).padStart(2, "0")}T21:00:00Z`),
        emotionId,
        moodBeforeId: calm,
        categories: [{ slug: "swing", seconds: 1200 }],
        clips: 10,
        intention: { kind: "clips", target: 10 },
        timeZone: "Europe/Madrid",
        ...extra,
      });
    for (const day of [16, 17, 18, 19]) await save("habit-user", day, bored);
    await save("habit-user", 20, tired, { extensions: 1, clips: 15 });
    await save("habit-user", 21, tired, { extensions: 1, clips: 15 });
    for (const day of [16, 17, 18, 19]) await save("few-user", day, bored);

    const insights = await insightsOf("habit-user", { timeZone: "Europe/Madrid" });
    expect(insights.intentions).toEqual({ set: 6, kept: 4, stretched: 2, missed: 0 });
    expect(insights.recent[0]).toMatchObject({ moodBefore: "Calm", moodAfter: "Tired", categories: [swing!.nameEn], clips: 15 });
    const habits = insights.habits!;
    expect(habits.sessions).toBe(6);
    // 21:00 UTC is 22:00 in Madrid: the evening, on the member's clock when the sessions were saved.
    expect(habits.patterns).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ dimension: "category", group: "swing", groupName: swing!.nameEn, mood: "Bored", count: 4, of: 6 }),
        expect.objectContaining({ dimension: "timeOfDay", group: "evening", groupName: null, mood: "Bored", count: 4, of: 6 }),
        expect.objectContaining({ dimension: "length", group: "long", mood: "Bored", count: 4, of: 6 }),
      ]),
    );
    expect(habits.shifts).toEqual([expect.objectContaining({ beforeName: "Calm", afterName: "Bored", count: 4, of: 6 })]);
    expect(habits.prompts.map((p) => p.key)).toEqual(["intentionsKept", "moodByCategory", "moodByTime"]);

    // The companion site reads the same sessions without a category.
    const conscious = await insightsOf("habit-user", { brandMode: "conscious", timeZone: "Europe/Madrid" });
    expect(conscious.habits!.patterns.some((p) => p.dimension === "category")).toBe(false);
    expect(conscious.recent[0]!.categories).toEqual([]);
    expect(JSON.stringify(conscious)).not.toContain(swing!.nameEn);

    const few = await insightsOf("few-user");
    expect(few.habits).toMatchObject({ sessions: 4, patterns: [], shifts: [], prompts: [] });
    // Free members get the counts and pairs, not the patterns.
    await handle.db.update(profiles).set({ isPremium: false }).where(eq(profiles.id, "few-user"));
    expect((await insightsOf("few-user")).habits).toBeNull();
  });

  it("reports the last 7 days against the 7 before with the numbers of the sessions made", async () => {
    await makeUser("week-user");
    const made: { day: number; seconds: number; mood: number; kept: boolean; slug: string }[] = [
      { day: 22, seconds: 300, mood: bored, kept: true, slug: "swing" },
      { day: 20, seconds: 900, mood: calm, kept: false, slug: "feet" },
      { day: 16, seconds: 120, mood: bored, kept: true, slug: "swing" },
      // The week before: 2026-11-09 to 2026-11-15.
      { day: 15, seconds: 600, mood: calm, kept: true, slug: "feet" },
      { day: 9, seconds: 60, mood: calm, kept: false, slug: "feet" },
      // Older than both weeks.
      { day: 8, seconds: 5000, mood: bored, kept: true, slug: "swing" },
    ];
    for (const m of made)
      await saveUsage(handle.db, "week-user", {
        seconds: m.seconds,
        startedAt: at(`2026-11-${String(m.day).padStart(2, "0")}T10:00:00Z`),
        emotionId: m.mood,
        categories: [{ slug: m.slug, seconds: Math.min(30, m.seconds) }],
        clips: m.kept ? 5 : 8,
        intention: { kind: "clips", target: 5 },
        extensions: m.kept ? 0 : 1,
      });
    const report = await loadWeeklyReport(handle.db, {
      userId: "week-user",
      language: "en",
      timeZone: "UTC",
      brandMode: "adult",
      now: NOW,
    });
    const sum = (from: number, to: number) => made.filter((m) => m.day >= from && m.day <= to);
    for (const [figures, from, to] of [
      [report.week, 16, 22],
      [report.before, 9, 15],
    ] as const) {
      const sessions = sum(from, to);
      expect(figures.sessions).toBe(sessions.length);
      expect(figures.seconds).toBe(sessions.reduce((n, m) => n + m.seconds, 0));
      expect(figures.intentions.kept).toBe(sessions.filter((m) => m.kept).length);
      expect(figures.intentions.set).toBe(sessions.length);
      expect(Object.fromEntries(figures.moods.map((m) => [m.id, m.count]))).toEqual(
        sessions.reduce<Record<number, number>>((acc, m) => ({ ...acc, [m.mood]: (acc[m.mood] ?? 0) + 1 }), {}),
      );
      expect(Object.fromEntries(figures.categories.map((c) => [c.key, c.sessions]))).toEqual(
        sessions.reduce<Record<string, number>>((acc, m) => ({ ...acc, [m.slug]: (acc[m.slug] ?? 0) + 1 }), {}),
      );
    }
    expect(report.week).toMatchObject({ from: "2026-11-16", to: "2026-11-22" });
    expect(report.moodNames[bored]).toBe("Bored");
    // The companion site's report names no category.
    const conscious = await loadWeeklyReport(handle.db, {
      userId: "week-user",
      language: "es",
      timeZone: "UTC",
      brandMode: "conscious",
      now: NOW,
    });
    expect(conscious.week.categories).toEqual([]);
    expect(conscious.categoryNames).toEqual({});
  });
});
