import { count, eq, sql } from "drizzle-orm";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clips, clipTags, creators, tags, categories } from "~schema";
import { seedDemoContent } from "../../db/seed/demo";
import type { DatabaseHandle } from "~/lib/db.server";
import { createLocalStorage } from "~/lib/storage/index.server";
import { createTestDatabase, testEngine } from "../support/database";

describe(`catalogue schema and demo seed on ${testEngine()}`, () => {
  let handle: DatabaseHandle;
  const storage = createLocalStorage(mkdtempSync(path.join(tmpdir(), "seed-media-")));

  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(() => handle?.close());

  it("seeds the six categories, eight creators, ~40 tags and 36 playable clips", async () => {
    const result = await seedDemoContent({ db: handle.db, storage });
    expect(result).toMatchObject({ clips: 36, categories: 6, creators: 8 });

    const browse = await handle.db.select().from(categories).orderBy(categories.orderPriority);
    expect(browse.map((c) => c.slug)).toEqual(["swing", "hotwife", "bdsm", "feet", "woman", "trans"]);
    expect(browse.find((c) => c.slug === "bdsm")?.aliases).toContain("dominatrix-bdsm");

    const [tagCount] = await handle.db.select({ n: count() }).from(tags);
    expect(tagCount!.n).toBeGreaterThanOrEqual(40);

    const rows = await handle.db.select().from(clips);
    expect(rows).toHaveLength(36);
    expect(new Set(rows.map((c) => c.categoryId)).size).toBe(6);
    expect(new Set(rows.map((c) => c.creatorId)).size).toBe(8);
    expect(new Set(rows.flatMap((c) => c.audiences))).toEqual(new Set(["hetero", "gay", "trans"]));
    for (const clip of rows) {
      expect(clip.slug).toMatch(new RegExp(`-${clip.id.slice(0, 8)}$`));
      expect(await storage.exists(clip.videoKey)).toBe(true);
      expect(await storage.exists(clip.thumbnail1Key!)).toBe(true);
      expect(clip.durationSeconds).toBeLessThanOrEqual(15);
    }
    const [tagged] = await handle.db.select({ n: count() }).from(clipTags);
    expect(tagged!.n).toBeGreaterThanOrEqual(36 * 3);
  });

  it("shows every feature on a fresh start: pages of clips for a creator and a tag, every audience, both languages", async () => {
    const hetero = await handle.db
      .select({ creator: creators.slug, n: count() })
      .from(clips)
      .innerJoin(creators, eq(creators.id, clips.creatorId))
      .where(sql`${clips.audiences} && array['hetero']::text[]`)
      .groupBy(creators.slug);
    // Creator and tag pages show 10 per page in the default audience: more than 10 means a second page.
    expect(Math.max(...hetero.map((r) => r.n))).toBeGreaterThan(10);
    const tagged = await handle.db
      .select({ tag: tags.slug, n: count() })
      .from(clipTags)
      .innerJoin(clips, eq(clips.id, clipTags.clipId))
      .innerJoin(tags, eq(tags.id, clipTags.tagId))
      .where(sql`${clips.audiences} && array['hetero']::text[] and ${tags.slug} not in ('hetero', 'gay', 'trans')`)
      .groupBy(tags.slug);
    expect(Math.max(...tagged.map((r) => r.n))).toBeGreaterThan(10);
    for (const audience of ["hetero", "gay", "trans"]) {
      const [row] = await handle.db
        .select({ n: count() })
        .from(clips)
        .where(sql`${clips.audiences} && array[${audience}]::text[]`);
      expect(row!.n, audience).toBeGreaterThan(0);
    }
    const rows = await handle.db.select({ en: clips.description, es: clips.descriptionEs }).from(clips);
    expect(rows.every((r) => r.en && r.es && r.en !== r.es)).toBe(true);
    const bios = await handle.db.select({ en: creators.bio, es: creators.bioEs }).from(creators);
    expect(bios.every((b) => b.en && b.es && b.en !== b.es)).toBe(true);
  });

  it("is idempotent: a second run adds nothing", async () => {
    expect(await seedDemoContent({ db: handle.db, storage })).toBeNull();
    const [clipCount] = await handle.db.select({ n: count() }).from(clips);
    const [creatorCount] = await handle.db.select({ n: count() }).from(creators);
    expect(clipCount!.n).toBe(36);
    expect(creatorCount!.n).toBe(8);
  });

  it("never lets a flame count go below zero", async () => {
    const [clip] = await handle.db.select({ id: clips.id }).from(clips).limit(1);
    await expect(handle.db.update(clips).set({ flames: -1 }).where(eq(clips.id, clip!.id))).rejects.toThrow();
  });

  it("keeps slugs unique", async () => {
    const [clip] = await handle.db.select().from(clips).limit(1);
    const { id: _id, ...copy } = clip!;
    await expect(handle.db.insert(clips).values(copy)).rejects.toThrow();
  });

  it("has the pg_trgm extension available for search", async () => {
    await handle.db.execute(sql`create extension if not exists pg_trgm`);
    const result = await handle.db.execute<{ s: number }>(sql`select similarity('neon drift', 'neon') as s`);
    expect(Number((result as unknown as { rows: { s: number }[] }).rows[0]!.s)).toBeGreaterThan(0);
  });
});

describe(`large synthetic catalogue on ${testEngine()}`, () => {
  it("adds clips in batches, reusing the demo media, with tags", async () => {
    const { seedLargeCatalogue } = await import("../../db/seed/demo");
    const handle = await createTestDatabase();
    const storage = createLocalStorage(mkdtempSync(path.join(tmpdir(), "seed-media-")));
    try {
      const result = await seedLargeCatalogue(handle.db, storage, 2500);
      expect(result).toEqual({ added: 2500, total: 2500 });
      const [clipCount] = await handle.db.select({ n: count() }).from(clips);
      expect(clipCount!.n).toBe(2500);
      const slugs = await handle.db.select({ slug: clips.slug }).from(clips);
      expect(new Set(slugs.map((s) => s.slug)).size).toBe(2500);
    } finally {
      await handle.close();
    }
  });
});
