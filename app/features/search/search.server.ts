import { and, arrayOverlaps, asc, count, desc, eq, exists, gt, inArray, not, sql, type SQL } from "drizzle-orm";
import { unionAll, type AnyPgColumn } from "drizzle-orm/pg-core";
import { catalogueCounts, clips, clipTags, creators, tagCounts, tags, type Audience } from "~schema";
import type { Database } from "~/lib/database";
import { type Language, localName } from "~/lib/i18n/languages";
import { clipCardFrom, toClipCard, type ClipCard } from "~/features/clips/index.server";
import { tagsForClips, type TagChip } from "~/features/clips/index.server";
import { matchingTagIds, tagMatchCondition } from "~/features/tags/index.server";
import { likeTerm, SEARCH_PAGE_SIZE } from "./search-term";
import { newestTitleMatches, titleDriver } from "./title-words.server";

/** Tags matching the term per docs/product.md §13.5 (owned by the tags feature); never matches when the term is too short. */
const tagMatches = (term: string): SQL => tagMatchCondition(term) ?? sql`false`;

export interface SearchQuery {
  /** A sanitised term of at least two characters (see search-term.ts). */
  term: string;
  audience: Audience;
  language: Language;
  page: number;
  perPage?: number;
  mediaAllowed: boolean;
}

export interface SearchResults {
  clips: Array<{ clip: ClipCard; tags: TagChip[] }>;
  total: number;
  creators: Array<{ slug: string; name: string }>;
  tags: TagChip[];
}

const MAX_CREATORS = 5;
/** Matches kept per branch (title, creator, tag): results beyond the newest 500 of each are not listed. */
export const SEARCH_BRANCH_LIMIT = 500;
const MATCHING_CREATORS_LIMIT = 50;
const MAX_TAGS = 10;

// Written as `lower(col) like '%' || term || '%'` so the trigram GIN indexes
// on lower(title) and lower(name) can serve it.
const contains = (column: AnyPgColumn, pattern: string) => sql`lower(${column}) like '%' || ${pattern} || '%'`;

const visible = (audience: Audience) => and(eq(clips.status, "published"), arrayOverlaps(clips.audiences, [audience]));

/**
 * Creators and tags are small tables: their matches are found first, and a branch with none is left
 * out. The newest title matches come first too, from the title_words listings (ADR 039), unless the
 * term is short or has no piece those listings can find (`titleIds` null: the branch asks the clips).
 */
interface Matches {
  creatorIds: string[];
  tagIds: string[];
  titleIds: string[] | null;
}

async function findMatches(db: Database, query: SearchQuery): Promise<Matches> {
  const [creatorRows, tagIds, titleIds] = await Promise.all([
    db
      .select({ id: creators.id })
      .from(creators)
      .where(contains(creators.name, likeTerm(query.term)))
      .limit(MATCHING_CREATORS_LIMIT),
    matchingTagIds(db, query.term),
    query.term.length < TRIGRAM ? null : titleMatchIds(db, query),
  ]);
  return { creatorIds: creatorRows.map((row) => row.id), tagIds, titleIds };
}

async function titleMatchIds(db: Database, query: SearchQuery): Promise<string[] | null> {
  const driver = await titleDriver(db, query.term.toLowerCase());
  if (driver.kind === "trigram") return null;
  if (driver.kind === "none") return [];
  return newestTitleMatches(db, {
    words: driver.words,
    likePattern: likeTerm(query.term),
    audience: query.audience,
    limit: SEARCH_BRANCH_LIMIT,
  });
}

/**
 * Visible clips whose title, creator name or a tag matches, as disjoint
 * branches (title; else creator; else tag) so each can use its own index —
 * title_words listings, clips_creator_listing_idx, clip_tags_tag_recent_idx —
 * and the union needs no de-duplicating sort. Each branch keeps its newest
 * SEARCH_BRANCH_LIMIT matches, read in index order, so a term that matches a
 * large part of the catalogue never reads the whole table. Null when no branch
 * can have a match.
 */
function matchingClips(db: Database, query: SearchQuery, matches: Matches) {
  const short = query.term.length < TRIGRAM;
  // Trigrams cannot narrow a two-character term: its title matches are looked for among the
  // newest SHORT_TERM_WINDOW clips only, a bounded walk of clips_published_idx (ADR 038).
  const titleMatches = short
    ? sql`strpos(lower(${clips.title}), ${query.term.toLowerCase()}) > 0`
    : contains(clips.title, likeTerm(query.term));
  const hit = { matchId: clips.id, flames: clips.flames, publishedAt: clips.publishedAt };
  const base = visible(query.audience);
  const newest = [desc(clips.publishedAt), asc(clips.id)];
  const branch = (condition: SQL | undefined) =>
    db
      .select(hit)
      .from(clips)
      .where(and(base, condition))
      .orderBy(...newest)
      .limit(SEARCH_BRANCH_LIMIT);

  const byCreator = matches.creatorIds.length ? inArray(clips.creatorId, matches.creatorIds) : null;
  const branches: ReturnType<typeof branch>[] = [];
  if (short) branches.push(branch(and(titleMatches, sql`${clips.publishedAt} >= ${shortTermHorizon(db)}`)));
  // The newest title matches, found in the title_words listings (ADR 039), are read by primary key
  // (joined to the ids as one array: a list of 500 literals leads planners to scan a whole index).
  else if (matches.titleIds) {
    if (matches.titleIds.length)
      branches.push(
        db
          .select(hit)
          .from(clips)
          .innerJoin(sql`unnest(${sql.param(matches.titleIds)}::uuid[]) as title_hits(id)`, sql`title_hits.id = ${clips.id}`)
          .where(base)
          .orderBy(...newest)
          .limit(SEARCH_BRANCH_LIMIT) as unknown as (typeof branches)[number],
      );
  } else branches.push(branch(titleMatches));
  if (byCreator) branches.push(branch(and(byCreator, not(titleMatches))));
  if (matches.tagIds.length === 1) {
    // One tag: its newest clips straight from clip_tags_tag_recent_idx (ADR 037), each
    // checked against the other branches by primary key until 500 are found.
    branches.push(
      db
        .select(hit)
        .from(clipTags)
        .innerJoin(clips, eq(clips.id, clipTags.clipId))
        .where(
          and(
            eq(clipTags.tagId, matches.tagIds[0]!),
            eq(clipTags.listed, true),
            arrayOverlaps(clipTags.audiences, [query.audience]),
            base,
            not(titleMatches),
            byCreator ? not(byCreator) : undefined,
          ),
        )
        .orderBy(desc(clipTags.publishedAt), asc(clipTags.clipId))
        .limit(SEARCH_BRANCH_LIMIT) as unknown as (typeof branches)[number],
    );
  } else if (matches.tagIds.length) {
    const tagged = exists(
      db
        .select({ one: sql`1` })
        .from(clipTags)
        .where(and(eq(clipTags.clipId, clips.id), inArray(clipTags.tagId, matches.tagIds))),
    );
    branches.push(branch(and(tagged, not(titleMatches), byCreator ? not(byCreator) : undefined)));
  }
  const [first, second, third] = branches;
  if (!first) return null;
  const union = third ? unionAll(first, second!, third) : second ? unionAll(first, second) : first;
  return db.$with("search_matches").as(union);
}

