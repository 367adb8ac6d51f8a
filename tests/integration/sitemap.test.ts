import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clips as clipsTable, type clips, clipTags, creators, tags } from "~schema";
import { robotsTxt } from "~/features/seo/robots";
import { homeOnlySitemap, idRanges, renderSitemap, xmlEscape, type SitemapOptions } from "~/features/seo/sitemap.server";
import type { DatabaseHandle } from "~/lib/db.server";
import { makeClips } from "../support/catalog";
import { createTestDatabase, testEngine } from "../support/database";

const ORIGIN = "https://clips.example";

async function read(stream: ReadableStream<Uint8Array> | null): Promise<string> {
  if (!stream) throw new Error("no sitemap");
  return new Response(stream).text();
}

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!);
const urlBlocks = (xml: string) => [...xml.matchAll(/<url>(.*?)<\/url>/g)].map((m) => m[1]!);

describe(`sitemap on ${testEngine()}`, () => {
  let handle: DatabaseHandle;
  let published: Array<typeof clips.$inferSelect>;
  let hidden: typeof clips.$inferSelect;
  let otherAudience: typeof clips.$inferSelect;
  const render = (options: Partial<SitemapOptions> = {}) =>
    renderSitemap(handle.db, { origin: ORIGIN, part: null, batchSize: 3, ...options });

  beforeAll(async () => {
    handle = await createTestDatabase();
    const { db } = handle;
    published = await makeClips(db, 5);
    // A second creator whose only clip is hidden: neither may appear.
    hidden = (await makeClips(db, 1, { status: "hidden" }))[0]!;
    // A clip only for the gay audience: its page is public, but its tag's page has nothing for the audience a crawler gets.
    otherAudience = (await makeClips(db, 1, { audiences: ["gay"], creatorId: published[0]!.creatorId }))[0]!;
    published.push(otherAudience);
    const inserted = await db
      .insert(tags)
      .values([
        { slug: "neon", nameEn: "neon", nameEs: "neón" },
        { slug: "only-hidden", nameEn: "only hidden", nameEs: "solo oculto" },
        { slug: "unused", nameEn: "unused", nameEs: "sin uso" },
        { slug: "other-audience", nameEn: "other audience", nameEs: "otro público" },
      ])
      .returning();
    const tag = (slug: string) => inserted.find((row) => row.slug === slug)!;
    const [neon, lonely, elsewhere] = [tag("neon"), tag("only-hidden"), tag("other-audience")];
    await db.insert(clipTags).values([
      { clipId: published[0]!.id, tagId: neon!.id },
      { clipId: published[1]!.id, tagId: neon!.id },
      { clipId: hidden!.id, tagId: lonely!.id },
      { clipId: otherAudience.id, tagId: elsewhere!.id },
    ]);
  });
  afterAll(() => handle?.close());

  it("lists home, every published clip, creator and tag once, with language alternates", async () => {
    const xml = await read(await render());
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">');
    const [creator] = await handle.db.select().from(creators).where(eq(creators.id, published[0]!.creatorId));
    const expected = [
      `${ORIGIN}/`,
      ...published.map((clip) => `${ORIGIN}/video/${clip.slug}`),
      `${ORIGIN}/creator/${creator!.slug}`,
      `${ORIGIN}/tag/neon`,
    ];
    expect(locs(xml).sort()).toEqual(expected.sort());

    for (const block of urlBlocks(xml)) {
      const loc = locs(block)[0]!;
      expect(block).toContain(`<xhtml:link rel="alternate" hreflang="en" href="${loc}?lang=en"/>`);
      expect(block).toContain(`<xhtml:link rel="alternate" hreflang="es" href="${loc}?lang=es"/>`);
      expect(block).toContain(`<xhtml:link rel="alternate" hreflang="x-default" href="${loc}"/>`);
    }
    const clipBlock = urlBlocks(xml).find((block) => block.includes(`/video/${published[2]!.slug}<`))!;
    expect(clipBlock).toContain(`<lastmod>${published[2]!.updatedAt.toISOString()}</lastmod>`);
  });

  it("never lists hidden clips, their creator, or tags with no published clip", async () => {
    const xml = await read(await render());
    const [hiddenCreator] = await handle.db.select().from(creators).where(eq(creators.id, hidden.creatorId));
    expect(xml).not.toContain(hidden.slug);
    expect(xml).not.toContain(`/creator/${hiddenCreator!.slug}<`);
    expect(xml).not.toContain("/tag/only-hidden");
    expect(xml).not.toContain("/tag/unused");
  });

  it("lists a tag only when its page has a clip for the audience a crawler gets (no 404s in the sitemap)", async () => {
    const xml = await read(await render());
    expect(xml).toContain(`/video/${otherAudience.slug}<`);
    expect(xml).not.toContain("/tag/other-audience");
  });

  it("becomes an index of id-range parts above the URL limit, and the parts together list every URL once", async () => {
    // 20 published clips in all (6 from the set-up).
    await makeClips(handle.db, 14);
    const all = locs(await read(await render()));
    expect(all).toHaveLength(1 + 20 + 2 + 1);

    // 20 clips at 10 a part: two halves of the id space; the 2 creators and the tag fit one part each.
    const index = await read(await render({ maxUrls: 10 }));
    expect(index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(locs(index)).toEqual([1, 2, 3, 4].map((part) => `${ORIGIN}/sitemap.xml?part=${part}`));

    const parts = await Promise.all(["1", "2", "3", "4"].map(async (part) => locs(await read(await render({ maxUrls: 10, part })))));
    expect(parts.flat().sort()).toEqual([...all].sort());
    expect(parts[0]![0]).toBe(`${ORIGIN}/`);
    expect(parts[0]!.slice(1).every((url) => url.includes("/creator/"))).toBe(true);
    expect(parts[1]).toEqual([`${ORIGIN}/tag/neon`]);
    // Each clip part is one half of the id space, in id order.
    const clipIds = await handle.db
      .select({ id: clipsTable.id, slug: clipsTable.slug })
      .from(clipsTable)
      .where(eq(clipsTable.status, "published"));
    const half = (url: string) => clipIds.find((clip) => url.endsWith(`/video/${clip.slug}`))!.id < "80000000";
    expect(parts[2]!.every(half)).toBe(true);
    expect(parts[3]!.some(half)).toBe(false);
  });

  it("reads a part in batches without losing or repeating a URL", async () => {
    const whole = locs(await read(await render({ maxUrls: 10, part: "3", batchSize: 1000 })));
    for (const batchSize of [1, 2, 3]) expect(locs(await read(await render({ maxUrls: 10, part: "3", batchSize })))).toEqual(whole);
  });

  it("answers null (404) for parts that do not exist", async () => {
    for (const part of ["0", "5", "-1", "abc", "1.5", ""]) expect(await render({ maxUrls: 10, part }), part).toBeNull();
    // One file: /sitemap.xml itself, and part 1 is the same list.
    expect(locs(await read(await render({ part: "1" })))).toHaveLength(1 + 20 + 2 + 1);
    expect(await render({ part: "2" })).toBeNull();
  });

  it("cuts a segment into powers of two of id ranges that cover every id once", () => {
    expect(idRanges(0, 5000)).toEqual([]);
    expect(idRanges(4000, 5000)).toEqual([{ from: "00000000-0000-0000-0000-000000000000", to: null }]);
    const ranges = idRanges(1_000_000, 5000);
    expect(ranges).toHaveLength(256);
    expect(ranges[0]!.from).toBe("00000000-0000-0000-0000-000000000000");
    expect(ranges[1]!.from).toBe("01000000-0000-0000-0000-000000000000");
    expect(ranges.at(-1)).toEqual({ from: "ff000000-0000-0000-0000-000000000000", to: null });
    for (let i = 1; i < ranges.length; i++) expect(ranges[i - 1]!.to).toBe(ranges[i]!.from);
  });

  it("escapes XML and, in Conscious Mode, lists only the home page", () => {
    expect(xmlEscape(`a&b<c>"d'`)).toBe("a&amp;b&lt;c&gt;&quot;d&apos;");
    const conscious = homeOnlySitemap(ORIGIN);
    expect(locs(conscious)).toEqual([`${ORIGIN}/`]);
  });

  it("robots.txt disallows private paths and points to the sitemap", () => {
    const robots = robotsTxt(`${ORIGIN}/`);
    for (const path of ["/api/", "/search", "/my-account", "/liked-videos", "/admin", "/dev/"])
      expect(robots).toContain(`Disallow: ${path}\n`);
    expect(robots).toContain("User-agent: *\n");
    expect(robots).toContain(`Sitemap: ${ORIGIN}/sitemap.xml\n`);
  });
});
