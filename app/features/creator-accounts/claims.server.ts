import { randomBytes } from "node:crypto";
import { and, asc, desc, eq, gt, or, sql } from "drizzle-orm";
import { creatorClaims, creators, user } from "~schema";
import type { Database } from "~/lib/database";
import { Conflict, InvalidInput, NotFound } from "~/lib/http/errors";
import { exactTime } from "~/lib/keyset";
import { writeAudit, type Actor } from "~/features/moderation/index.server";

/**
 * Creator accounts (docs/decisions/171-creator-accounts-and-dashboard.md): a member asks to run a creator page and
 * gets a one-time code to post on a profile the page links to; a moderator finds the code there and approves.
 */

/** A member has at most this many requests waiting: each one is a moderator's check. */
export const MAX_PENDING_CLAIMS = 5;
export const CLAIM_PAGE_SIZE = 20;

const SLUG = /^[a-z0-9][a-z0-9-]{0,199}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const CODE_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

/** `spicy-` and 8 characters nobody confuses (no 0/o, 1/l/i): 31^8 ≈ 8.5 × 10^11 codes. */
export function newClaimCode(): string {
  const bytes = randomBytes(8);
  return `spicy-${Array.from(bytes, (b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join("")}`;
}

export interface MemberClaim {
  id: string;
  creatorSlug: string;
  creatorName: string;
  code: string;
  status: "pending" | "approved" | "rejected";
}

/** The creator whose page a member may ask to run, by slug; NotFound (404) when none, InvalidInput (400) for a bad slug. */
export async function claimableCreator(db: Database, slug: string) {
  if (!SLUG.test(slug)) throw new InvalidInput("errors.invalidCreator");
  const [creator] = await db
    .select({ id: creators.id, slug: creators.slug, name: creators.name })
    .from(creators)
    .where(eq(creators.slug, slug));
  if (!creator) throw new NotFound("errors.creatorNotFound");
  return creator;
}

/**
 * Records a member's request to run the page (once: asking again answers the same code). Refused with 409 when the
 * page already has an owner or the member has MAX_PENDING_CLAIMS requests waiting.
 */
export async function requestClaim(db: Database, input: { userId: string; creatorSlug: string }): Promise<MemberClaim> {
  const creator = await claimableCreator(db, input.creatorSlug);
  return db.transaction(async (tx) => {
    const [owned] = await tx
      .select({ userId: creatorClaims.userId })
      .from(creatorClaims)
      .where(and(eq(creatorClaims.creatorId, creator.id), eq(creatorClaims.status, "approved")));
    if (owned && owned.userId !== input.userId) throw new Conflict("errors.alreadyOwned");
    const [mine] = await tx
      .select()
      .from(creatorClaims)
      .where(and(eq(creatorClaims.creatorId, creator.id), eq(creatorClaims.userId, input.userId)));
    if (mine) return { id: mine.id, creatorSlug: creator.slug, creatorName: creator.name, code: mine.code, status: mine.status };
    const waiting = await tx
      .select({ id: creatorClaims.id })
      .from(creatorClaims)
      .where(and(eq(creatorClaims.userId, input.userId), eq(creatorClaims.status, "pending")))
      .limit(MAX_PENDING_CLAIMS);
    if (waiting.length >= MAX_PENDING_CLAIMS) throw new Conflict("errors.tooManyClaims", { max: MAX_PENDING_CLAIMS });
    const [row] = await tx
      .insert(creatorClaims)
      .values({ creatorId: creator.id, userId: input.userId, code: newClaimCode() })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new Conflict("errors.alreadyAsked");
    return { id: row.id, creatorSlug: creator.slug, creatorName: creator.name, code: row.code, status: row.status };
  });
}

/** A member's requests and pages, newest first (creator_claims_user_idx). */
export async function memberClaims(db: Database, userId: string): Promise<MemberClaim[]> {
  return db
    .select({
      id: creatorClaims.id,
      creatorSlug: creators.slug,
      creatorName: creators.name,
      code: creatorClaims.code,
      status: creatorClaims.status,
    })
    .from(creatorClaims)
    .innerJoin(creators, eq(creators.id, creatorClaims.creatorId))
    .where(eq(creatorClaims.userId, userId))
    .orderBy(desc(creatorClaims.createdAt))
    .limit(CLAIM_PAGE_SIZE);
}

