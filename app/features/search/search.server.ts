import { and, arrayOverlaps, asc, count, desc, eq, exists, inArray, not, sql, type SQL } from "drizzle-orm";
import { unionAll, type AnyPgColumn } from "drizzle-orm/pg-core";
import { clips, clipTags, creators, tags, type Audience } from "../../../db/schema";
import type { Database } from "~/lib/db.server";
import type { Language } from "~/lib/i18n/languages";
import { clipCardFrom, toClipCard, type ClipCard } from "~/features/clips/index.server";
import { tagsForClips, type TagChip } from "~/features/clips/index.server";
import { matchingTagIds, tagMatchCondition } from "~/features/tags/index.server";
import { likeTerm, SEARCH_PAGE_SIZE } from "./search-term";

/** Tags matching the term per SPEC 5 (owned by the tags feature); never matches when the term is too short. */
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

/** Creators and tags are small tables: their matches are found first, and a branch with none is left out. */
interface Matches {
  creatorIds: string[];
  tagIds: string[];
}

async function findMatches(db: Database, term: string): Promise<Matches> {
  const [creatorRows, tagIds] = await Promise.all([
    db
      .select({ id: creators.id })
      .from(creators)
      .where(contains(creators.name, likeTerm(term)))
      .limit(MATCHING_CREATORS_LIMIT),
    matchingTagIds(db, term),
  ]);
  return { creatorIds: creatorRows.map((row) => row.id), tagIds };
}

/**
 * Visible clips whose title, creator name or a tag matches, as disjoint
 * branches (title; else creator; else tag) so each can use its own index —
 * title trigrams, clips_creator_published_idx, clip_tags_tag_idx — and the
 * union needs no de-duplicating sort. Each branch keeps its newest
 * SEARCH_BRANCH_LIMIT matches, read in index order, so a term that matches a
 * large part of the catalogue never reads the whole table.
 */
function matchingClips(db: Database, query: SearchQuery, matches: Matches) {
  const titleMatches = contains(clips.title, likeTerm(query.term));
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
  const branches = [branch(titleMatches)];
  if (byCreator) branches.push(branch(and(byCreator, not(titleMatches))));
  if (matches.tagIds.length) {
    const tagged = exists(
      db
        .select({ one: sql`1` })
        .from(clipTags)
        .where(and(eq(clipTags.clipId, clips.id), inArray(clipTags.tagId, matches.tagIds))),
    );
    branches.push(branch(and(tagged, not(titleMatches), byCreator ? not(byCreator) : undefined)));
  }
  const [first, second, third] = branches;
  const union = third ? unionAll(first!, second!, third) : second ? unionAll(first!, second) : first!;
  return db.$with("search_matches").as(union);
}

/** Clip titles, creator names and tags matching the term; clips ordered by flames, then newest. */
export async function searchCatalog(db: Database, query: SearchQuery): Promise<SearchResults> {
  const perPage = query.perPage ?? SEARCH_PAGE_SIZE;
  const offset = (query.page - 1) * perPage;
  const found = await findMatches(db, query.term);
  const matches = matchingClips(db, query, found);

  const [pageRows, creatorRows, tagRows] = await Promise.all([
    // The window count comes with the page, so the matches are computed once.
    db
      .with(matches)
      .select({ id: matches.matchId, total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(matches)
      .orderBy(desc(matches.flames), desc(matches.publishedAt), asc(matches.matchId))
      .limit(perPage)
      .offset(offset),
    matchingCreators(db, query),
    matchingTagsWithClips(db, query),
  ]);

  const ids = pageRows.map((row) => row.id);
  const total = pageRows[0]?.total ?? (offset > 0 ? await countMatches(db, query, found) : 0);
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
        exists(
          db
            .select({ one: sql`1` })
            .from(clips)
            .where(and(eq(clips.creatorId, creators.id), visible(query.audience))),
        ),
      ),
    )
    .orderBy(desc(creators.followersCount), asc(creators.name))
    .limit(MAX_CREATORS);
}

function matchingTagsWithClips(db: Database, query: SearchQuery) {
  const name = query.language === "es" ? tags.nameEs : tags.nameEn;
  const hasVisibleClip = exists(
    db
      .select({ one: sql`1` })
      .from(clipTags)
      .innerJoin(clips, eq(clips.id, clipTags.clipId))
      .where(and(eq(clipTags.tagId, tags.id), visible(query.audience))),
  );
  return db
    .select({ slug: tags.slug, name })
    .from(tags)
    .where(and(tagMatches(query.term), hasVisibleClip))
    .orderBy(asc(name))
    .limit(MAX_TAGS);
}
