import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  clips,
  emotionTypes,
  profiles,
  usageSessions,
  user,
  userFlames,
  videoCategories,
} from "../../db/schema";
import { seedDemoContent } from "../../db/seed/demo";
import {
  loadInsights,
  saveGoal,
  todayOverGoal,
} from "~/features/habits/insights.server";
import { servicesContext, visitorContext, type Visitor } from "~/lib/context";
import type { DatabaseHandle } from "~/lib/db.server";
import { createLocalStorage } from "~/lib/storage/index.server";
import { action, loader } from "~/routes/insights";
import { createTestDatabase, testEngine } from "../support/database";
import { createTestServices } from "../support/services";

const NOW = new Date("2026-11-22T12:00:00Z");
const at = (iso: string) => new Date(iso);

describe(`insights on ${testEngine()}`, () => {
  let handle: DatabaseHandle;
  let calm: number;
  let bored: number;

  async function makeUser(id: string) {
    await handle.db
      .insert(user)
      .values({ id, name: id, email: `${id}@example.com` });
  }
  async function session(
    userId: string,
    seconds: number,
    startedAt: string,
    emotionId: number | null = null,
  ) {
    await handle.db
      .insert(usageSessions)
      .values({ userId, seconds, startedAt: at(startedAt), emotionId });
  }

  beforeAll(async () => {
    handle = await createTestDatabase();
    await seedDemoContent({
      db: handle.db,
      storage: createLocalStorage(
        mkdtempSync(path.join(tmpdir(), "insights-")),
      ),
    });
    const emotions = await handle.db
      .select()
      .from(emotionTypes)
      .orderBy(emotionTypes.id);
    calm = emotions.find((e) => e.nameEn === "Calm")!.id;
    bored = emotions.find((e) => e.nameEn === "Bored")!.id;

    await makeUser("free-user");
    await session("free-user", 300, "2026-11-22T10:00:00Z", calm);
    await session("free-user", 600, "2026-11-22T11:00:00Z", bored);
    await session("free-user", 120, "2026-11-21T23:30:00Z", calm);
    await session("free-user", 180, "2026-11-20T00:30:00Z");
    // Outside the 7-day window (it starts 2026-11-16 00:00 UTC).
    await session("free-user", 999, "2026-11-15T23:59:59Z", bored);

    await makeUser("other-user");
    await session("other-user", 5000, "2026-11-22T09:00:00Z", calm);

    await makeUser("premium-user");
    await handle.db
      .insert(profiles)
      .values({ id: "premium-user", isPremium: true });
    await session("premium-user", 240, "2026-10-25T08:00:00Z", calm);
    await session("premium-user", 60, "2026-11-22T08:00:00Z");

    await makeUser("new-user");
  });
  afterAll(() => handle?.close());

  it("computes every figure of a free user's last 7 UTC days", async () => {
    const insights = await loadInsights(handle.db, "free-user", "en", NOW);
    expect(insights.premium).toBe(false);
    expect(insights.periodDays).toBe(7);
    expect(insights.days.map((d) => d.day)).toEqual([
      "2026-11-16",
      "2026-11-17",
      "2026-11-18",
      "2026-11-19",
      "2026-11-20",
      "2026-11-21",
      "2026-11-22",
    ]);
    expect(insights.days.map((d) => d.seconds)).toEqual([
      0, 0, 0, 0, 180, 120, 900,
    ]);
    expect(insights).toMatchObject({
      sessions: 4,
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
    // Two of four sessions started after 23:00 / before 04:00 UTC.
    expect(insights.prompts.map((p) => p.key)).toEqual([
      "lateNight",
      "longestEmotion",
      "setGoal",
    ]);
    expect(insights.prompts[1]!.values).toEqual({
      emotion: "Bored",
      minutes: 10,
    });
    const es = await loadInsights(handle.db, "free-user", "es", NOW);
    expect(es.emotions.map((e) => e.name)).toEqual(["Aburrimiento", "Calma"]);
  });

  it("saves and clears the goal, with the streak and today's nudge following it", async () => {
    expect(await todayOverGoal(handle.db, "free-user", NOW)).toBe(false);
    await saveGoal(handle.db, "free-user", 600, NOW);
    expect(
      (
        await handle.db
          .select()
          .from(profiles)
          .where(eq(profiles.id, "free-user"))
      )[0]!.dailyGoalSeconds,
    ).toBe(600);
    expect(await todayOverGoal(handle.db, "free-user", NOW)).toBe(true);
    let insights = await loadInsights(handle.db, "free-user", "en", NOW);
    expect(insights.goalSeconds).toBe(600);
    // Today (900 s) is over: the streak is yesterday and the day before, back to the first session.
    expect(insights.streak).toBe(2);
    expect(insights.prompts.map((p) => p.key)).toEqual([
      "overGoal",
      "lateNight",
      "longestEmotion",
    ]);
    expect(insights.prompts[0]!.values).toEqual({ minutes: 15, goal: 10 });

    await saveGoal(handle.db, "free-user", 1200, NOW);
    expect(await todayOverGoal(handle.db, "free-user", NOW)).toBe(false);
    insights = await loadInsights(handle.db, "free-user", "en", NOW);
    expect(insights.streak).toBe(3);

    await saveGoal(handle.db, "free-user", null, NOW);
    expect(await todayOverGoal(handle.db, "free-user", NOW)).toBe(false);
    expect(
      (await loadInsights(handle.db, "free-user", "en", NOW)).goalSeconds,
    ).toBeNull();
    // Tomorrow the same sessions are no longer today's.
    await saveGoal(handle.db, "free-user", 300, NOW);
    expect(
      await todayOverGoal(
        handle.db,
        "free-user",
        new Date("2026-11-23T01:00:00Z"),
      ),
    ).toBe(false);
    await saveGoal(handle.db, "free-user", null, NOW);
  });

  it("gives premium users 30 days and their flames by category", async () => {
    const [first, second] = await handle.db
      .select({ id: clips.id, category: videoCategories.nameEn })
      .from(clips)
      .innerJoin(videoCategories, eq(videoCategories.id, clips.categoryId))
      .orderBy(clips.id)
      .limit(2);
    await handle.db.insert(userFlames).values([
      {
        clipId: first!.id,
        userId: "premium-user",
        createdAt: at("2026-11-20T10:00:00Z"),
      },
      {
        clipId: second!.id,
        userId: "premium-user",
        createdAt: at("2026-11-21T10:00:00Z"),
      },
    ]);
    const insights = await loadInsights(handle.db, "premium-user", "en", NOW);
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
    const expected = new Map<string, number>();
    for (const c of [first!.category, second!.category])
      expected.set(c, (expected.get(c) ?? 0) + 1);
    expect(
      new Map(insights.categories!.map((c) => [c.name, c.flames])),
    ).toEqual(expected);
  });

  it("explains how to start when there is no data", async () => {
    const insights = await loadInsights(handle.db, "new-user", "en", NOW);
    expect(insights).toMatchObject({
      sessions: 0,
      totalSeconds: 0,
      averageSeconds: 0,
      longestSeconds: 0,
      emotions: [],
      streak: 0,
    });
    expect(insights.days.every((d) => d.seconds === 0)).toBe(true);
    expect(insights.prompts.map((p) => p.key)).toEqual(["start", "setGoal"]);
    expect(await todayOverGoal(handle.db, "new-user", NOW)).toBe(false);
  });

  it("answers 401 (Access Required) to signed-out visitors", async () => {
    const { services } = createTestServices(handle);
    const args = (method: string) => {
      const context = new RouterContextProvider();
      context.set(servicesContext, services);
      context.set(visitorContext, {
        language: "en",
        brandMode: "adult",
        audience: "hetero",
        ageVerified: true,
        ageGateEnabled: true,
        nonce: "",
        clientIp: "127.0.0.1",
        isLoopback: true,
      } as Visitor);
      const body =
        method === "POST" ? new URLSearchParams({ minutes: "30" }) : undefined;
      return {
        request: new Request("http://localhost:3000/insights", {
          method,
          body,
        }),
        context,
        params: {},
      } as never;
    };
    for (const [fn, method] of [
      [loader, "GET"],
      [action, "POST"],
    ] as const) {
      const thrown = await (fn as (a: never) => Promise<unknown>)(
        args(method),
      ).catch((e: unknown) => e);
      expect(thrown).toMatchObject({
        init: { status: 401 },
        data: { accessRequired: true },
      });
    }
  });
});
