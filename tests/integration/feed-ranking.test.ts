import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { rankedFeedPage, visitorHistory, noHistory, type RankQuery } from "~/features/feed/rank.server";
import { emptyProfile } from "~/features/feed/rank-score";
import { hotOf } from "~/features/signals/signal-rules";
import { commitSignals } from "~/features/signals/index.server";
import type { DatabaseHandle } from "~/lib/db.server";
import { seedSimCatalogue, watchFeed, type SimCatalogue } from "../../scripts/support/feed-simulation";
import { createTestDatabase, testEngine } from "../support/database";

// The "For you" ranking (ADR 160) against a synthetic catalogue: 1 200 clips over two years, 6 categories,
// 20 creators, 12 tags.
describe(`feed ranking on ${testEngine()}`, () => {
  let handle: DatabaseHandle;
  let catalogue: SimCatalogue;
  const base = (): RankQuery => ({ filters: { category: null, tag: null, period: "ongoing" }, audience: "hetero", now: new Date() });
  const page = (input: Partial<Parameters<typeof rankedFeedPage>[1]> = {}) =>
    rankedFeedPage(handle.db, { ...base(), history: noHistory(), shown: [], position: 0, count: 12, seed: "s1", ...input });
  const rows = async <T>(query: ReturnType<typeof sql>) => {
    const result = (await handle.db.execute(query)) as unknown as { rows: T[] } | T[];
    return Array.isArray(result) ? result : result.rows;
  };

  beforeAll(async () => {
    handle = await createTestDatabase();
    catalogue = await seedSimCatalogue(handle.db, { clips: 1200, categories: 6, creators: 20, tags: 12, spanDays: 730 });
  }, 120_000);
  afterAll(() => handle?.close());

  it("keeps the trending order in clip_stats.hot with the quality, and reaches a strong two-year-old clip", async () => {
    const oldest = [...catalogue.clips.keys()].at(-1)!;
    // Many visitors flamed it and watched it to the end: its record is strong.
    await handle.db.execute(sql`update clips set flames = 200 where id = ${oldest}`);
    await commitSignals(
      handle.db,
      Array.from({ length: 40 }, () => ({
        owner: { userId: null, anonymousId: randomUUID(), personal: false },
        events: [{ clipId: oldest, kind: "watch" as const, watchedMs: 8000, loops: 1, completed: true, skipped: false }],
      })),
    );
    const [stats] = await rows<{ quality: number; hot: number; published_at: string }>(
      sql`select quality, hot, published_at from clip_stats where clip_id = ${oldest}`,
    );
    expect(Number(stats!.hot)).toBeCloseTo(hotOf(Number(stats!.quality), new Date(stats!.published_at)), 6);
    // Not among the newest 500 — today's pool could never show it — yet a newcomer's first page holds it.
    expect(catalogue.newest).not.toContain(oldest);
    const first = await page();
    expect(first.map((clip) => clip.id)).toContain(oldest);
    const reasons = first.find((clip) => clip.id === oldest)!.reasons;
    expect(reasons).toContainEqual({ kind: "popular" });
  });

  it("never puts more than two clips of one creator in a row, and gives every fifth place to something new", async () => {
    const ids = [...(await page({ count: 40 }))].map((clip) => clip.id);
    expect(new Set(ids).size).toBe(ids.length);
    const creators = ids.map((id) => catalogue.clips.get(id)!.creatorId);
    for (let i = 2; i < creators.length; i++) expect(creators[i] === creators[i - 1] && creators[i] === creators[i - 2]).toBe(false);
  });

  it("applies category, tag and week filters exactly", async () => {
    const category = catalogue.categorySlugs[2]!;
    const byCategory = await page({ filters: { category, tag: null, period: "ongoing" }, count: 30 });
    expect(byCategory).toHaveLength(30);
    for (const clip of byCategory) expect(catalogue.clips.get(clip.id)!.categoryId).toBe(catalogue.categoryIds[2]);
    const tag = catalogue.tagSlugs[5]!;
    const byTag = await page({ filters: { category: null, tag, period: "ongoing" }, count: 30 });
    expect(byTag).toHaveLength(30);
    for (const clip of byTag) expect(catalogue.clips.get(clip.id)!.tagIds).toContain(catalogue.tagIds[5]);
    const week = await page({ filters: { category: null, tag: null, period: "week" }, count: 30 });
    // 1 200 clips over 730 days: about 11 a week.
    expect(week.length).toBeGreaterThan(5);
    expect(week.length).toBeLessThan(20);
    const newestWeek = new Set(catalogue.newest.slice(0, week.length + 2));
    for (const clip of week) expect(newestWeek.has(clip.id)).toBe(true);
  });

  it("learns a visitor who finishes one category and skips the rest: its share at least doubles within 30 clips", async () => {
    const category = catalogue.categoryIds[1]!;
    const prefers = (clip: { categoryId: string }) => clip.categoryId === category;
    const { anonymousId, shown } = await watchFeed(handle.db, { catalogue, prefers, count: 36 });
    const share = (ids: string[]) => ids.filter((id) => prefers(catalogue.clips.get(id)!)).length / ids.length;
    const baseRate = [...catalogue.clips.values()].filter(prefers).length / catalogue.clips.size;
    expect(share(shown.slice(20, 30))).toBeGreaterThanOrEqual(2 * baseRate);
    expect(share(shown.slice(20, 36))).toBeGreaterThan(share(shown.slice(0, 10)));

    // What it learned, and why it chooses: the reasons name the category the visitor finishes.
    const history = await visitorHistory(handle.db, { anonymousId }, new Date());
    expect(history.profile.category.get(category)).toBeGreaterThan(1);
    const next = await page({ history, shown: shown.slice(-48), position: 36, count: 12, seed: anonymousId });
    const liked = next.filter((clip) => prefers(catalogue.clips.get(clip.id)!));
    expect(liked.length).toBeGreaterThan(4);
    for (const clip of liked.slice(0, 3)) expect(clip.reasons).toContainEqual({ kind: "taste", facet: "category", itemId: category });
    // Every fifth place stays open: a clip outside the visitor's tastes, new to them.
    const explored = next.find((_, i) => (36 + i) % 5 === 4)!;
    expect(explored.reasons).toContainEqual({ kind: "new-to-you" });
    // Nothing it saw this week comes back while the catalogue has more.
    for (const clip of next) expect(history.seen.has(clip.id)).toBe(false);
  }, 120_000);

  it("gives a newcomer three places in five from their own draw of the newest 15 days, the first to the hot ranking", async () => {
    // 1 200 clips over 730 days: about 25 in the newest 15 days.
    const newest = new Set(catalogue.newest.slice(0, 26));
    const pages = await Promise.all(["n1", "n2", "n3", "n4"].map((seed) => page({ seed, count: 10 })));
    for (const ids of pages.map((p) => p.map((clip) => clip.id))) {
      for (const place of [1, 2, 3, 6, 7, 8]) expect(newest.has(ids[place]!)).toBe(true);
    }
    const recentPicks = pages.map((p) => [1, 2, 3, 6, 7, 8].map((place) => p[place]!.id).join());
    expect(new Set(recentPicks).size).toBeGreaterThan(1);
  });

  it("ranks a returning visitor's tastes from shared pools: their own drawn stretch, true reasons, the creator rule, exploration", async () => {
    const [category, creator, tag] = [catalogue.categoryIds[0]!, catalogue.creatorIds[3]!, catalogue.tagIds[4]!];
    const likes = (clip: { categoryId: string; creatorId: string; tagIds: string[] }) =>
      clip.categoryId === category || clip.creatorId === creator || clip.tagIds.includes(tag);
    const profile = emptyProfile();
    profile.category.set(category, 3);
    profile.creator.set(creator, 2.5);
    profile.tag.set(tag, 2);
    // A history: what they know is not "new to you"; the newest clip was seen this week.
    const known = new Set(catalogue.newest.slice(0, 5));
    const history = { ...noHistory(), profile, known, seen: new Set(catalogue.newest.slice(0, 1)) };
    const seeds = ["r1", "r2", "r3", "r4", "r5", "r6", "r7", "r8"];
    const pages = await Promise.all(seeds.map((seed) => page({ history, seed, position: 1, count: 40 })));
    const drawnPicks: string[][] = [];
    for (const ranked of pages) {
      const clips = ranked.map((clip) => ({ ...clip, ...catalogue.clips.get(clip.id)! }));
      expect(new Set(clips.map((clip) => clip.id)).size).toBe(40);
      for (let i = 2; i < clips.length; i++)
        expect(clips[i]!.creatorId === clips[i - 1]!.creatorId && clips[i]!.creatorId === clips[i - 2]!.creatorId).toBe(false);
      // Places 2nd–4th of five (positions 1, 2, 3 mod 5) go to the drawn stretches of the visitor's tastes.
      const drawnPlaces = clips.filter((_, i) => [1, 2, 3].includes((1 + i) % 5));
      expect(drawnPlaces.filter(likes).length).toBeGreaterThanOrEqual(Math.ceil(drawnPlaces.length * 0.8));
      for (const clip of drawnPlaces.filter(likes)) expect(clip.reasons.some((reason) => reason.kind === "taste")).toBe(true);
      // A taste reason names one of the visitor's tastes that the clip has.
      for (const clip of clips)
        for (const reason of clip.reasons)
          if (reason.kind === "taste") expect([clip.categoryId, clip.creatorId, ...clip.tagIds]).toContain(reason.itemId);
      for (const clip of clips)
        for (const reason of clip.reasons) if (reason.kind === "taste") expect([category, creator, tag]).toContain(reason.itemId);
      // Every fifth place: a clip new to the visitor, outside their tastes.
      for (const clip of clips.filter((_, i) => (1 + i) % 5 === 4)) {
        expect(clip.reasons).toContainEqual({ kind: "new-to-you" });
        expect(likes(clip)).toBe(false);
        expect(known.has(clip.id)).toBe(false);
      }
      expect(clips.some((clip) => history.seen.has(clip.id))).toBe(false);
      drawnPicks.push(drawnPlaces.map((clip) => clip.id));
    }
    // Visitors of the same tastes in the same seconds draw their own stretches of the shared pools …
    expect(new Set(drawnPicks.map((ids) => [...ids].sort().join())).size).toBeGreaterThan(4);
    // … which reach back over the tastes' whole catalogue: the shared walks hold their hottest and newest clips, the
    // drawn places clips of any age (a year back is half of it, 365 of 730 days).
    const picks = drawnPicks.flat();
    const old = await rows<{ id: string }>(
      sql`select id from clips where id = any(${`{${picks.join(",")}}`}::uuid[]) and published_at < now() - interval '365 days'`,
    );
    const oldIds = new Set(old.map((row) => row.id));
    expect(picks.filter((id) => oldIds.has(id)).length).toBeGreaterThanOrEqual(picks.length / 5);
  });

  it("draws a taste's stretches anew once they are 7.5 s old, so the drawn places of its visitors keep spreading", async () => {
    const profile = emptyProfile();
    profile.category.set(catalogue.categoryIds[5]!, 3);
    profile.tag.set(catalogue.tagIds[7]!, 2);
    const history = { ...noHistory(), profile, known: new Set(catalogue.newest.slice(0, 3)) };
    const seeds = ["d1", "d2", "d3", "d4", "d5", "d6"];
    // The clips at the drawn places (positions 1, 2, 3 mod 5) of these visitors' first 20.
    const drawnPicks = async () => {
      const pages = await Promise.all(seeds.map((seed) => page({ history, seed, position: 0, count: 20 })));
      return pages.map((ranked) => ranked.filter((_, i) => [1, 2, 3].includes(i % 5)).map((clip) => clip.id));
    };
    const first = await drawnPicks();
    // Within the stretches' life the same visitors take the same stretches of the kept pools.
    expect(await drawnPicks()).toEqual(first);
    const before = new Set(first.flat());
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      // Up to four lives past: each refresh draws its moments at random, so one refresh alone can land near the last one's.
      const reached = new Set(before);
      const spread = () => reached.size > before.size + before.size / 4;
      let last = first;
      for (let life = 1; life <= 4 && !spread(); life++) {
        vi.setSystemTime(Date.now() + 8_000);
        // The first request past their life is served the kept stretches and starts their read beside it.
        const served = await drawnPicks();
        if (life === 1) expect(served).toEqual(first);
        let after = last;
        for (let tries = 0; tries < 100 && JSON.stringify(after) === JSON.stringify(last); tries++) {
          await new Promise((resolve) => setTimeout(resolve, 50));
          after = await drawnPicks();
        }
        // One life past (8 s), the stretches were read anew: the drawn places moved.
        if (life === 1) expect(after).not.toEqual(last);
        for (const id of after.flat()) reached.add(id);
        last = after;
      }
      // New moments: the same visitors' drawn places reach clips the first stretches did not hold.
      expect(reached.size).toBeGreaterThan(before.size + before.size / 4);
    } finally {
      vi.useRealTimers();
    }
  });

  it("applies a category filter exactly to a visitor with tastes elsewhere too", async () => {
    const profile = emptyProfile();
    profile.category.set(catalogue.categoryIds[0]!, 3);
    profile.creator.set(catalogue.creatorIds[3]!, 2.5);
    profile.tag.set(catalogue.tagIds[4]!, 2);
    const history = { ...noHistory(), profile, known: new Set(catalogue.newest.slice(0, 5)) };
    const filters = { category: catalogue.categorySlugs[2]!, tag: null, period: "ongoing" as const };
    const ranked = await page({ history, filters, count: 30 });
    expect(ranked).toHaveLength(30);
    for (const clip of ranked) expect(catalogue.clips.get(clip.id)!.categoryId).toBe(catalogue.categoryIds[2]);
  });

  it("leaves out dismissed clips", async () => {
    const first = await page();
    const dismissed = new Set([first[0]!.id, first[1]!.id]);
    const again = await page({ history: { ...noHistory(), dismissed } });
    for (const clip of again) expect(dismissed.has(clip.id)).toBe(false);
  });
});
