import { and, arrayOverlaps, asc, desc, eq, gte, inArray, sql, type SQL } from "drizzle-orm";
import { channelSites, clips, creators, userFlameCounts, userFlames, categories, type Audience } from "~schema";
import type { Database } from "~/lib/database";
import { totalPagesFor } from "~/lib/pagination";
import { clipCardColumns, toClipCard, type ClipCard } from "~/features/clips/index.server";
import { activeCategories } from "~/features/clips/index.server";
import { setFlame } from "./flames.server";
import type { FlamedCategory, FlamedFilters, FlamedSort } from "./flamed-filters";

/** docs/product.md §7.5: the liked page shows 10 per page. */
export const FLAMED_PAGE_SIZE = 10;

export interface FlamedClip {
  clip: ClipCard;
  flamedAt: string;
}

export interface FlamedClipsData {
  videos: FlamedClip[];
  /** Liked videos matching the filters (what the pages count). */
  total: number;
  /** Every liked video of the user for this audience: tells 'No Liked Videos' from 'No Videos in This Category'. */
  totalAll: number;
  /** Liked videos left out because they belong to other audiences only (0 when every audience is shown). */
  hidden: number;
  totalPages: number;
}

/** The categories the filter offers: the same active categories, in browse order, as the home feed (one query serves both). */
export const flamedCategories: (db: Database) => Promise<FlamedCategory[]> = activeCategories;

// Every order reads the user's listed flames from user_flames' own copies (ADR 047), so only the
// page's ten clips are read: 'recent' and 'oldest' walk user_flames_user_recent_idx forwards or
// backwards; 'most flames' reads the few rows whose flame band can reach the page (below).
const ORDER: Record<FlamedSort, SQL[]> = {
  recent: [desc(userFlames.createdAt), desc(userFlames.id)],
  oldest: [asc(userFlames.createdAt), asc(userFlames.id)],
  flames: [desc(clips.flames), desc(userFlames.createdAt), desc(userFlames.id)],
};

interface FlamedInput extends FlamedFilters {
  userId: string;
  audience: Audience;
  page: number;
  mediaAllowed: boolean;
}

/** The user's flames the list shows, from the copies on the user's own rows. */
const shownFlames = (input: FlamedInput) =>
  and(
    eq(userFlames.userId, input.userId),
    eq(userFlames.listed, true),
    input.everyAudience ? undefined : arrayOverlaps(userFlames.audiences, [input.audience]),
    input.category
      ? sql`${userFlames.categoryId} = (select ${categories.id} from ${categories} where ${categories.slug} = ${input.category})`
      : undefined,
  );

/** The totals from the user's counters (ADR 047): a few rows, whatever the number of flames. */
async function flamedCounts(db: Database, input: FlamedInput) {
  const rows = await db
    .select({ audience: userFlameCounts.audience, category: categories.slug, flames: userFlameCounts.flames })
    .from(userFlameCounts)
    .innerJoin(categories, eq(categories.id, userFlameCounts.categoryId))
    .where(and(eq(userFlameCounts.userId, input.userId), inArray(userFlameCounts.audience, ["*", input.audience])));
  const sum = (audience: string, category: string | null = null) =>
    rows
      .filter((row) => row.audience === audience && (category === null || row.category === category))
      .reduce((n, row) => n + row.flames, 0);
  const shown = input.everyAudience ? "*" : input.audience;
  return {
    all: sum(shown),
    matching: sum(shown, input.category),
    hidden: input.everyAudience ? 0 : sum("*") - sum(input.audience),
  };
}

/**
 * 'Most flames' orders by the clips' current counts, which other people's flames move. Each row
 * carries a band [clip_flames_lo, clip_flames_hi] that holds its clip's count (ADR 047). With T the
 * page-end-th largest lo, at least that many clips have T flames or more, so a row can reach the
 * page only if its hi ≥ T — and hi ≤ lo · 17/15 bounds the index range of lo to read.
 */
function popularCandidates(db: Database, input: FlamedInput) {
  const threshold = sql`coalesce((${db
    .select({ lo: userFlames.clipFlamesLo })
    .from(userFlames)
    .where(shownFlames(input))
    .orderBy(desc(userFlames.clipFlamesLo), desc(userFlames.createdAt), desc(userFlames.id))
    .offset(input.page * FLAMED_PAGE_SIZE - 1)
    .limit(1)}), 0)`;
  return and(gte(userFlames.clipFlamesHi, threshold), gte(userFlames.clipFlamesLo, sql`(${threshold} * 15) / 17`));
}

/** One page of the user's liked videos (docs/product.md §7.5), filtered, sorted and counted in SQL. */
export async function flamedClips(db: Database, input: FlamedInput): Promise<FlamedClipsData> {
  const offset = (input.page - 1) * FLAMED_PAGE_SIZE;
  // 'Recent' and 'oldest' pick the page's ten rows from the user's own index first, so skipping to a
  // deep page reads no clips; 'most flames' needs the clips' counts for its few candidates.
  const chosen =
    input.sort === "flames"
      ? popularCandidates(db, input)
      : inArray(
          userFlames.id,
          db
            .select({ id: userFlames.id })
            .from(userFlames)
            .where(shownFlames(input))
            .orderBy(...ORDER[input.sort])
            .limit(FLAMED_PAGE_SIZE)
            .offset(offset),
        );
  const where = and(shownFlames(input), eq(clips.status, "published"), chosen);
  const [counts, rows] = await Promise.all([
    flamedCounts(db, input),
    db
      .select({ ...clipCardColumns, flamedAt: userFlames.createdAt })
      .from(userFlames)
      .innerJoin(clips, eq(clips.id, userFlames.clipId))
      .innerJoin(creators, eq(creators.id, clips.creatorId))
      .innerJoin(categories, eq(categories.id, clips.categoryId))
      .leftJoin(channelSites, eq(channelSites.id, clips.channelSiteId))
      .where(where)
      .orderBy(...ORDER[input.sort])
      .limit(FLAMED_PAGE_SIZE)
      .offset(input.sort === "flames" ? offset : 0),
  ]);
  return {
    videos: rows.map((row) => ({ clip: toClipCard(row, input), flamedAt: row.flamedAt.toISOString() })),
    total: counts.matching,
    totalAll: counts.all,
    hidden: counts.hidden,
    totalPages: totalPagesFor(counts.matching, FLAMED_PAGE_SIZE),
  };
}

/** Unlikes a clip from the liked list; the clip's count goes down in the same transaction. */
export function unflame(db: Database, input: { userId: string; clipId: string }) {
  return setFlame(db, { clipId: input.clipId, flameOwner: { userId: input.userId }, flamed: false });
}
