import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { asc, desc, eq, sql } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clips, clipTags, creators, tags, categories, type Audience, type ClipStatus } from "~schema";
import { searchCatalog, type SearchQuery } from "~/features/search/search.server";
import { newestTitleMatches, titleDriver } from "~/features/search/title-words.server";
import { servicesContext, visitorContext, type Services, type Visitor } from "~/lib/context";
import type { DatabaseHandle } from "~/lib/db.server";
import type { Database } from "~/lib/database";
import { parseEnv } from "~/lib/env.server";
import { createLogger } from "~/lib/logger.server";
import { createLocalStorage } from "~/lib/storage/index.server";
import { loader } from "~/routes/search";
import { clipRow } from "../support/catalog";
import { createTestDatabase, testEngine } from "../support/database";

interface ClipSpec {
  title: string;
  creator: string;
  tags?: string[];
  flames?: number;
  status?: ClipStatus;
  audiences?: Audience[];
}

/** A small catalogue whose titles, creators and tags are known exactly. */
async function seedCatalogue(db: Database, specs: ClipSpec[]) {
  const [category] = await db.insert(categories).values({ slug: "swing", nameEn: "Swing", nameEs: "Swing", color: "#f97316" }).returning();
  const creatorRows = await db
    .insert(creators)
    .values([
      { slug: "zephyr-quill", name: "Zephyr Quill", followersCount: 10 },
      { slug: "other-person", name: "Other Person" },
      { slug: "hidden-only", name: "Velvet Shadow" },
    ])
    .returning();
  const tagRows = await db
    .insert(tags)
    .values([
      { slug: "slow-motion", nameEn: "slow motion", nameEs: "cámara lenta" },
      { slug: "neon", nameEn: "neon", nameEs: "neón" },
      { slug: "unused-velvet", nameEn: "velvet unused", nameEs: "terciopelo" },
    ])
    .returning();
  const creatorId = (name: string) => creatorRows.find((c) => c.name === name)!.id;
  const tagId = (slug: string) => tagRows.find((t) => t.slug === slug)!.id;
  const day = 86_400_000;
  for (const [i, spec] of specs.entries()) {
    const row = clipRow(spec.title, category!, creatorId(spec.creator));
    const id = row.id;
    await db.insert(clips).values({
      ...row,
      flames: spec.flames ?? 0,
      status: spec.status ?? "published",
      audiences: spec.audiences ?? ["hetero"],
      publishedAt: new Date(Date.UTC(2025, 0, 1) + i * day),
    });
    for (const [position, slug] of (spec.tags ?? []).entries())
      await db.insert(clipTags).values({ clipId: id, tagId: tagId(slug), position });
  }
}

const PAGING = Array.from({ length: 23 }, (_, i) => ({ title: `Paging Drift ${i}`, creator: "Other Person", flames: i % 5 }));

