import { randomUUID } from "node:crypto";
import { and, arrayContains, eq, inArray } from "drizzle-orm";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clips, clipStats, clipTags, creators, tags, type Audience } from "~schema";
import { avatarKeyFor, demoAvatarSlugs, seedDemoContent } from "../../db/seed/demo";
import { creatorClips, creatorStats, creatorTags, loadCreatorPage } from "~/features/creators/creators.server";
import { commitSignals } from "~/features/signals/index.server";
import type { DatabaseHandle } from "~/lib/db.server";
import { createLocalStorage } from "~/lib/storage/index.server";
import { makeClips } from "../support/catalog";
import { createTestDatabase, testEngine } from "../support/database";

describe(`creator page on ${testEngine()}`, () => {
  let handle: DatabaseHandle;
  const input = { audience: "hetero" as Audience, language: "en" as const, page: 1, mediaAllowed: true };

  let storage: ReturnType<typeof createLocalStorage>;

  beforeAll(async () => {
    handle = await createTestDatabase();
    storage = createLocalStorage(mkdtempSync(path.join(tmpdir(), "creator-")));
    await seedDemoContent({ db: handle.db, storage });
  });
  afterAll(() => handle?.close());

  /** The same numbers the page shows, counted the obvious way. */
  async function recount(creatorId: string, audience: Audience) {
    const rows = (await handle.db.select().from(clips).where(eq(clips.creatorId, creatorId))).filter(
      (clip) => clip.status === "published" && clip.audiences.includes(audience),
    );
    const tagRows = rows.length
      ? await handle.db
          .select({ tagId: clipTags.tagId })
          .from(clipTags)
          .where(
            inArray(
              clipTags.clipId,
              rows.map((r) => r.id),
            ),
          )
      : [];
    // Views count every audience's clips: the creator's tile says how often their clips were watched.
    const views = (await handle.db.select().from(clipStats).where(eq(clipStats.creatorId, creatorId))).reduce((sum, s) => sum + s.views, 0);
    return {
      videos: rows.length,
      flames: rows.reduce((sum, r) => sum + r.flames, 0),
      tags: new Set(tagRows.map((r) => r.tagId)).size,
      views,
      rows,
      tagRows,
    };
  }

  it("finds a creator by slug with their profile, and nothing for an unknown slug", async () => {
    const page = await loadCreatorPage(handle.db, { ...input, slug: "iris-montano" });
    expect(page?.creator).toMatchObject({ slug: "iris-montano", name: "Iris Montaño", verified: true });
    expect(page?.creator.bio).toContain("Fractal");
    expect(await loadCreatorPage(handle.db, { ...input, slug: "nobody-here" })).toBeNull();
  });

  it("sorts a creator's clips by flames (Popular) over every page, with the same clips as Recent", async () => {
    const [aurora] = await handle.db.select().from(creators).where(eq(creators.slug, "aurora-vale"));
    const { rows } = await recount(aurora!.id, "hetero");
    // Distinct counts, so the expected order is plain.
    for (const [i, row] of rows.entries())
      await handle.db
        .update(clips)
        .set({ flames: (i * 7) % rows.length })
        .where(eq(clips.id, row.id));
    const flamesById = new Map(
      (await handle.db.select({ id: clips.id, flames: clips.flames }).from(clips).where(eq(clips.creatorId, aurora!.id))).map((r) => [
        r.id,
        r.flames,
      ]),
    );
    const pages = Math.ceil(rows.length / 10);
    const popular: string[] = [];
    const recent: string[] = [];
    for (let page = 1; page <= pages; page++) {
      const common = { creatorId: aurora!.id, audience: "hetero" as const, page, mediaAllowed: true, total: rows.length };
      popular.push(...(await creatorClips(handle.db, { ...common, sort: "popular" })).map((clip) => clip.id));
      recent.push(...(await creatorClips(handle.db, common)).map((clip) => clip.id));
    }
    const expected = [...flamesById.entries()]
      .filter(([id]) => rows.some((row) => row.id === id))
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .map(([id]) => id);
    expect(popular).toEqual(expected);
    expect(new Set(recent)).toEqual(new Set(popular));
    expect(recent).not.toEqual(popular);
  });

  it("seeds a synthetic avatar for the demo creators that have one, stored where /media serves it; the others keep initials", async () => {
    const slugs = demoAvatarSlugs();
    expect(slugs.length).toBeGreaterThanOrEqual(6);
    for (const slug of slugs) {
      const page = await loadCreatorPage(handle.db, { ...input, slug });
      expect(page?.creator.avatarUrl, slug).toBe(`/media/${avatarKeyFor(slug)}`);
      expect(await storage.exists(avatarKeyFor(slug)), slug).toBe(true);
    }
    expect((await loadCreatorPage(handle.db, { ...input, slug: "aurora-vale" }))?.creator.avatarUrl).toBeNull();
  });

  it("shows stats equal to a straightforward recount, for every creator and audience", async () => {
    // Views: every third clip watched by one to three visitors.
    const watched = (await handle.db.select().from(clips)).filter((clip, i) => clip.status === "published" && i % 3 === 0);
    await commitSignals(
      handle.db,
      watched.flatMap((clip, i) =>
        Array.from({ length: 1 + (i % 3) }, () => ({
          owner: { userId: null, anonymousId: randomUUID(), personal: false },
          events: [{ clipId: clip.id, kind: "watch" as const, watchedMs: 5000, loops: 0, completed: false, skipped: false }],
        })),
      ),
    );
    const all = await handle.db.select().from(creators);
    expect(all.length).toBe(8);
    for (const creator of all) {
      for (const audience of ["hetero", "gay", "trans"] as const) {
        const { rows: _rows, tagRows: _tagRows, ...expected } = await recount(creator.id, audience);
        expect(await creatorStats(handle.db, creator.id, audience), `${creator.slug}/${audience}`).toEqual(expected);
      }
    }
  });

  it("lists the creator's tags most used first", async () => {
    const [creator] = await handle.db.select().from(creators).where(eq(creators.slug, "aurora-vale"));
    const { tagRows } = await recount(creator!.id, "hetero");
    const uses = new Map<string, number>();
    for (const row of tagRows) uses.set(row.tagId, (uses.get(row.tagId) ?? 0) + 1);
    const slugs = new Map((await handle.db.select({ id: tags.id, slug: tags.slug }).from(tags)).map((t) => [t.slug, t.id]));

    const list = await creatorTags(handle.db, { creatorId: creator!.id, audience: "hetero", language: "en" });
    expect(list.length).toBe(uses.size);
    const counts = list.map((tag) => uses.get(slugs.get(tag.slug)!)!);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    const spanish = await creatorTags(handle.db, { creatorId: creator!.id, audience: "hetero", language: "es" });
    expect(spanish.map((t) => t.slug)).toEqual(list.map((t) => t.slug));
  });

  it("pages newest first, 10 at a time, without overlap; hidden and other-audience clips stay out", async () => {
    const made = await makeClips(handle.db, 25);
    const creatorId = made[0]!.creatorId;
    const base = Date.parse("2026-01-01T00:00:00Z");
    for (const [i, clip] of made.entries()) {
      await handle.db
        .update(clips)
        .set({ publishedAt: new Date(base + i * 60_000), flames: i })
        .where(eq(clips.id, clip.id));
    }
    // The newest is hidden and the second newest is for another audience only.
    await handle.db.update(clips).set({ status: "hidden" }).where(eq(clips.id, made[24]!.id));
    await handle.db
      .update(clips)
      .set({ audiences: ["gay"] })
      .where(eq(clips.id, made[23]!.id));

    const pages = await Promise.all([1, 2, 3].map((page) => creatorClips(handle.db, { ...input, creatorId, page })));
    expect(pages.map((p) => p.length)).toEqual([10, 10, 3]);
    const ids = pages.flat().map((c) => c.id);
    expect(new Set(ids).size).toBe(23);
    expect(ids).toEqual(
      made
        .slice(0, 23)
        .reverse()
        .map((c) => c.id),
    );
    expect(ids).not.toContain(made[24]!.id);
    expect(ids).not.toContain(made[23]!.id);

    const stats = await creatorStats(handle.db, creatorId, "hetero");
    expect(stats).toEqual({ videos: 23, flames: (22 * 23) / 2, tags: 0, views: 0 });
    const [slug] = await handle.db.select({ slug: creators.slug }).from(creators).where(eq(creators.id, creatorId));
    const page3 = await loadCreatorPage(handle.db, { ...input, slug: slug!.slug, page: 3 });
    expect(page3?.totalPages).toBe(3);
    expect(page3?.clips.map((c) => c.clip.id)).toEqual(pages[2]!.map((c) => c.id));
    expect((await creatorStats(handle.db, creatorId, "gay")).videos).toBe(1);
  });

  it("withholds media URLs until media is allowed and attaches each clip's tags", async () => {
    const page = await loadCreatorPage(handle.db, { ...input, slug: "nova-reyes", mediaAllowed: false });
    expect(page!.clips.length).toBeGreaterThan(0);
    expect(page!.clips.every(({ clip }) => clip.videoUrl === null && clip.thumbnailUrl === null && !clip.previewUrls)).toBe(true);
    expect(page!.clips.every(({ tags }) => tags.length >= 3)).toBe(true);
    const allowed = await loadCreatorPage(handle.db, { ...input, slug: "nova-reyes" });
    expect(allowed!.clips[0]!.clip.videoUrl).toMatch(/^\/media\/clips\//);
    expect(allowed!.clips[0]!.clip.previewUrls).toEqual([expect.stringMatching(/_thumb2\.jpg$/), expect.stringMatching(/_thumb3\.jpg$/)]);

    const [nova] = await handle.db.select().from(creators).where(eq(creators.slug, "nova-reyes"));
    await handle.db
      .update(creators)
      .set({ avatarKey: "avatars/nova.jpg", websiteUrl: "javascript:alert(1)", twitterProfileUrl: "https://x.com/nova" })
      .where(eq(creators.id, nova!.id));
    const withAvatar = await loadCreatorPage(handle.db, { ...input, slug: "nova-reyes" });
    expect(withAvatar!.creator).toMatchObject({ avatarUrl: "/media/avatars/nova.jpg", websiteUrl: null, twitterUrl: "https://x.com/nova" });
    expect((await loadCreatorPage(handle.db, { ...input, slug: "nova-reyes", mediaAllowed: false }))!.creator.avatarUrl).toBeNull();
    const before = await creatorStats(handle.db, nova!.id, "hetero");
    const [visible] = await handle.db
      .select({ id: clips.id, flames: clips.flames })
      .from(clips)
      .where(and(eq(clips.creatorId, nova!.id), eq(clips.status, "published"), arrayContains(clips.audiences, ["hetero"])))
      .limit(1);
    await handle.db.update(clips).set({ status: "hidden" }).where(eq(clips.id, visible!.id));
    const after = await creatorStats(handle.db, nova!.id, "hetero");
    expect(after.videos).toBe(before.videos - 1);
    expect(after.flames).toBe(before.flames - visible!.flames);
    expect(after).toEqual((({ rows: _rows, tagRows: _tagRows, ...rest }) => rest)(await recount(nova!.id, "hetero")));
    const listed = await loadCreatorPage(handle.db, { ...input, slug: "nova-reyes" });
    expect(listed!.clips.map((c) => c.clip.id)).not.toContain(visible!.id);
  });
});
