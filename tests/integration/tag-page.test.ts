import { randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clips, clipStats, clipTags, tags, type Audience } from "~schema";
import { seedDemoContent } from "../../db/seed/demo";
import { commitSignals } from "~/features/signals/index.server";
import { tagMatches } from "~/features/tags/tag-match";
import { loadTagPage, matchingTagIds, relatedTags, tagClips, tagStats } from "~/features/tags/tags.server";
import type { DatabaseHandle } from "~/lib/db.server";
import { createLocalStorage } from "~/lib/storage/index.server";
import { makeClips } from "../support/catalog";
import { createTestDatabase, testEngine } from "../support/database";

describe(`tag page on ${testEngine()}`, () => {
  let handle: DatabaseHandle;
  const base = { audience: "hetero" as Audience, language: "en" as const, sort: "popular" as const, page: 1, mediaAllowed: true };

  beforeAll(async () => {
    handle = await createTestDatabase();
    await seedDemoContent({ db: handle.db, storage: createLocalStorage(mkdtempSync(path.join(tmpdir(), "tag-"))) });
    // Tags whose names differ from their slugs exercise every matching form.
    await handle.db.insert(tags).values([
      { slug: "night-swim", nameEn: "Night Swim", nameEs: "nado nocturno" },
      { slug: "x", nameEn: " ", nameEs: "" },
    ]);
  });
  afterAll(() => handle?.close());

  /** Clips of the audience carrying one of the tags, counted the obvious way. */
  async function taggedRows(tagIds: string[], audience: Audience) {
    const links = await handle.db.select().from(clipTags).where(inArray(clipTags.tagId, tagIds));
    const ids = [...new Set(links.map((l) => l.clipId))];
    if (!ids.length) return [];
    return (await handle.db.select().from(clips).where(inArray(clips.id, ids))).filter(
      (clip) => clip.status === "published" && clip.audiences.includes(audience),
    );
  }

  it("matches tags in SQL exactly as the rule of docs/product.md §13.5 does, exact slug first", async () => {
    const all = await handle.db.select().from(tags);
    const terms = [
      "blonde",
      "BLONDE ",
      "slow-motion",
      "slow motion",
      "Slow Motion",
      "motion",
      "close up",
      "night swim",
      "night-swim-party",
      "pareja",
      "door",
      "cámara",
      "ro",
      "x",
      " ",
      "a",
      "zzz",
    ];
    for (const term of terms) {
      const expected = all.filter((tag) => tagMatches([tag.slug, tag.nameEn, tag.nameEs], term)).map((tag) => tag.id);
      const ids = await matchingTagIds(handle.db, term);
      expect(new Set(ids), term).toEqual(new Set(expected));
    }
    expect(await matchingTagIds(handle.db, "x")).toEqual([]);
    const door = await matchingTagIds(handle.db, "door");
    expect(door.length).toBe(2);
    const [dance] = await handle.db.select().from(tags).where(eq(tags.slug, "dance"));
    const exactFirst = await matchingTagIds(handle.db, "dance");
    expect(exactFirst[0]).toBe(dance!.id);
  });

  it("counts videos, flames, creators and views like a straightforward recount", async () => {
    // Views: every second clip watched by one or two visitors.
    const watched = (await handle.db.select().from(clips)).filter((clip, i) => clip.status === "published" && i % 2 === 0);
    await commitSignals(
      handle.db,
      watched.flatMap((clip, i) =>
        Array.from({ length: 1 + (i % 2) }, () => ({
          owner: { userId: null, anonymousId: randomUUID(), personal: false },
          events: [{ clipId: clip.id, kind: "watch" as const, watchedMs: 5000, loops: 0, completed: false, skipped: false }],
        })),
      ),
    );
    let counted = 0;
    for (const term of ["blonde", "feet", "door", "slow-motion"]) {
      const tagIds = await matchingTagIds(handle.db, term);
      // Views count every audience's clips carrying the tags, each clip once.
      const taggedIds = [...new Set((await handle.db.select().from(clipTags).where(inArray(clipTags.tagId, tagIds))).map((l) => l.clipId))];
      const stats = taggedIds.length ? await handle.db.select().from(clipStats).where(inArray(clipStats.clipId, taggedIds)) : [];
      const views = stats.reduce((sum, s) => sum + s.views, 0);
      counted += views;
      for (const audience of ["hetero", "gay", "trans"] as const) {
        const rows = await taggedRows(tagIds, audience);
        expect(await tagStats(handle.db, tagIds, audience), `${term}/${audience}`).toEqual({
          videos: rows.length,
          flames: rows.reduce((sum, r) => sum + r.flames, 0),
          creators: new Set(rows.map((r) => r.creatorId)).size,
          views,
        });
      }
    }
    expect(counted).toBeGreaterThan(0);
  });

  it("sorts by flames or by date and pages without overlap", async () => {
    const made = await makeClips(handle.db, 23);
    const [tag] = await handle.db.insert(tags).values({ slug: "paging-test", nameEn: "paging test", nameEs: "prueba" }).returning();
    const [other] = await handle.db.select().from(tags).where(eq(tags.slug, "neon"));
    const start = Date.parse("2026-02-01T00:00:00Z");
    for (const [i, clip] of made.entries()) {
      // Flames run against publication order so the two sorts differ.
      await handle.db
        .update(clips)
        .set({ publishedAt: new Date(start + i * 60_000), flames: (i * 7) % 23 })
        .where(eq(clips.id, clip.id));
    }
    await handle.db.insert(clipTags).values(made.map((clip) => ({ clipId: clip.id, tagId: tag!.id, position: 0 })));
    await handle.db.insert(clipTags).values(made.slice(0, 5).map((clip) => ({ clipId: clip.id, tagId: other!.id, position: 1 })));

    const tagIds = await matchingTagIds(handle.db, "paging-test");
    expect(tagIds).toEqual([tag!.id]);
    for (const sort of ["popular", "recent"] as const) {
      const pages = await Promise.all([1, 2, 3].map((page) => tagClips(handle.db, { ...base, tagIds, sort, page })));
      expect(pages.map((p) => p.length)).toEqual([10, 10, 3]);
      const listed = pages.flat();
      expect(new Set(listed.map((c) => c.id)).size).toBe(23);
      const key = sort === "popular" ? (c: (typeof listed)[number]) => c.flames : (c: (typeof listed)[number]) => Date.parse(c.publishedAt);
      const values = listed.map(key);
      expect(values, sort).toEqual([...values].sort((a, b) => b - a));
    }

    const page = await loadTagPage(handle.db, { ...base, term: "paging-test", page: 3 });
    expect(page).toMatchObject({ totalPages: 3, stats: { videos: 23, creators: 1 } });
    expect(page!.related).toEqual([{ slug: "neon", name: "neon" }]);
    expect(page!.clips.length).toBe(3);
  });

  it("lists at most 10 related tags, most frequent first, never the tag itself", async () => {
    // "ro" matches several tags by substring (hetero, role-play, romantic, professional…).
    for (const term of ["hetero", "blonde", "neon", "ro"]) {
      const tagIds = await matchingTagIds(handle.db, term);
      const related = await relatedTags(handle.db, { tagIds, audience: "hetero", language: "en" });
      expect(related.length).toBeGreaterThan(0);
      expect(related.length).toBeLessThanOrEqual(10);
      const slugs = new Map((await handle.db.select().from(tags)).map((t) => [t.id, t.slug]));
      for (const id of tagIds) expect(related.map((r) => r.slug)).not.toContain(slugs.get(id));

      const rows = await taggedRows(tagIds, "hetero");
      const links = await handle.db
        .select()
        .from(clipTags)
        .where(
          inArray(
            clipTags.clipId,
            rows.map((r) => r.id),
          ),
        );
      const uses = new Map<string, number>();
      for (const link of links)
        if (!tagIds.includes(link.tagId)) uses.set(slugs.get(link.tagId)!, (uses.get(slugs.get(link.tagId)!) ?? 0) + 1);
      const counts = related.map((r) => uses.get(r.slug)!);
      expect(counts, term).toEqual([...counts].sort((a, b) => b - a));
      expect(counts[0]).toBe(Math.max(...uses.values()));
    }
    const spanish = await relatedTags(handle.db, { tagIds: await matchingTagIds(handle.db, "blonde"), audience: "hetero", language: "es" });
    expect(spanish.some((t) => t.name !== t.slug)).toBe(true);
  });

  it("finds nothing for unknown or too-short terms, and leaves hidden clips out", async () => {
    expect(await loadTagPage(handle.db, { ...base, term: "no-such-tag-anywhere" })).toBeNull();
    expect(await loadTagPage(handle.db, { ...base, term: "a" })).toBeNull();
    // A tag with no clips is not a page either.
    expect(await loadTagPage(handle.db, { ...base, term: "night-swim" })).toBeNull();

    const tagIds = await matchingTagIds(handle.db, "paging-test");
    const [first] = await tagClips(handle.db, { ...base, tagIds, sort: "popular", page: 1 });
    await handle.db.update(clips).set({ status: "hidden" }).where(eq(clips.id, first!.id));
    const after = await loadTagPage(handle.db, { ...base, term: "paging-test", sort: "popular" });
    expect(after!.stats.videos).toBe(22);
    expect(after!.stats.flames).toBe((await taggedRows(tagIds, "hetero")).reduce((s, r) => s + r.flames, 0));
    expect(after!.clips.map((c) => c.clip.id)).not.toContain(first!.id);
    expect(await loadTagPage(handle.db, { ...base, term: "paging-test", audience: "gay" })).toBeNull();
  });
});