describe(`search on ${testEngine()}`, () => {
  let handle: DatabaseHandle;
  const query = (term: string, extra: Partial<SearchQuery> = {}) =>
    searchCatalog(handle.db, { term, audience: "hetero", language: "en", page: 1, mediaAllowed: true, ...extra });
  const titles = async (term: string, extra: Partial<SearchQuery> = {}) => (await query(term, extra)).clips.map((c) => c.clip.title);

  beforeAll(async () => {
    handle = await createTestDatabase();
    await seedCatalogue(handle.db, [
      { title: "Velvet Cascade", creator: "Other Person", tags: ["neon"], flames: 5 },
      { title: "Quiet Orbit", creator: "Zephyr Quill", flames: 3 },
      { title: "Hidden Velvet", creator: "Velvet Shadow", tags: ["unused-velvet"], status: "hidden", flames: 99 },
      { title: "Golden Pulse", creator: "Other Person", tags: ["slow-motion"] },
      { title: "Velvet Gay Only", creator: "Other Person", audiences: ["gay"] },
      { title: "Sale 50% Off_Now", creator: "Other Person" },
      ...PAGING,
    ]);
  });
  afterAll(() => handle?.close());

  it("matches a title fragment, case-insensitively, never showing hidden clips or other audiences", async () => {
    expect(await titles("velv")).toEqual(["Velvet Cascade"]);
    expect(await titles("VELVET CAS")).toEqual(["Velvet Cascade"]);
    expect(await titles("velvet", { audience: "gay" })).toEqual(["Velvet Gay Only"]);
  });

  it("matches creator names and lists matching creators that have visible clips", async () => {
    const result = await query("zephyr");
    expect(result.clips.map((c) => c.clip.title)).toEqual(["Quiet Orbit"]);
    expect(result.creators).toEqual([{ slug: "zephyr-quill", name: "Zephyr Quill" }]);
    // 'Velvet Shadow' has only a hidden clip: neither it nor its clip appears.
    const velvet = await query("velvet");
    expect(velvet.creators).toEqual([]);
    expect(velvet.clips.map((c) => c.clip.title)).not.toContain("Hidden Velvet");
  });

  it("matches tags in both languages and with hyphens or spaces, and lists them", async () => {
    for (const term of ["slow motion", "slow-motion", "motion", "cámara"]) expect(await titles(term), term).toEqual(["Golden Pulse"]);
    const spanish = await query("lenta", { language: "es" });
    expect(spanish.tags).toEqual([{ slug: "slow-motion", name: "cámara lenta" }]);
    expect(spanish.clips[0]?.tags).toEqual([{ slug: "slow-motion", name: "cámara lenta" }]);
    // A term that contains the tag matches it too (docs/product.md §13.5).
    expect(await titles("neon lights")).toEqual(["Velvet Cascade"]);
    // A tag whose only clip is hidden is not offered.
    expect((await query("terciopelo")).tags).toEqual([]);
  });

  it("treats LIKE wildcards in the term literally", async () => {
    expect(await titles("50%")).toEqual(["Sale 50% Off_Now"]);
    expect(await titles("f_n")).toEqual(["Sale 50% Off_Now"]);
    expect(await titles("v%t")).toEqual([]);
    expect(await titles("o_b")).toEqual([]);
    expect(await titles("\\")).toEqual([]);
  });

  it("pages 10 at a time by flames, then newest, without repeats", async () => {
    const pages = await Promise.all([1, 2, 3].map((page) => query("paging drift", { page })));
    expect(pages.map((p) => p.total)).toEqual([23, 23, 23]);
    expect(pages.map((p) => p.clips.length)).toEqual([10, 10, 3]);
    const all = pages.flatMap((p) => p.clips.map((c) => c.clip));
    expect(new Set(all.map((c) => c.id)).size).toBe(23);
    const expected = PAGING.map((spec, i) => ({ ...spec, i }))
      .sort((a, b) => b.flames - a.flames || b.i - a.i)
      .map((spec) => spec.title);
    expect(all.map((c) => c.title)).toEqual(expected);
  });

  it("reports the total on a page past the end", async () => {
    const beyond = await query("paging drift", { page: 9 });
    expect(beyond.clips).toEqual([]);
    expect(beyond.total).toBe(23);
    expect(await query("nothing like this", { page: 2 })).toMatchObject({ clips: [], total: 0 });
  });

  it("withholds media until the age gate is passed", async () => {
    const [hit] = (await query("velvet", { mediaAllowed: false })).clips;
    expect(hit?.clip.videoUrl).toBeNull();
  });

  describe("titles through their words (ADR 039)", () => {
    const LUX = ["Luxa", "Luxb", "Luxc", "Luxd", "Luxe", "Luxf", "Luxg", "Luxh", "Luxi"];
    beforeAll(async () => {
      const titles = [
        ...Array.from({ length: 12 }, (_, i) => `Amber Comet ${100 + i}`),
        "Comet Amber 200",
        "Xamber Cometary",
        ...LUX.map((word) => `${word} Glow`),
      ];
      const [category] = await handle.db.select().from(categories).where(eq(categories.slug, "swing"));
      const [creator] = await handle.db.select().from(creators).where(eq(creators.slug, "other-person"));
      for (const [i, title] of titles.entries()) {
        await handle.db
          .insert(clips)
          .values({ ...clipRow(title, category!, creator!.id), publishedAt: new Date(Date.UTC(2026, 0, 1) + i * 86_400_000) });
      }
    });

    it("finds what the trigram index finds: pieces that end, start or lie inside words, digits, separators", async () => {
      expect(await titles("amber comet 10")).toHaveLength(10);
      expect((await query("amber comet 10")).total).toBe(10);
      expect(await titles("mber come", { perPage: 50 })).toHaveLength(13);
      expect(await titles("comet amber")).toEqual(["Comet Amber 200"]);
      expect(await titles("ber cometar")).toEqual(["Xamber Cometary"]);
      expect(await titles("r comet 111")).toEqual(["Amber Comet 111"]);
      expect(await titles("amber  comet")).toEqual([]);
      expect(await titles("comet amber 2001")).toEqual([]);
    });

    it("walks the rarest piece's words, rules a term out when a piece is in no title, and leaves digits and vague pieces to trigrams", async () => {
      expect(await titleDriver(handle.db, "glow luxa")).toEqual({ kind: "words", words: ["luxa"] });
      expect(await titleDriver(handle.db, "xamber comet")).toEqual({ kind: "words", words: ["xamber"] });
      expect(await titleDriver(handle.db, "mber comet")).toEqual({ kind: "words", words: ["amber", "xamber"] });
      expect(await titleDriver(handle.db, "amber zzyzx")).toEqual({ kind: "none" });
      expect(await titleDriver(handle.db, "2001")).toEqual({ kind: "trigram" });
      expect(await titleDriver(handle.db, "lux")).toEqual({ kind: "trigram" });
      expect(await titles("lux", { perPage: 20 })).toHaveLength(LUX.length);
    });

    it("keeps the newest matches, as the trigram branch did", async () => {
      const newest = await newestTitleMatches(handle.db, {
        words: ["amber", "xamber"],
        likePattern: "mber come",
        audience: "hetero",
        limit: 5,
      });
      const expected = await handle.db
        .select({ id: clips.id })
        .from(clips)
        .where(sql`lower(${clips.title}) like '%mber come%' and ${clips.status} = 'published'`)
        .orderBy(desc(clips.publishedAt), asc(clips.id))
        .limit(5);
      expect(newest).toEqual(expected.map((row) => row.id));
    });
  });

  describe("the /search loader", () => {
    const visitor: Visitor = {
      nonce: "n",
      brandMode: "adult",
      language: "en",
      audience: "hetero",
      ageVerified: true,
      ageGateEnabled: true,
      clientIp: "127.0.0.1",
      isLoopback: true,
    };
    async function run(search: string, language: Visitor["language"] = "en") {
      const context = new RouterContextProvider();
      // The search loader uses the database and the origin; auth and mail play no part.
      const services: Partial<Services> = {
        db: handle.db,
        storage: createLocalStorage(mkdtempSync(path.join(tmpdir(), "search-"))),
        env: parseEnv({}),
        log: createLogger("silent"),
        origin: "https://clips.example",
      };
      context.set(servicesContext, services as Services);
      context.set(visitorContext, { ...visitor, language });
      const request = new Request(`https://clips.example/search${search}`);
      const result = await loader({ request, params: {}, context } as unknown as Parameters<typeof loader>[0]);
      return result as unknown as {
        init: ResponseInit | null;
        data: Record<string, unknown> & { meta: { title: string; path: string; noindex: boolean } };
      };
    }

    it("rejects a term shorter than 2 characters after sanitising with a translated 400", async () => {
      const short = await run("?q=%22a%27");
      expect(short.init?.status).toBe(400);
      expect(short.data.error).toBe("Search term must be at least 2 characters");
      const spanish = await run("?q=a", "es");
      expect(spanish.init?.status).toBe(400);
      expect(spanish.data.error).toBe("El término de búsqueda debe tener al menos 2 caracteres");
    });

    it("shows an empty search page for a missing or blank term, and results otherwise, never indexed", async () => {
      for (const search of ["", "?q=", "?q=%20%20"]) {
        const empty = await run(search);
        expect(empty.init?.status ?? 200).toBe(200);
        expect(empty.data.state).toBe("empty");
      }
      const found = await run("?q=%3Cb%3Evelvet&page=1");
      expect(found.data.state).toBe("results");
      expect(found.data.term).toBe("bvelvet");
      const hit = await run("?q=Velvet");
      expect(hit.data.meta).toMatchObject({ title: "Search: Velvet · Spicy Clips", path: "/search?q=Velvet", noindex: true });
    });
  });
});
