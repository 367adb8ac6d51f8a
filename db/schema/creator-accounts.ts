import { sql } from "drizzle-orm";
import { bigint, check, date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { clips, creators } from "./catalog";
import { contentSubmissions } from "./forms";

// Creator accounts (docs/decisions/171-creator-accounts-and-dashboard.md): a member asks to run a creator page, a
// moderator checks the one-time code on a profile the page links to and approves; the owner sees a dashboard read
// from daily counters that triggers keep in the transaction of each view, flame and follow.

export const CREATOR_CLAIM_STATUSES = ["pending", "approved", "rejected"] as const;
export type CreatorClaimStatus = (typeof CREATOR_CLAIM_STATUSES)[number];

/** A member's request to run a creator page, with the code they post on a profile the page links to. */
export const creatorClaims = pgTable(
  "creator_claims",
  {
    id: uuid().primaryKey().defaultRandom(),
    creatorId: uuid()
      .notNull()
      .references(() => creators.id, { onDelete: "cascade" }),
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    code: text().notNull(),
    status: text().$type<CreatorClaimStatus>().notNull().default("pending"),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    check("creator_claims_status_check", sql`${t.status} in ('pending', 'approved', 'rejected')`),
    // One request per member and creator: asking again shows the same code.
    uniqueIndex("creator_claims_creator_user_key").on(t.creatorId, t.userId),
    // A page has at most one owner.
    uniqueIndex("creator_claims_owner_key")
      .on(t.creatorId)
      .where(sql`${t.status} = 'approved'`),
    // The member's own requests and pages.
    index("creator_claims_user_idx").on(t.userId, t.createdAt.desc()),
    // The desk's queue: pending requests, oldest first.
    index("creator_claims_pending_idx")
      .on(t.createdAt, t.id)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/** A creator's numbers per UTC day: views, flames given and new followers, moved by triggers (never counted). */
export const creatorDailyStats = pgTable(
  "creator_daily_stats",
  {
    creatorId: uuid()
      .notNull()
      .references(() => creators.id, { onDelete: "cascade" }),
    day: date({ mode: "string" }).notNull(),
    views: bigint({ mode: "number" }).notNull().default(0),
    flames: integer().notNull().default(0),
    follows: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.creatorId, t.day] })],
);

/** A clip's views and flames given per UTC day, moved by the same triggers (the dashboard's per-clip periods). */
export const clipDailyStats = pgTable(
  "clip_daily_stats",
  {
    clipId: uuid()
      .notNull()
      .references(() => clips.id, { onDelete: "cascade" }),
    day: date({ mode: "string" }).notNull(),
    views: bigint({ mode: "number" }).notNull().default(0),
    flames: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.clipId, t.day] })],
);

/**
 * A creator's former addresses: renaming the slug on the desk keeps the old one here, and `/creator/<old>` redirects
 * permanently to the creator's current slug (one hop, however many renames). A live creator's slug always wins.
 */
export const creatorSlugRedirects = pgTable("creator_slug_redirects", {
  oldSlug: text().primaryKey(),
  creatorId: uuid()
    .notNull()
    .references(() => creators.id, { onDelete: "cascade" }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const CREATOR_PAGE_EDIT_STATUSES = ["pending", "approved", "rejected"] as const;
export type CreatorPageEditStatus = (typeof CREATOR_PAGE_EDIT_STATUSES)[number];

/**
 * A page owner's proposed bio, links and avatar: nothing here is public until a moderator approves it, and approving
 * copies it onto `creators` in the same transaction as the audit entry. A creator has at most one edit waiting; a new
 * proposal replaces it. The proposed avatar sits under `quarantine/` (never served by /media) until then.
 */
export const creatorPageEdits = pgTable(
  "creator_page_edits",
  {
    id: uuid().primaryKey().defaultRandom(),
    creatorId: uuid()
      .notNull()
      .references(() => creators.id, { onDelete: "cascade" }),
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    bio: text(),
    bioEs: text(),
    twitterProfileUrl: text(),
    websiteUrl: text(),
    /** A new avatar in quarantine (null keeps the current one). */
    avatarKey: text(),
    avatarType: text(),
    status: text().$type<CreatorPageEditStatus>().notNull().default("pending"),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    check("creator_page_edits_status_check", sql`${t.status} in ('pending', 'approved', 'rejected')`),
    uniqueIndex("creator_page_edits_waiting_key")
      .on(t.creatorId)
      .where(sql`${t.status} = 'pending'`),
    // The desk's queue: waiting edits, oldest first.
    index("creator_page_edits_pending_idx")
      .on(t.createdAt, t.id)
      .where(sql`${t.status} = 'pending'`),
    // Deleting an account finds its proposals (and their quarantined avatars).
    index("creator_page_edits_user_idx").on(t.userId),
  ],
);

/** Why a creator earned points (docs/product.md §6.8): the ledger's reasons. */
export const POINT_REASONS = ["upload", "upload_long", "link", "ref_visit"] as const;
export type PointReason = (typeof POINT_REASONS)[number];

/**
 * The points ledger (docs/decisions/173-creator-points-ledger.md): one row per earning, with its reason and date. The
 * creator's total moves in creator_point_totals in the same transaction as each row.
 */
export const creatorPointEntries = pgTable(
  "creator_point_entries",
  {
    id: uuid().primaryKey().defaultRandom(),
    creatorId: uuid()
      .notNull()
      .references(() => creators.id, { onDelete: "cascade" }),
    reason: text().$type<PointReason>().notNull(),
    points: integer().notNull(),
    /** The clip an approved upload became. */
    clipId: uuid().references(() => clips.id, { onDelete: "set null" }),
    /** The approved submission (an upload or a link): it earns once, whatever retries the job makes. */
    submissionId: uuid().references(() => contentSubmissions.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("creator_point_entries_reason_check", sql`${t.reason} in ('upload', 'upload_long', 'link', 'ref_visit')`),
    check("creator_point_entries_points_check", sql`${t.points} > 0`),
    // The dashboard's ledger: a creator's entries, newest first, one keyset page at a time.
    index("creator_point_entries_creator_idx").on(t.creatorId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    uniqueIndex("creator_point_entries_submission_key")
      .on(t.submissionId)
      .where(sql`${t.submissionId} is not null`),
  ],
);

/** Each creator's points, kept in the transaction of each ledger row (never summed per request). */
export const creatorPointTotals = pgTable(
  "creator_point_totals",
  {
    creatorId: uuid()
      .primaryKey()
      .references(() => creators.id, { onDelete: "cascade" }),
    points: bigint({ mode: "number" }).notNull().default(0),
  },
  // "Featured creators": the most points first, one short index range.
  (t) => [index("creator_point_totals_points_idx").on(t.points.desc().nullsFirst(), t.creatorId)],
);

/**
 * Visits through a creator's share link (`?ref=`), one per visitor (a keyed hash of their address) per creator per UTC
 * day: only what the once-a-day rule needs, and days before yesterday are deleted as new visits come.
 */
export const creatorRefVisits = pgTable(
  "creator_ref_visits",
  {
    day: date({ mode: "string" }).notNull(),
    creatorId: uuid()
      .notNull()
      .references(() => creators.id, { onDelete: "cascade" }),
    visitor: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.creatorId, t.visitor] })],
);