/** The creator a member runs, by slug (or their first when no slug is given); null when they run none. */
export async function ownedCreator(db: Database, userId: string, slug: string | null) {
  const [row] = await db
    .select({ id: creators.id, slug: creators.slug, name: creators.name })
    .from(creatorClaims)
    .innerJoin(creators, eq(creators.id, creatorClaims.creatorId))
    .where(and(eq(creatorClaims.userId, userId), eq(creatorClaims.status, "approved"), slug ? eq(creators.slug, slug) : undefined))
    .orderBy(desc(creatorClaims.createdAt))
    .limit(1);
  return row ?? null;
}

export interface PendingClaim {
  id: string;
  createdAt: string;
  code: string;
  memberEmail: string;
  creator: { slug: string; name: string; twitterUrl: string | null; websiteUrl: string | null };
}

/** The desk's queue: pending requests, oldest first, one keyset page of creator_claims_pending_idx. */
export async function pendingClaims(db: Database, after: { at: string; id: string } | null) {
  const rows = await db
    .select({
      id: creatorClaims.id,
      createdAt: exactTime(creatorClaims.createdAt),
      code: creatorClaims.code,
      memberEmail: user.email,
      slug: creators.slug,
      name: creators.name,
      twitterUrl: creators.twitterProfileUrl,
      websiteUrl: creators.websiteUrl,
    })
    .from(creatorClaims)
    .innerJoin(creators, eq(creators.id, creatorClaims.creatorId))
    .innerJoin(user, eq(user.id, creatorClaims.userId))
    .where(
      and(
        eq(creatorClaims.status, "pending"),
        after
          ? or(
              gt(creatorClaims.createdAt, sql`${after.at}::timestamptz`),
              and(eq(creatorClaims.createdAt, sql`${after.at}::timestamptz`), gt(creatorClaims.id, after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(asc(creatorClaims.createdAt), asc(creatorClaims.id))
    .limit(CLAIM_PAGE_SIZE + 1);
  const page = rows.slice(0, CLAIM_PAGE_SIZE);
  const last = page[page.length - 1];
  return {
    claims: page.map((r): PendingClaim => ({
      id: r.id,
      createdAt: r.createdAt,
      code: r.code,
      memberEmail: r.memberEmail,
      creator: { slug: r.slug, name: r.name, twitterUrl: r.twitterUrl, websiteUrl: r.websiteUrl },
    })),
    next: rows.length > CLAIM_PAGE_SIZE && last ? `${last.createdAt}_${last.id}` : null,
  };
}

/**
 * A moderator approves or rejects a pending request, audited in the same transaction. Approving when the page
 * already has an owner is refused (409); a request that is no longer pending is 404.
 */
export async function decideClaim(db: Database, actor: Actor, input: { claimId: string; approve: boolean }): Promise<void> {
  if (!UUID.test(input.claimId)) throw new InvalidInput("errors.invalidClaim");
  await db.transaction(async (tx) => {
    const [claim] = await tx
      .select({ id: creatorClaims.id, creatorId: creatorClaims.creatorId, status: creatorClaims.status })
      .from(creatorClaims)
      .where(eq(creatorClaims.id, input.claimId))
      .for("update");
    if (!claim || claim.status !== "pending") throw new NotFound("errors.claimNotFound");
    if (input.approve) {
      // The code can only have been checked on a profile the page links to.
      const [links] = await tx
        .select({ twitter: creators.twitterProfileUrl, website: creators.websiteUrl })
        .from(creators)
        .where(eq(creators.id, claim.creatorId));
      if (!links?.twitter && !links?.website) throw new Conflict("errors.claimNoLinks");
      const [owner] = await tx
        .select({ id: creatorClaims.id })
        .from(creatorClaims)
        .where(and(eq(creatorClaims.creatorId, claim.creatorId), eq(creatorClaims.status, "approved")));
      if (owner) throw new Conflict("errors.claimAlreadyOwned");
    }
    await tx
      .update(creatorClaims)
      .set({ status: input.approve ? "approved" : "rejected", decidedAt: new Date() })
      .where(eq(creatorClaims.id, claim.id));
    await writeAudit(tx, actor, {
      action: input.approve ? "creator_claim_approved" : "creator_claim_rejected",
      targetType: "creator",
      targetId: claim.creatorId,
      note: `claim ${claim.id}`,
    });
  });
}