/** Below this length a term has no trigram, so no index can find it inside titles. */
const TRIGRAM = 3;
/** A two-character term is looked for in the titles of this many newest published clips. */
export const SHORT_TERM_WINDOW = 5_000;

/** The publication date of the SHORT_TERM_WINDOW-th newest published clip (or the epoch, in a smaller catalogue). */
const shortTermHorizon = (db: Database) =>
  sql`coalesce((${db
    .select({ at: clips.publishedAt })
    .from(clips)
    .where(eq(clips.status, "published"))
    .orderBy(desc(clips.publishedAt), asc(clips.id))
    .offset(SHORT_TERM_WINDOW - 1)
    .limit(1)}), 'epoch'::timestamptz)`;

/** Clip titles, creator names and tags matching the term; clips ordered by flames, then newest. */
export async function searchCatalog(db: Database, query: SearchQuery): Promise<SearchResults> {
  const perPage = query.perPage ?? SEARCH_PAGE_SIZE;
  const offset = (query.page - 1) * perPage;
  const found = await findMatches(db, query);
  const matches = matchingClips(db, query, found);

  const [pageRows, creatorRows, tagRows] = await Promise.all([
    // The window count comes with the page, so the matches are computed once.
    matches
      ? db
          .with(matches)
          .select({ id: matches.matchId, total: sql<number>`count(*) over ()`.mapWith(Number) })
          .from(matches)
          .orderBy(desc(matches.flames), desc(matches.publishedAt), asc(matches.matchId))
          .limit(perPage)
          .offset(offset)
      : Promise.resolve([]),
    matchingCreators(db, query),
    matchingTagsWithClips(db, query),
  ]);

  const ids = pageRows.map((row) => row.id);
  const total = pageRows[0]?.total ?? (offset > 0 && matches ? await countMatches(db, query, found) : 0);
  const [cardRows, tagsByClip] = await Promise.all([
    ids.length ? clipCardFrom(db).where(inArray(clips.id, ids)) : Promise.resolve([]),
    tagsForClips(db, ids, query.language),
  ]);
  const cards = new Map(cardRows.map((row) => [row.id, toClipCard(row, query)]));
  return {
    clips: ids.flatMap((id) => {
      const clip = cards.get(id);
      return clip ? [{ clip, tags: tagsByClip.get(id) ?? [] }] : [];
    }),
    total,
    creators: creatorRows,
    tags: tagRows,
  };
}

/** Only needed for a page past the end, where the window count has no row to ride on. */
async function countMatches(db: Database, query: SearchQuery, found: Matches): Promise<number> {
  const matches = matchingClips(db, query, found);
  if (!matches) return 0;
  const [row] = await db.with(matches).select({ n: count() }).from(matches);
  return row?.n ?? 0;
}

function matchingCreators(db: Database, query: SearchQuery) {
  return db
    .select({ slug: creators.slug, name: creators.name })
    .from(creators)
    .where(
      and(
        contains(creators.name, likeTerm(query.term)),
        // catalogue_counts says whether the creator has a visible clip (ADR 036).
        exists(
          db
            .select({ one: sql`1` })
            .from(catalogueCounts)
            .where(
              and(eq(catalogueCounts.creatorId, creators.id), eq(catalogueCounts.audience, query.audience), gt(catalogueCounts.clips, 0)),
            ),
        ),
      ),
    )
    .orderBy(desc(creators.followersCount), asc(creators.name))
    .limit(MAX_CREATORS);
}

function matchingTagsWithClips(db: Database, query: SearchQuery) {
  const name = localName(query.language, tags);
  const hasVisibleClip = exists(
    db
      .select({ one: sql`1` })
      .from(tagCounts)
      .where(and(eq(tagCounts.tagId, tags.id), eq(tagCounts.audience, query.audience), gt(tagCounts.clips, 0))),
  );
  return db
    .select({ slug: tags.slug, name })
    .from(tags)
    .where(and(tagMatches(query.term), hasVisibleClip))
    .orderBy(asc(name))
    .limit(MAX_TAGS);
}
