import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { createElement, type ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clips, emotionTypes, premiumActivations, profiles, usageSessions, user, userFlames, categories } from "~schema";
import { setFlame } from "~/features/flames/flames.server";
import { grantModerator } from "~/features/moderation/moderators.server";
import { readableDuration, SiteStatisticsView } from "~/features/moderation/components/statistics";
import { siteStatistics, type SiteStatistics } from "~/features/moderation/statistics.server";
import type { DatabaseHandle } from "~/lib/db.server";
import { I18nProvider } from "~/lib/i18n/react";
import { loadNamespaces } from "~/lib/i18n/resources";
import * as adminIndex from "~/routes/admin._index";
import { makeClips } from "../support/catalog";
import { routeArgs } from "../support/route-args";
import { createTestDatabase, testEngine } from "../support/database";
import { createTestServices } from "../support/services";
import { signInModerator } from "../support/sign-in";

const ORIGIN = "http://localhost:3000";
// Premium expiry is read against the clock by the dashboard's loader, so it is set relative to now.
const NOW = new Date();
const DAY = 86_400_000;

describe(`admin statistics on ${testEngine()}`, () => {
  let handle: DatabaseHandle;
  let env: ReturnType<typeof createTestServices>;
  const anonymousId = randomUUID();
  /** Clip titles by role, to read the latest-flames list. */
  const title: Record<string, string> = {};

  async function category(clipId: string, slug: string, nameEn: string, nameEs: string) {
    const [clip] = await handle.db.select({ categoryId: clips.categoryId }).from(clips).where(eq(clips.id, clipId));
    await handle.db.update(categories).set({ slug, nameEn, nameEs }).where(eq(categories.id, clip!.categoryId));
  }

  /** A flame through the real use case (the clip's counter moves with it), dated `at`. */
  async function flame(clipId: string, flameOwner: { userId: string } | { anonymousId: string }, at: string) {
    await setFlame(handle.db, { clipId, flameOwner, flamed: true });
    const who = "userId" in flameOwner ? eq(userFlames.userId, flameOwner.userId) : eq(userFlames.anonymousId, flameOwner.anonymousId);
    await handle.db
      .update(userFlames)
      .set({ createdAt: new Date(at) })
      .where(and(eq(userFlames.clipId, clipId), who));
  }

  beforeAll(async () => {
    handle = await createTestDatabase();
    env = createTestServices(handle, ORIGIN);
    await Promise.all([loadNamespaces("en"), loadNamespaces("es")]);

    const users = ["u1", "u2", "u3", "u4", "u5"];
    await handle.db.insert(user).values(users.map((id) => ({ id, name: id, email: `${id}@example.com` })));
    // u5 has no profile. Active premium: u1 (expires later) and u3 (no expiry); u2's premium
    // expired yesterday but its flag is still set (nobody has read the profile since).
    await handle.db
      .insert(profiles)
      .values([
        { id: "u1", isPremium: true, premiumSource: "promo_code", premiumExpiresAt: new Date(NOW.getTime() + 10 * DAY) },
        { id: "u2", isPremium: true, premiumSource: "promo_code", premiumExpiresAt: new Date(NOW.getTime() - DAY) },
        { id: "u3", isPremium: true, premiumSource: "gift", premiumExpiresAt: null },
        { id: "u4" },
      ]);
    const token = (userId: string, source: string, startsAt: Date) => ({
      userId,
      planType: "beta",
      source,
      startsAt,
      expiresAt: new Date(startsAt.getTime() + 30 * DAY),
    });
    await handle.db
      .insert(premiumActivations)
      .values([
        token("u1", "promo_code", new Date(NOW.getTime() - 20 * DAY)),
        token("u2", "promo_code", new Date(NOW.getTime() - 31 * DAY)),
        token("u3", "gift", new Date(NOW.getTime() - 5 * DAY)),
      ]);

    const [a0, a1, a2] = await makeClips(handle.db, 3);
    const [b0, b1] = await makeClips(handle.db, 2);
    const [c0] = await makeClips(handle.db, 1);
    await category(a0!.id, "alpha", "Alpha", "Alfa");
    await category(b0!.id, "bravo", "Bravo", "Bravo ES");
    await category(c0!.id, "charlie", "Charlie", "Charlie ES");
    for (const [role, clip] of Object.entries({ a0, a1, b0, b1, c0 })) {
      title[role] = `Clip ${role}`;
      await handle.db.update(clips).set({ title: title[role] }).where(eq(clips.id, clip!.id));
    }

    // Published flames: a0 ×3 (one anonymous), a1, b0, c0. The hidden clip b1 gets two,
    // one of them the newest of all: neither may show anywhere.
    await flame(b1!.id, { userId: "u1" }, "2026-11-22T11:30:00Z");
    await flame(a0!.id, { anonymousId }, "2026-11-22T11:00:00Z");
    await flame(b0!.id, { userId: "u2" }, "2026-11-22T10:00:00Z");
    await flame(a1!.id, { userId: "u1" }, "2026-11-22T09:00:00Z");
    await flame(a0!.id, { userId: "u2" }, "2026-11-22T08:00:00Z");
    await flame(a0!.id, { userId: "u1" }, "2026-11-22T07:00:00Z");
    await flame(b1!.id, { userId: "u3" }, "2026-11-22T06:30:00Z");
    await flame(c0!.id, { userId: "u4" }, "2026-11-22T06:00:00Z");
    await handle.db.update(clips).set({ status: "hidden" }).where(eq(clips.id, b1!.id));
    await handle.db.update(clips).set({ status: "processing" }).where(eq(clips.id, a2!.id));

    const [calm] = await handle.db.insert(emotionTypes).values({ nameEn: "Calm test", nameEs: "Calma test" }).returning();
    const session = (userId: string, seconds: number, startedAt: string, emotionId: number | null = null) => ({
      userId,
      seconds,
      startedAt: new Date(startedAt),
      emotionId,
    });
    await handle.db
      .insert(usageSessions)
      .values([
        session("u1", 300, "2026-11-20T10:00:00Z", calm!.id),
        session("u1", 600, "2026-11-21T10:00:00Z"),
        session("u2", 125, "2026-11-19T10:00:00Z"),
        session("u3", 3600, "2026-11-22T09:00:00Z", calm!.id),
        session("u4", 45, "2026-11-18T10:00:00Z"),
        session("u4", 101, "2026-11-17T10:00:00Z"),
      ]);
  });
  afterAll(() => handle?.close());

  let stats: SiteStatistics;

  it("counts published clips, profiles and the flames of published clips only", async () => {
    stats = await siteStatistics(handle.db, NOW);
    // a0, a1, b0, c0: the hidden b1 and the processing a2 are not counted.
    expect(stats.app).toEqual({ totalClips: 4, totalProfiles: 4, totalFlames: 6 });
    expect(stats.flames.totalFlames).toBe(6);
    // The hidden clip's two flames are still stored: they are left out, not lost.
    expect(await handle.db.$count(userFlames)).toBe(8);
  });

  it("groups flames by category and lists the latest five, newest first", () => {
    expect(stats.flames.categoriesFlamed).toEqual([
      { slug: "alpha", nameEn: "Alpha", nameEs: "Alfa", flames: 4 },
      { slug: "bravo", nameEn: "Bravo", nameEs: "Bravo ES", flames: 1 },
      { slug: "charlie", nameEn: "Charlie", nameEs: "Charlie ES", flames: 1 },
    ]);
    expect(stats.flames.recentActivity.map((f) => [f.clipTitle, f.flamedAt])).toEqual([
      [title.a0, "2026-11-22T11:00:00.000Z"],
      [title.b0, "2026-11-22T10:00:00.000Z"],
      [title.a1, "2026-11-22T09:00:00.000Z"],
      [title.a0, "2026-11-22T08:00:00.000Z"],
      [title.a0, "2026-11-22T07:00:00.000Z"],
    ]);
  });

  it("sums usage time, counts sessions, rounds the average and lists the latest five", () => {
    // 300 + 600 + 125 + 3600 + 45 + 101 = 4771 s over 6 sessions: 795.17 s → 795.
    expect(stats.time).toMatchObject({ totalTime: 4771, sessionCount: 6, averageTime: 795 });
    expect(stats.time.sessions.map((s) => [s.seconds, s.startedAt.slice(0, 10), s.emotionEn])).toEqual([
      [3600, "2026-11-22", "Calm test"],
      [600, "2026-11-21", null],
      [300, "2026-11-20", "Calm test"],
      [125, "2026-11-19", null],
      [45, "2026-11-18", null],
    ]);
  });

  it("counts premium that is flagged and unexpired, every activation, and activations per source", async () => {
    // u1 and u3 (no expiry); u2's flag is still set but its premium expired.
    expect(stats.premium).toEqual({
      activePremiumUsers: 2,
      totalActivationsCreated: 3,
      sourceBreakdown: [
        { source: "promo_code", activations: 2 },
        { source: "gift", activations: 1 },
      ],
    });
    const [u2] = await handle.db.select({ isPremium: profiles.isPremium }).from(profiles).where(eq(profiles.id, "u2"));
    expect(u2!.isPremium).toBe(true);
    // Eleven days later u1's premium has run out too.
    expect((await siteStatistics(handle.db, new Date(NOW.getTime() + 11 * DAY))).premium.activePremiumUsers).toBe(1);
  });

  it("writes durations for people", () => {
    expect(readableDuration(45, "en")).toBe("45 sec");
    expect(readableDuration(795, "en")).toBe("13 min 15 sec");
    expect(readableDuration(795, "es")).toBe("13 min 15 s");
    expect(readableDuration(4771, "en")).toBe("1 hr 20 min");
    expect(readableDuration(7200, "es")).toBe("2 h");
  });

  it("shows the statistics on the admin dashboard in English and Spanish", async () => {
    await grantModerator(handle.db, "stats-admin@example.com");
    const cookie = await signInModerator(env, "stats-admin@example.com");
    const loaderData = await adminIndex.loader(routeArgs(env.services, "/admin", { cookie }));
    // Signing in made the moderator's profile: the dashboard reads the live figures.
    const profileCount = await handle.db.$count(profiles);
    expect(loaderData.statistics.app).toEqual({ totalClips: 4, totalProfiles: profileCount, totalFlames: 6 });

    const render = (language: "en" | "es") => {
      const Page = adminIndex.default as ComponentType<{ loaderData: unknown; params: unknown; matches: unknown }>;
      const router = createMemoryRouter([{ path: "*", element: createElement(Page, { loaderData, params: {}, matches: [] }) }], {
        initialEntries: ["/admin"],
      });
      return renderToString(createElement(I18nProvider, { language, children: createElement(RouterProvider, { router }) }));
    };
    const en = render("en");
    expect(en).toContain("Site statistics");
    expect(en).toMatch(/<dt[^>]*>Published clips<\/dt><dd[^>]*>4<\/dd>/);
    expect(en).toMatch(/<dt[^>]*>Total time<\/dt><dd[^>]*><time dateTime="PT4771S">1 hr 20 min<\/time><\/dd>/);
    expect(en).toMatch(/<dt[^>]*>Average session<\/dt><dd[^>]*><time dateTime="PT795S">13 min 15 sec<\/time><\/dd>/);
    expect(en).toMatch(/<th scope="row"[^>]*>Alpha<\/th><td>4<\/td>/);
    expect(en).toMatch(/<th scope="row"[^>]*>Promo code<\/th><td>2<\/td>/);
    expect(en).not.toContain(title.b1);
    const es = render("es");
    expect(es).toContain("Estadísticas del sitio");
    expect(es).toMatch(/<th scope="row"[^>]*>Alfa<\/th><td>4<\/td>/);
    expect(es).toMatch(/<dt[^>]*>Usuarios premium activos<\/dt><dd[^>]*>2<\/dd>/);
    expect(es).toContain("Calma test");
  });

  it("says so when there is nothing to list", () => {
    const empty: SiteStatistics = {
      flames: { totalFlames: 0, categoriesFlamed: [], recentActivity: [] },
      time: { totalTime: 0, sessionCount: 0, averageTime: 0, sessions: [] },
      premium: { activePremiumUsers: 0, totalActivationsCreated: 0, sourceBreakdown: [] },
      app: { totalClips: 0, totalProfiles: 0, totalFlames: 12345 },
    };
    const router = createMemoryRouter([{ path: "*", element: createElement(SiteStatisticsView, { statistics: empty }) }]);
    const html = renderToString(createElement(I18nProvider, { language: "en", children: createElement(RouterProvider, { router }) }));
    expect(html.match(/None yet\./g)).toHaveLength(4);
    expect(html).toContain("12,345");
    expect(html).not.toContain("<table");
  });
});
