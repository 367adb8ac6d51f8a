import { and, asc, count, eq, exists, gt, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { catalogueCounts, clips, creators, tagCounts, tags } from "../../../db/schema";
import type { Database } from "~/lib/db.server";
import { LANGUAGES } from "~/lib/i18n/languages";

/** The sitemaps.org limit of URLs per file. */
export const SITEMAP_MAX_URLS = 50_000;
const BATCH_SIZE = 1_000;

export interface SitemapOptions {
  origin: string;
  /** `?part=` as given; null for /sitemap.xml itself. */
  part: string | null;
  /** URLs per file; above it /sitemap.xml becomes an index (tests use a small number). */
  maxUrls?: number;
  /** Rows read per query while streaming. */
  batchSize?: number;
}

interface Entry {
  path: string;
  lastmod: Date | null;
  /** Keyset cursor: the row's id, ordered ascending. */
  key: string;
}

interface Page {
  offset: number;
  after: string | null;
  limit: number;
}

interface Segment {
  size: number;
  read(page: Page): Promise<Entry[]>;
}

const published = eq(clips.status, "published");
const afterKey = (column: AnyPgColumn, after: string | null) => (after ? gt(column, after) : undefined);

const creatorHasClip = (db: Database) =>
  exists(
    db
      .select({ one: sql`1` })
      .from(catalogueCounts)
      .where(and(eq(catalogueCounts.creatorId, creators.id), eq(catalogueCounts.audience, "*"), gt(catalogueCounts.clips, 0))),
  );
const tagHasClip = (db: Database) =>
  exists(
    db
      .select({ one: sql`1` })
      .from(tagCounts)
      .where(and(eq(tagCounts.tagId, tags.id), gt(tagCounts.clips, 0))),
  );

/** Home, then published clips, creators and tags that have one, each in id order so parts can be read page by page. */
async function segments(db: Database): Promise<Segment[]> {
  // Sizes from the counters (ADR 036): no count over the catalogue per request.
  const [[clipCount], [creatorCount], [tagCount]] = await Promise.all([
    db
      .select({ n: sql<number>`coalesce(sum(${catalogueCounts.clips}), 0)`.mapWith(Number) })
      .from(catalogueCounts)
      .where(eq(catalogueCounts.audience, "*")),
    db.select({ n: count() }).from(creators).where(creatorHasClip(db)),
    db.select({ n: count() }).from(tags).where(tagHasClip(db)),
  ]);
  return [
    { size: 1, read: async () => [{ path: "/", lastmod: null, key: "" }] },
    {
      size: clipCount?.n ?? 0,
      read: async ({ offset, after, limit }) =>
        (
          await db
            .select({ key: clips.id, slug: clips.slug, lastmod: clips.updatedAt })
            .from(clips)
            .where(and(published, afterKey(clips.id, after)))
            .orderBy(asc(clips.id))
            .offset(offset)
            .limit(limit)
        ).map((row) => ({ path: `/video/${encodeURIComponent(row.slug)}`, lastmod: row.lastmod, key: row.key })),
    },
    {
      size: creatorCount?.n ?? 0,
      read: async ({ offset, after, limit }) =>
        (
          await db
            .select({ key: creators.id, slug: creators.slug, lastmod: creators.lastUpdatedAt })
            .from(creators)
            .where(and(creatorHasClip(db), afterKey(creators.id, after)))
            .orderBy(asc(creators.id))
            .offset(offset)
            .limit(limit)
        ).map((row) => ({ path: `/creator/${encodeURIComponent(row.slug)}`, lastmod: row.lastmod, key: row.key })),
    },
    {
      size: tagCount?.n ?? 0,
      read: async ({ offset, after, limit }) =>
        (
          await db
            .select({ key: tags.id, slug: tags.slug })
            .from(tags)
            .where(and(tagHasClip(db), afterKey(tags.id, after)))
            .orderBy(asc(tags.id))
            .offset(offset)
            .limit(limit)
        ).map((row) => ({ path: `/tag/${encodeURIComponent(row.slug)}`, lastmod: null, key: row.key })),
    },
  ];
}

/**
 * The URLs numbered [start, end) across all segments, one batch of XML at a
 * time: the first read of a segment skips with OFFSET, later reads continue
 * after the last id (keyset), so no part is ever held in memory whole.
 */
async function* urlBatches(segmentList: Segment[], origin: string, start: number, end: number, batchSize: number): AsyncGenerator<string> {
  let segmentStart = 0;
  for (const segment of segmentList) {
    const from = Math.max(start, segmentStart);
    const to = Math.min(end, segmentStart + segment.size);
    let remaining = to - from;
    let after: string | null = null;
    while (remaining > 0) {
      const rows = await segment.read({ offset: after === null ? from - segmentStart : 0, after, limit: Math.min(batchSize, remaining) });
      if (rows.length === 0) break;
      yield rows.map((row) => urlXml(origin, row.path, row.lastmod)).join("");
      remaining -= rows.length;
      after = rows[rows.length - 1]!.key;
    }
    segmentStart += segment.size;
  }
}

/**
 * /sitemap.xml (or one `?part=`), streamed; null when the part does not exist.
 * Above `maxUrls` URLs, /sitemap.xml is an index of parts of `maxUrls` each.
 */
export async function renderSitemap(db: Database, options: SitemapOptions): Promise<ReadableStream<Uint8Array> | null> {
  const maxUrls = options.maxUrls ?? SITEMAP_MAX_URLS;
  const origin = options.origin.replace(/\/+$/, "");
  const segmentList = await segments(db);
  const total = segmentList.reduce((sum, segment) => sum + segment.size, 0);
  const parts = Math.max(1, Math.ceil(total / maxUrls));

  if (options.part === null) {
    if (parts > 1) return streamOf(sitemapIndex(origin, parts));
    return streamOf(urlset(urlBatches(segmentList, origin, 0, total, options.batchSize ?? BATCH_SIZE)));
  }
  const part = /^[1-9]\d{0,6}$/.test(options.part) ? Number(options.part) : 0;
  if (part < 1 || part > parts) return null;
  const start = (part - 1) * maxUrls;
  return streamOf(urlset(urlBatches(segmentList, origin, start, Math.min(total, start + maxUrls), options.batchSize ?? BATCH_SIZE)));
}

/** Conscious Mode (docs/product.md §2.1, §3.2) lists its home page only. */
export function homeOnlySitemap(origin: string): string {
  return `${URLSET_OPEN}${urlXml(origin.replace(/\/+$/, ""), "/", null)}${URLSET_CLOSE}`;
}

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';
const URLSET_OPEN = `${XML_DECLARATION}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n`;
const URLSET_CLOSE = "</urlset>\n";

async function* urlset(batches: AsyncGenerator<string>): AsyncGenerator<string> {
  yield URLSET_OPEN;
  yield* batches;
  yield URLSET_CLOSE;
}

function* sitemapIndex(origin: string, parts: number): Generator<string> {
  yield `${XML_DECLARATION}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n`;
  for (let part = 1; part <= parts; part++) yield `<sitemap><loc>${xmlEscape(`${origin}/sitemap.xml?part=${part}`)}</loc></sitemap>\n`;
  yield "</sitemapindex>\n";
}

/** One <url> with its language alternates: `?lang=` makes each language addressable (as root.tsx's hreflang links). */
function urlXml(origin: string, path: string, lastmod: Date | null): string {
  const loc = `${origin}${path}`;
  const alternates = [...LANGUAGES.map((lang) => [lang, `${loc}?lang=${lang}`] as const), ["x-default", loc] as const]
    .map(([lang, href]) => `<xhtml:link rel="alternate" hreflang="${lang}" href="${xmlEscape(href)}"/>`)
    .join("");
  return `<url><loc>${xmlEscape(loc)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ""}${alternates}</url>\n`;
}

export function xmlEscape(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&${{ "&": "amp", "<": "lt", ">": "gt", '"': "quot", "'": "apos" }[char]};`);
}

function streamOf(chunks: Iterable<string> | AsyncIterable<string>): ReadableStream<Uint8Array> {
  const iterator = Symbol.asyncIterator in chunks ? chunks[Symbol.asyncIterator]() : chunks[Symbol.iterator]();
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await iterator.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await iterator.return?.();
    },
  });
}
