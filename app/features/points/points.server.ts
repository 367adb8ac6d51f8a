import { and, desc, eq, gt, lt, or, sql } from "drizzle-orm";
import { creatorPointEntries, creatorPointTotals, creatorRefVisits, creators, type PointReason } from "~schema";
import { mediaUrl } from "~/features/clips/index.server";
import type { Database } from "~/lib/database";
import { exactTime } from "~/lib/keyset";
import { rateLimitKey } from "~/lib/rate-limit.server";

/**
 * Creator points (docs/decisions/173-creator-points-ledger.md, docs/product.md §6.8): a ledger row per earning and the
 * creator's total, written in one transaction. What each earning is worth is here and nowhere else.
 */
export const POINTS: Record<PointReason, number> = { upload: 5, upload_long: 10, link: 2, ref_visit: 1 };
/** Uploads longer than this earn `upload_long` (docs/product.md §6.8: "uploads longer than 10 seconds earn more points"). */
export const LONG_UPLOAD_SECONDS = 10;
export const LEDGER_PAGE_SIZE = 20;
/** How many creators the "Featured creators" row shows. */
export const FEATURED_CREATORS = 6;

export const uploadReason = (durationSeconds: number): PointReason => (durationSeconds > LONG_UPLOAD_SECONDS ? "upload_long" : "upload");

/**
 * Writes one earning and moves the creator's total, in the caller's transaction. An earning tied to a submission is
 * written once (a retried job earns nothing twice): false when it was there already.
 */
export async function awardPoints(
  tx: Database,
  input: { creatorId: string; reason: PointReason; clipId?: string | null; submissionId?: string | null },
): Promise<boolean> {
  const points = POINTS[input.reason];
  const [row] = await tx
    .insert(creatorPointEntries)
    .values({
      creatorId: input.creatorId,
      reason: input.reason,
      points,
      clipId: input.clipId ?? null,
      submissionId: input.submissionId ?? null,
    })
    .onConflictDoNothing()
    .returning({ id: creatorPointEntries.id });
  if (!row) return false;
  await tx
    .insert(creatorPointTotals)
    .values({ creatorId: input.creatorId, points })
    .onConflictDoUpdate({ target: creatorPointTotals.creatorId, set: { points: sql`${creatorPointTotals.points} + ${points}` } });
  return true;
}

const SLUG = /^[a-z0-9][a-z0-9-]{0,199}$/;

/**
 * A visit that arrived through a creator's share link (`?ref=<slug>`): one point, once per visitor and creator per UTC
 * day. The visitor is a keyed hash of their address (never the address itself); rows of days before yesterday are
 * deleted here, one index range. False when the slug names no creator or the visitor was counted today.
 */
export async function recordRefVisit(db: Database, input: { creatorSlug: string; clientIp: string; secret: string }): Promise<boolean> {
  if (!SLUG.test(input.creatorSlug)) return false;
  const [creator] = await db.select({ id: creators.id }).from(creators).where(eq(creators.slug, input.creatorSlug));
  if (!creator) return false;
  const today = new Date().toISOString().slice(0, 10);
  const visitor = rateLimitKey(input.secret, `ref-visit:${input.clientIp}`);
  return db.transaction(async (tx) => {
    await tx.delete(creatorRefVisits).where(lt(creatorRefVisits.day, sql`${today}::date - 1`));
    const [fresh] = await tx
      .insert(creatorRefVisits)
      .values({ day: today, creatorId: creator.id, visitor })
      .onConflictDoNothing()
      .returning({ day: creatorRefVisits.day });
    if (!fresh) return false;
    return awardPoints(tx as unknown as Database, { creatorId: creator.id, reason: "ref_visit" });
  });
}

export interface LedgerEntry {
  id: string;
  reason: PointReason;
  points: number;
  at: string;
}

/** A creator's total (the counter) and one keyset page of their ledger, newest first (creator_point_entries_creator_idx). */
export async function pointsLedger(db: Database, creatorId: string, after: { at: string; id: string } | null, size = LEDGER_PAGE_SIZE) {
  const [[total], rows] = await Promise.all([
    db.select({ points: creatorPointTotals.points }).from(creatorPointTotals).where(eq(creatorPointTotals.creatorId, creatorId)),
    db
      .select({
        id: creatorPointEntries.id,
        reason: creatorPointEntries.reason,
        points: creatorPointEntries.points,
        at: exactTime(creatorPointEntries.createdAt),
      })
      .from(creatorPointEntries)
      .where(
        and(
          eq(creatorPointEntries.creatorId, creatorId),
          after
            ? or(
                lt(creatorPointEntries.createdAt, sql`${after.at}::timestamptz`),
                and(eq(creatorPointEntries.createdAt, sql`${after.at}::timestamptz`), lt(creatorPointEntries.id, after.id)),
              )
            : undefined,
        ),
      )
      .orderBy(desc(creatorPointEntries.createdAt), desc(creatorPointEntries.id))
      .limit(size + 1),
  ]);
  const page = rows.slice(0, size);
  const last = page[page.length - 1];
  return {
    total: Number(total?.points ?? 0),
    entries: page as LedgerEntry[],
    next: rows.length > size && last ? `${last.at}_${last.id}` : null,
  };
}

export interface FeaturedCreator {
  slug: string;
  name: string;
  avatarUrl: string | null;
  followers: number;
  points: number;
}

/** What points buy: a place in "Featured creators", the most points first (one range of creator_point_totals_points_idx). */
export async function featuredCreators(db: Database, options: { mediaAllowed: boolean }): Promise<FeaturedCreator[]> {
  const rows = await db
    .select({
      slug: creators.slug,
      name: creators.name,
      avatarKey: creators.avatarKey,
      followers: creators.followersCount,
      points: creatorPointTotals.points,
    })
    .from(creatorPointTotals)
    .innerJoin(creators, eq(creators.id, creatorPointTotals.creatorId))
    .where(gt(creatorPointTotals.points, 0))
    .orderBy(desc(creatorPointTotals.points), creatorPointTotals.creatorId)
    .limit(FEATURED_CREATORS);
  return rows.map(({ avatarKey, points, ...row }) => ({
    ...row,
    points: Number(points),
    avatarUrl: mediaUrl(avatarKey, options.mediaAllowed),
  }));
}
