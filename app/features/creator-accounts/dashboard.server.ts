import { and, desc, eq, gte, inArray, lt, or, sql } from "drizzle-orm";
import { catalogueCounts, clipDailyStats, clips, clipStats, creatorDailyStats, creators, creatorStats } from "~schema";
import type { Database } from "~/lib/database";
import { InvalidInput } from "~/lib/http/errors";
import { exactTime, readKeysetCursor } from "~/lib/keyset";

/** The dashboard's periods, in days ending today (UTC). */
export const DASHBOARD_PERIODS = [7, 30] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];
export const DASHBOARD_PAGE_SIZE = 10;

export interface ClipNumbers {
  slug: string;
  title: string;
  publishedAt: string;
  views: number;
  /** Watches that reached the end, of all watches; null before the first watch. */
  completionRate: number | null;
  flames: number;
  periodViews: number;
  periodFlames: number;
}

export interface Dashboard {
  totals: { views: number; flames: number; followers: number };
  period: { days: DashboardPeriod; views: number; flames: number; newFollowers: number };
  /** One value per day of the period, oldest first: the chart. */
  daily: { day: string; views: number; flames: number; follows: number }[];
  clips: ClipNumbers[];
  next: string | null;
}

/** `?after=` as a keyset cursor (published_at to the microsecond, id); InvalidInput when this site did not write it. */
export function parseDashboardCursor(value: string | null): { at: string; id: string } | null {
  if (!value) return null;
  const cursor = readKeysetCursor(value);
  if (!cursor) throw new InvalidInput("errors.invalidCursor");
  return cursor;
}

export const parsePeriod = (value: string | null): DashboardPeriod => (value === "30" ? 30 : 7);

/** The UTC days of the period ending today, oldest first. */
export function periodDays(days: number, now = new Date()): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: days }, (_, i) => new Date(today - (days - 1 - i) * 86_400_000).toISOString().slice(0, 10));
}

/**
 * A creator's numbers for their owner: totals from the counters (creator_stats, catalogue_counts, followers_count),
 * the period's days from creator_daily_stats (at most 30 rows), and one keyset page of their published clips, newest
 * first (clips_creator_listing_idx), each with its clip_stats totals and its period from clip_daily_stats.
 */
export async function loadDashboard(
  db: Database,
  input: { creatorId: string; days: DashboardPeriod; after: { at: string; id: string } | null; now?: Date },
): Promise<Dashboard> {
  const days = periodDays(input.days, input.now);
  const first = days[0]!;
  const [[views], [flames], [followers], daily, rows] = await Promise.all([
    db.select({ n: creatorStats.views }).from(creatorStats).where(eq(creatorStats.creatorId, input.creatorId)),
    db
      .select({ n: sql<number>`coalesce(sum(${catalogueCounts.flames}), 0)`.mapWith(Number) })
      .from(catalogueCounts)
      .where(and(eq(catalogueCounts.creatorId, input.creatorId), eq(catalogueCounts.audience, "*"))),
    db.select({ n: creators.followersCount }).from(creators).where(eq(creators.id, input.creatorId)),
    db
      .select({
        day: creatorDailyStats.day,
        views: creatorDailyStats.views,
        flames: creatorDailyStats.flames,
        follows: creatorDailyStats.follows,
      })
      .from(creatorDailyStats)
      .where(and(eq(creatorDailyStats.creatorId, input.creatorId), gte(creatorDailyStats.day, first))),
    db
      .select({
        id: clips.id,
        slug: clips.slug,
        title: clips.title,
        at: exactTime(clips.publishedAt),
        flames: clips.flames,
        views: clipStats.views,
        watches: clipStats.watches,
        completions: clipStats.completions,
      })
      .from(clips)
      .leftJoin(clipStats, eq(clipStats.clipId, clips.id))
      .where(
        and(
          eq(clips.creatorId, input.creatorId),
          eq(clips.status, "published"),
          input.after
            ? or(
                lt(clips.publishedAt, sql`${input.after.at}::timestamptz`),
                and(eq(clips.publishedAt, sql`${input.after.at}::timestamptz`), lt(clips.id, input.after.id)),
              )
            : undefined,
        ),
      )
      .orderBy(desc(clips.publishedAt), desc(clips.id))
      .limit(DASHBOARD_PAGE_SIZE + 1),
  ]);
  const page = rows.slice(0, DASHBOARD_PAGE_SIZE);
  const perClip = page.length
    ? await db
        .select({
          clipId: clipDailyStats.clipId,
          views: sql<number>`sum(${clipDailyStats.views})`.mapWith(Number),
          flames: sql<number>`sum(${clipDailyStats.flames})`.mapWith(Number),
        })
        .from(clipDailyStats)
        .where(
          and(
            inArray(
              clipDailyStats.clipId,
              page.map((r) => r.id),
            ),
            gte(clipDailyStats.day, first),
          ),
        )
        .groupBy(clipDailyStats.clipId)
    : [];
  const period = new Map(perClip.map((r) => [r.clipId, r]));
  const byDay = new Map(daily.map((d) => [d.day, d]));
  const chart = days.map((day) => ({
    day,
    views: Number(byDay.get(day)?.views ?? 0),
    flames: byDay.get(day)?.flames ?? 0,
    follows: byDay.get(day)?.follows ?? 0,
  }));
  const last = page[page.length - 1];
  return {
    totals: { views: Number(views?.n ?? 0), flames: flames?.n ?? 0, followers: followers?.n ?? 0 },
    period: {
      days: input.days,
      views: chart.reduce((n, d) => n + d.views, 0),
      flames: chart.reduce((n, d) => n + d.flames, 0),
      newFollowers: chart.reduce((n, d) => n + d.follows, 0),
    },
    daily: chart,
    clips: page.map((r) => ({
      slug: r.slug,
      title: r.title,
      publishedAt: r.at,
      views: Number(r.views ?? 0),
      completionRate: r.watches ? Number(r.completions ?? 0) / Number(r.watches) : null,
      flames: r.flames,
      periodViews: period.get(r.id)?.views ?? 0,
      periodFlames: period.get(r.id)?.flames ?? 0,
    })),
    next: rows.length > DASHBOARD_PAGE_SIZE && last ? `${last.at}_${last.id}` : null,
  };
}
