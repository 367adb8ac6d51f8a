import { and, count, desc, eq, sql, type SQL } from "drizzle-orm";
import { clips, emotionTypes, premiumActivations, profiles, usageSessions, userFlames, categories } from "~schema";
import type { Database } from "~/lib/database";

// The statistics of docs/product.md §10.8, site-wide for the admin dashboard. Every figure is one
// aggregate or a LIMITed list in SQL; nothing is counted in JS.

/** How many recent flames and usage sessions the dashboard lists (docs/product.md §10.8). */
export const STATISTICS_RECENT = 5;
/** Upper bounds for the grouped lists; both tables they group are small. */
const CATEGORY_LIMIT = 50;
const SOURCE_LIMIT = 20;

export interface CategoryFlames {
  slug: string;
  nameEn: string;
  nameEs: string;
  flames: number;
}

export interface RecentFlame {
  clipTitle: string;
  clipSlug: string;
  flamedAt: string;
}

export interface RecentSession {
  startedAt: string;
  seconds: number;
  emotionEn: string | null;
  emotionEs: string | null;
}

export interface SiteStatistics {
  flames: { totalFlames: number; categoriesFlamed: CategoryFlames[]; recentActivity: RecentFlame[] };
  time: { totalTime: number; sessionCount: number; averageTime: number; sessions: RecentSession[] };
  premium: { activePremiumUsers: number; totalActivationsCreated: number; sourceBreakdown: { source: string; activations: number }[] };
  app: { totalClips: number; totalProfiles: number; totalFlames: number };
}

const published = eq(clips.status, "published");
const asNumber = (expression: SQL) => expression.mapWith(Number);

/**
 * Published clips and their flames. Flames are read from the clips' own
 * counters (kept with user_flames in one transaction), so flames on hidden
 * clips leave the figures with the clips, as they leave every page.
 */
async function publishedTotals(db: Database) {
  const [row] = await db
    .select({ clips: count(), flames: asNumber(sql`coalesce(sum(${clips.flames}), 0)`) })
    .from(clips)
    .where(published);
  return { clips: row?.clips ?? 0, flames: row?.flames ?? 0 };
}

function categoriesFlamed(db: Database) {
  const flames = asNumber(sql`sum(${clips.flames})`);
  return db
    .select({ slug: categories.slug, nameEn: categories.nameEn, nameEs: categories.nameEs, flames })
    .from(clips)
    .innerJoin(categories, eq(categories.id, clips.categoryId))
    .where(published)
    .groupBy(categories.id)
    .having(sql`sum(${clips.flames}) > 0`)
    .orderBy(desc(sql`sum(${clips.flames})`), categories.slug)
    .limit(CATEGORY_LIMIT);
}

async function recentFlames(db: Database): Promise<RecentFlame[]> {
  const rows = await db
    .select({ clipTitle: clips.title, clipSlug: clips.slug, flamedAt: userFlames.createdAt })
    .from(userFlames)
    .innerJoin(clips, and(eq(clips.id, userFlames.clipId), published))
    .orderBy(desc(userFlames.createdAt), desc(userFlames.id))
    .limit(STATISTICS_RECENT);
  return rows.map((r) => ({ ...r, flamedAt: r.flamedAt.toISOString() }));
}

/** Profiles, and those with premium now: flagged and not expired (expiry is cleared lazily, so the date decides). */
async function profileTotals(db: Database, now: Date) {
  const active = sql`${profiles.isPremium} and (${profiles.premiumExpiresAt} is null or ${profiles.premiumExpiresAt} > ${now.toISOString()})`;
  const [row] = await db.select({ profiles: count(), premium: asNumber(sql`count(*) filter (where ${active})`) }).from(profiles);
  return { profiles: row?.profiles ?? 0, premium: row?.premium ?? 0 };
}

async function activationTotals(db: Database) {
  const [[total], sources] = await Promise.all([
    db.select({ n: count() }).from(premiumActivations),
    db
      .select({ source: premiumActivations.source, activations: count() })
      .from(premiumActivations)
      .groupBy(premiumActivations.source)
      .orderBy(desc(count()), premiumActivations.source)
      .limit(SOURCE_LIMIT),
  ]);
  return { total: total?.n ?? 0, sources };
}

async function usageTotals(db: Database) {
  const [row] = await db
    .select({
      totalTime: asNumber(sql`coalesce(sum(${usageSessions.seconds}), 0)`),
      sessionCount: count(),
      averageTime: asNumber(sql`coalesce(round(avg(${usageSessions.seconds})), 0)`),
    })
    .from(usageSessions);
  return { totalTime: row?.totalTime ?? 0, sessionCount: row?.sessionCount ?? 0, averageTime: row?.averageTime ?? 0 };
}

async function recentSessions(db: Database): Promise<RecentSession[]> {
  const rows = await db
    .select({
      startedAt: usageSessions.startedAt,
      seconds: usageSessions.seconds,
      emotionEn: emotionTypes.nameEn,
      emotionEs: emotionTypes.nameEs,
    })
    .from(usageSessions)
    .leftJoin(emotionTypes, eq(emotionTypes.id, usageSessions.emotionId))
    .orderBy(desc(usageSessions.startedAt), desc(usageSessions.id))
    .limit(STATISTICS_RECENT);
  return rows.map((r) => ({ ...r, startedAt: r.startedAt.toISOString() }));
}

/** The site-wide flames, time, premium and app statistics of docs/product.md §10.8. */
export async function siteStatistics(db: Database, now: Date = new Date()): Promise<SiteStatistics> {
  const [totals, flamedCategories, recent, people, activations, usage, sessions] = await Promise.all([
    publishedTotals(db),
    categoriesFlamed(db),
    recentFlames(db),
    profileTotals(db, now),
    activationTotals(db),
    usageTotals(db),
    recentSessions(db),
  ]);
  return {
    flames: { totalFlames: totals.flames, categoriesFlamed: flamedCategories, recentActivity: recent },
    time: { ...usage, sessions },
    premium: { activePremiumUsers: people.premium, totalActivationsCreated: activations.total, sourceBreakdown: activations.sources },
    app: { totalClips: totals.clips, totalProfiles: people.profiles, totalFlames: totals.flames },
  };
}
