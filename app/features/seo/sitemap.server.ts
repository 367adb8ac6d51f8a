import { and, asc, count, eq, exists, gt, gte, lt, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { catalogueCounts, clips, creators, tagCounts, tags } from "~schema";
import type { Database } from "~/lib/database";
import { DEFAULT_AUDIENCE } from "~/lib/audience";
import { LANGUAGES } from "~/lib/i18n/languages";

/** The sitemaps.org limit of URLs per file: no part ever lists more. */
export const SITEMAP_MAX_URLS = 50_000;
/** URLs a part aims at (ADR 046): a part is read and written in a few milliseconds. */
export const SITEMAP_PART_URLS = 2_500;
const BATCH_SIZE = 2_500;

export interface SitemapOptions {
  origin: string;
  /** `?part=` as given; null for /sitemap.xml itself. */
  part: string | null;
  /** URLs a part aims at; above it /sitemap.xml becomes an index (tests use a small number). */
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

/** Ids in [from, to): `to` null is the end of the id space. */
interface Range {
  from: string;
  to: string | null;
}

interface Segment {
  size: number;
  read(range: Range, after: string | null, limit: number): Promise<Entry[]>;
}

const published = eq(clips.status, "published");

/** The range condition and keyset cursor on an id column, for one part's read. */
const inRange = (column: AnyPgColumn, range: Range, after: string | null) =>
  and(gte(column, range.from), range.to ? lt(column, range.to) : undefined, after ? gt(column, after) : undefined);

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
      // The audience a crawler gets: a tag whose clips are all for another audience is a 404 page for it.
      .where(and(eq(tagCounts.tagId, tags.id), eq(tagCounts.audience, DEFAULT_AUDIENCE), gt(tagCounts.clips, 0))),
  );

/** Published clips, creators and tags that have one, each read by id range in id order. */
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
    {
      size: creatorCount?.n ?? 0,
      read: async (range, after, limit) =>
        (
          await db
            .select({ key: creators.id, slug: creators.slug, lastmod: creators.lastUpdatedAt })
            .from(creators)
            .where(and(creatorHasClip(db), inRange(creators.id, range, after)))
            .orderBy(asc(creators.id))
            .limit(limit)
        ).map((row) => ({ path: `/creator/${encodeURIComponent(row.slug)}`, lastmod: row.lastmod, key: row.key })),
    },
    {
      size: tagCount?.n ?? 0,
      read: async (range, after, limit) =>
        (
          await db
            .select({ key: tags.id, slug: tags.slug })
            .from(tags)
            .where(and(tagHasClip(db), inRange(tags.id, range, after)))
            .orderBy(asc(tags.id))
            .limit(limit)
        ).map((row) => ({ path: `/tag/${encodeURIComponent(row.slug)}`, lastmod: null, key: row.key })),
    },
    {
      size: clipCount?.n ?? 0,
      // clips_sitemap_idx (id) include (slug, updated_at): one index-only range per part.
      read: async (range, after, limit) =>
        (
          await db
            .select({ key: clips.id, slug: clips.slug, lastmod: clips.updatedAt })
            .from(clips)
            .where(and(published, inRange(clips.id, range, after)))
            .orderBy(asc(clips.id))
            .limit(limit)
        ).map((row) => ({ path: `/video/${encodeURIComponent(row.slug)}`, lastmod: row.lastmod, key: row.key })),
    },
  ];
}

/**
 * The id ranges a segment of `size` rows is cut into: the fewest powers of two that bring each
 * under `perPart` on average. Ids are random UUIDs (v4), so equal slices of the id space hold
 * nearly equal numbers of rows, and a row's part never depends on the rows before it.
 */
export function idRanges(size: number, perPart: number): Range[] {
  if (size === 0) return [];
  const bits = Math.min(32, Math.max(0, Math.ceil(Math.log2(size / perPart))));
  const count = 2 ** bits;
  const bound = (i: number) => `${(i * 2 ** (32 - bits)).toString(16).padStart(8, "0")}-0000-0000-0000-000000000000`;
  return Array.from({ length: count }, (_, i) => ({ from: bound(i), to: i + 1 < count ? bound(i + 1) : null }));
}

