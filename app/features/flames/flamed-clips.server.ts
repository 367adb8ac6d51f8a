import { and, arrayOverlaps, asc, desc, eq, sql, type SQL } from "drizzle-orm";
import { channelSites, clips, creators, userFlames, categories, type Audience } from "../../../db/schema";
import type { Database } from "~/lib/db.server";
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

// 'recent' and 'oldest' walk user_flames_user_idx (user_id, created_at desc) forwards or
// backwards; 'most flames' has to sort the user's likes, which are bounded by one person's taste.
const ORDER: Record<FlamedSort, SQL[]> = {
  recent: [desc(userFlames.createdAt), desc(userFlames.id)],
  oldest: [asc(userFlames.createdAt), asc(userFlames.id)],
  flames: [desc(clips.flames), desc(userFlames.createdAt), desc(userFlames.id)],
};

/** The user's flames on published clips (of the audience, unless every audience is asked for): what the list reads. */
const flamedWhere = (userId: string, audience: Audience | null) =>
  and(eq(userFlames.userId, userId), eq(clips.status, "published"), audience ? arrayOverlaps(clips.audiences, [audience]) : undefined);

/** The counts in one aggregate query over the user's flames (bounded by one person's taste). */
async function flamedCounts(db: Database, input: { userId: string; audience: Audience; category: string | null; everyAudience: boolean }) {
  const inAudience = sql`${clips.audiences} && array[${input.audience}]::text[]`;
  const shown = input.everyAudience ? sql`true` : inAudience;
  const inCategory = input.category ? sql`${categories.slug} = ${input.category}` : sql`true`;
  const [row] = await db
    .select({
      all: sql<number>`count(*) filter (where ${shown})`.mapWith(Number),
      matching: sql<number>`count(*) filter (where ${shown} and ${inCategory})`.mapWith(Number),
      hidden: input.everyAudience
        ? sql<number>`0`.mapWith(Number)
        : sql<number>`count(*) filter (where not (${inAudience}))`.mapWith(Number),
    })
    .from(userFlames)
    .innerJoin(clips, eq(clips.id, userFlames.clipId))
    .innerJoin(categories, eq(categories.id, clips.categoryId))
    .where(flamedWhere(input.userId, null));
  return { all: row?.all ?? 0, matching: row?.matching ?? 0, hidden: row?.hidden ?? 0 };
}

/** One page of the user's liked videos (docs/product.md §7.5), filtered, sorted and counted in SQL. */
export async function flamedClips(
  db: Database,
  input: FlamedFilters & { userId: string; audience: Audience; page: number; mediaAllowed: boolean },
): Promise<FlamedClipsData> {
  const where = and(
    flamedWhere(input.userId, input.everyAudience ? null : input.audience),
    input.category ? eq(categories.slug, input.category) : undefined,
  );
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
      .offset((input.page - 1) * FLAMED_PAGE_SIZE),
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
