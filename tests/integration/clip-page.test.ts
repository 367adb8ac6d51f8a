import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clips, clipTags } from "~schema";
import { seedDemoContent } from "../../db/seed/demo";
import { setFlame } from "~/features/flames/flames.server";
import { parseClipRef } from "~/features/clips/clip-ref";
import { findClip, loadClipPage, relatedClips, type VideoPageInput } from "~/features/clips/clip-page.server";
import type { DatabaseHandle } from "~/lib/db.server";
import { createLocalStorage } from "~/lib/storage/index.server";
import { makeClips } from "../support/catalog";
import { createTestDatabase, testEngine } from "../support/database";

const ORIGIN = "https://clips.example";

describe(`video page on ${testEngine()}`, () => {
  let handle: DatabaseHandle;
  let sample: typeof clips.$inferSelect;
  let demo: { id: string; audiences: string[] }[];

  const find = async (value: string) => {
    const ref = parseClipRef(value);
    return ref ? ((await findClip(handle.db, ref))?.id ?? null) : null;
  };
  const pageInput = (value: string, overrides: Partial<VideoPageInput> = {}): VideoPageInput => ({
    ref: parseClipRef(value)!,
    origin: ORIGIN,
    language: "en",
    audience: "hetero",
    mediaAllowed: true,
    flameOwner: null,
    canFlame: false,
    ...overrides,
  });

  beforeAll(async () => {
    handle = await createTestDatabase();
    await seedDemoContent({ db: handle.db, storage: createLocalStorage(mkdtempSync(path.join(tmpdir(), "video-"))) });
    const [first] = await handle.db
      .select()
      .from(clips)
      .where(sql`'hetero' = any(${clips.audiences})`)
      .limit(1);
    sample = first!;
    demo = await handle.db.select({ id: clips.id, audiences: clips.audiences }).from(clips);
  });
  afterAll(() => handle?.close());

  it("resolves a clip by its UUID, its slug, or any slug ending in its 8-hex short id", async () => {
    const prefix = sample.id.slice(0, 8);
    expect(await find(sample.id)).toBe(sample.id);
    expect(await find(sample.id.toUpperCase())).toBe(sample.id);
    expect(await find(sample.slug)).toBe(sample.id);
    expect(await find(`anything-here-${prefix}`)).toBe(sample.id);
    expect(await find(`ANYTHING-${prefix.toUpperCase()}`)).toBe(sample.id);
    expect(await find(prefix)).toBe(sample.id);
  });

  it("finds nothing for unknown ids, short prefixes and slugs that only look alike", async () => {
    expect(await find(randomUUID())).toBeNull();
    expect(await find(`anything-${sample.id.slice(0, 7)}`)).toBeNull();
    expect(await find(`${sample.slug}-x`)).toBeNull();
    expect(await find("no-such-video")).toBeNull();
    expect(await loadClipPage(handle.db, pageInput("no-such-video-ffffffff"))).toBeNull();
  });

  it("prefers an exact slug over another clip's short id", async () => {
    const [other] = await makeClips(handle.db, 1);
    const [lookalike] = await makeClips(handle.db, 1);
    const slug = `lookalike-${other!.id.slice(0, 8)}`;
    await handle.db.update(clips).set({ slug }).where(eq(clips.id, lookalike!.id));
    expect(await find(slug)).toBe(lookalike!.id);
    expect(await find(`another-${other!.id.slice(0, 8)}`)).toBe(other!.id);
  });

  it("never resolves hidden or processing clips, by any form", async () => {
    const [hidden, processing] = await makeClips(handle.db, 2);
    await handle.db.update(clips).set({ status: "hidden" }).where(eq(clips.id, hidden!.id));
    await handle.db.update(clips).set({ status: "processing" }).where(eq(clips.id, processing!.id));
    for (const clip of [hidden!, processing!]) {
      for (const value of [clip.id, clip.slug, `x-${clip.id.slice(0, 8)}`]) expect(await find(value), value).toBeNull();
    }
  });

  it("relates up to six other clips of the audience that share the category or tags, most shared tags first", async () => {
    for (const source of demo) {
      const audience = source.audiences[0] as "hetero" | "gay" | "trans";
      const card = (await findClip(handle.db, { kind: "uuid", id: source.id }))!;
      const related = await relatedClips(handle.db, { clipId: source.id, categorySlug: card.categorySlug, audience });
      expect(related.length).toBeGreaterThan(0);
      expect(related.length).toBeLessThanOrEqual(6);
      expect(related.map((r) => r.id)).not.toContain(source.id);
      expect(new Set(related.map((r) => r.id)).size).toBe(related.length);

      const sourceTags = (await handle.db.select({ tagId: clipTags.tagId }).from(clipTags).where(eq(clipTags.clipId, source.id))).map(
        (r) => r.tagId,
      );
      const rows = await handle.db
        .select({ id: clips.id, audiences: clips.audiences })
        .from(clips)
        .where(
          inArray(
            clips.id,
            related.map((r) => r.id),
          ),
        );
      expect(rows.every((r) => r.audiences.includes(audience))).toBe(true);
      const shared = await Promise.all(
        related.map(
          async (r) =>
            (
              await handle.db
                .select({ tagId: clipTags.tagId })
                .from(clipTags)
                .where(and(eq(clipTags.clipId, r.id), inArray(clipTags.tagId, sourceTags)))
            ).length,
        ),
      );
      related.forEach((r, i) => expect(r.categorySlug === card.categorySlug || shared[i]! > 0).toBe(true));
      expect(shared).toEqual([...shared].sort((a, b) => b - a));
    }
  });

  it("leaves hidden clips and other audiences out of the related list", async () => {
    const card = (await findClip(handle.db, { kind: "uuid", id: sample.id }))!;
    const before = await relatedClips(handle.db, { clipId: sample.id, categorySlug: card.categorySlug, audience: "hetero" });
    await handle.db.update(clips).set({ status: "hidden" }).where(eq(clips.id, before[0]!.id));
    const after = await relatedClips(handle.db, { clipId: sample.id, categorySlug: card.categorySlug, audience: "hetero" });
    expect(after.map((r) => r.id)).not.toContain(before[0]!.id);
    await handle.db.update(clips).set({ status: "published" }).where(eq(clips.id, before[0]!.id));

    const lonely = await makeClips(handle.db, 3, { audiences: ["gay"] });
    const related = await relatedClips(handle.db, { clipId: lonely[0]!.id, categorySlug: `cat-none`, audience: "hetero" });
    expect(related.map((r) => r.id)).not.toContain(lonely[1]!.id);
  });

  it("builds the page: canonical slug URL, structured data, media only after the age gate", async () => {
    const page = (await loadClipPage(handle.db, pageInput(`whatever-${sample.id.slice(0, 8)}`)))!;
    expect(page.clip.id).toBe(sample.id);
    expect(page.canonicalUrl).toBe(`${ORIGIN}/video/${sample.slug}`);
    expect(page.seo.path).toBe(`/video/${sample.slug}`);
    expect(page.seo.title).toBe(`${sample.title} · Spicy Clips`);
    expect(page.tags.length).toBeGreaterThan(0);
    expect(page.related.length).toBeLessThanOrEqual(6);
    expect(page.clip.videoUrl).toBe(`/media/${sample.videoKey}`);

    const ld = JSON.parse(page.seo.jsonLd) as Record<string, unknown>;
    expect(ld).toMatchObject({
      "@type": "VideoObject",
      name: sample.title,
      description: sample.description,
      uploadDate: sample.publishedAt.toISOString(),
      duration: `PT${Math.round(sample.durationSeconds)}S`,
      contentUrl: `${ORIGIN}/media/${sample.videoKey}`,
      embedUrl: page.canonicalUrl,
      thumbnailUrl: [`${ORIGIN}/media/${sample.thumbnail1Key}`],
    });

    const gated = (await loadClipPage(handle.db, pageInput(sample.id, { mediaAllowed: false })))!;
    expect(gated.clip.videoUrl).toBeNull();
    expect(gated.clip.thumbnailUrl).toBeNull();
    expect(gated.related.every((r) => r.clip.videoUrl === null && r.clip.thumbnailUrl === null)).toBe(true);
    expect(gated.seo.videoUrl).toBe(`${ORIGIN}/media/${sample.videoKey}`);
  });

  it("shows the flameOwner's flame, and lets only signed-in users give one", async () => {
    const anonymousId = randomUUID();
    await setFlame(handle.db, { clipId: sample.id, flameOwner: { anonymousId }, flamed: true });
    const page = (await loadClipPage(handle.db, pageInput(sample.slug, { flameOwner: { anonymousId } })))!;
    expect(page.flame).toMatchObject({ flamed: true, canFlame: false });
    const stranger = (await loadClipPage(handle.db, pageInput(sample.slug, { flameOwner: null, canFlame: true })))!;
    expect(stranger.flame).toMatchObject({ flamed: false, canFlame: true, flames: page.flame.flames });
  });

  it("escapes markup in the structured data and describes clips without a description", async () => {
    const [clip] = await makeClips(handle.db, 1, { title: "</script><b>x</b>", description: null });
    const page = (await loadClipPage(handle.db, pageInput(clip!.id)))!;
    expect(page.seo.jsonLd).not.toContain("<");
    expect(JSON.parse(page.seo.jsonLd).name).toBe("</script><b>x</b>");
    expect(page.seo.description).toContain("</script><b>x</b>");
    expect(page.seo.description.length).toBeLessThanOrEqual(160);
  });
});