/** What one sitemap file lists: ranges of segments, the home page first in the first file. */
interface Part {
  segment: Segment;
  range: Range;
  home: boolean;
}

const EVERY_ID: Range = { from: "00000000-0000-0000-0000-000000000000", to: null };

/** The files: all of it in one when it fits `maxUrls`, else one id range of one segment each. */
function filesOf(segmentList: Segment[], total: number, maxUrls: number): Part[][] {
  if (total <= maxUrls) return [segmentList.map((segment, i) => ({ segment, range: EVERY_ID, home: i === 0 }))];
  const parts = segmentList.flatMap((segment) => idRanges(segment.size, maxUrls).map((range) => ({ segment, range, home: false })));
  if (parts[0]) parts[0].home = true;
  return parts.map((part) => [part]);
}

/** A file's URLs, one batch of XML at a time, each batch continuing after the last id (keyset). */
async function* urlBatches(parts: Part[], origin: string, batchSize: number): AsyncGenerator<string> {
  let remaining = SITEMAP_MAX_URLS;
  for (const part of parts) {
    if (part.home) {
      yield urlXml(origin, "/", null);
      remaining -= 1;
    }
    let after: string | null = null;
    while (remaining > 0) {
      const limit = Math.min(batchSize, remaining);
      const rows = await part.segment.read(part.range, after, limit);
      if (rows.length > 0) yield rows.map((row) => urlXml(origin, row.path, row.lastmod)).join("");
      remaining -= rows.length;
      if (rows.length < limit) break;
      after = rows[rows.length - 1]!.key;
    }
  }
}

/**
 * /sitemap.xml (or one `?part=`), streamed; null when the part does not exist. Up to `maxUrls`
 * URLs in all, /sitemap.xml lists them; above it, it is an index of parts, each one id range of
 * the creators, the tags or the clips (ADR 046), read by keyset from the range's first id.
 */
export async function renderSitemap(db: Database, options: SitemapOptions): Promise<ReadableStream<Uint8Array> | null> {
  const origin = options.origin.replace(/\/+$/, "");
  const batchSize = options.batchSize ?? BATCH_SIZE;
  const segmentList = await segments(db);
  const total = 1 + segmentList.reduce((sum, segment) => sum + segment.size, 0);
  const files = filesOf(segmentList, total, options.maxUrls ?? SITEMAP_PART_URLS);

  if (options.part === null) {
    if (files.length > 1) return streamOf(sitemapIndex(origin, files.length));
    return streamOf(urlset(urlBatches(files[0]!, origin, batchSize)));
  }
  const number = /^[1-9]\d{0,6}$/.test(options.part) ? Number(options.part) : 0;
  const file = files[number - 1];
  return file ? streamOf(urlset(urlBatches(file, origin, batchSize))) : null;
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

/**
 * One <url> with its language alternates: `?lang=` makes each language addressable (as root.tsx's
 * hreflang links). Written for speed — a part holds thousands — so the location is escaped once
 * (the `?lang=` suffixes need no escaping) and only when it has a character to escape.
 */
function urlXml(origin: string, path: string, lastmod: Date | null): string {
  const loc = escapeIfNeeded(`${origin}${path}`);
  let xml = `<url><loc>${loc}</loc>`;
  if (lastmod) xml += `<lastmod>${lastmod.toISOString()}</lastmod>`;
  for (const lang of LANGUAGES) xml += `<xhtml:link rel="alternate" hreflang="${lang}" href="${loc}?lang=${lang}"/>`;
  return `${xml}<xhtml:link rel="alternate" hreflang="x-default" href="${loc}"/></url>\n`;
}

const XML_SPECIAL = /[&<>"']/;
const escapeIfNeeded = (text: string) => (XML_SPECIAL.test(text) ? xmlEscape(text) : text);

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
