import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, timestamp, uuid, type ExtraConfigColumn } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { clips } from "./catalog";

// One table per public form (ADR 012). Every record is a moderation item
// (ADR 013): a status, a private moderator note, the signed-in submitter if
// any, and an index for the queue (open items, newest first).

export const FORM_STATUSES = ["open", "resolved", "rejected"] as const;
export type FormStatus = (typeof FORM_STATUSES)[number];
/** What an upload on the submit form turned out to be, judged by its bytes (ADR 008). */
export const UPLOAD_KINDS = ["video", "image"] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

export const CLAIM_POSITIONS = ["partnership", "removal"] as const;
export type ClaimPosition = (typeof CLAIM_POSITIONS)[number];
/** Why removal is asked: an intimate image published without consent (TAKE IT DOWN Act) or a copyright (DMCA 512(c)(3)). */
export const REMOVAL_BASES = ["consent", "copyright"] as const;
export type RemovalBasis = (typeof REMOVAL_BASES)[number];
/** The languages a sender can write in; their outcome e-mail is written in the same one. */
export const SENDER_LANGUAGES = ["en", "es"] as const;
export type SenderLanguage = (typeof SENDER_LANGUAGES)[number];

/**
 * The text a moderator's search reads (`?q=`): every field a visitor typed and the item's id, lower-cased,
 * kept by PostgreSQL itself (a generated column) behind a trigram index. `columns` are SQL column names.
 */
const searchText = (columns: string[]) =>
  text().generatedAlwaysAs(sql.raw(`lower(${["id::text", ...columns].map((c) => `coalesce(${c}, '')`).join(" || ' ' || ")})`));

const moderation = () => ({
  id: uuid().primaryKey().defaultRandom(),
  status: text().$type<FormStatus>().notNull().default("open"),
  moderatorNote: text(),
  userId: text().references(() => user.id, { onDelete: "set null" }),
  /** The language the visitor used: the outcome e-mail speaks it. */
  language: text().$type<SenderLanguage>().notNull().default("en"),
  /** Reports and valid removal notices must be acted on by then (48 h, TAKE IT DOWN Act); null when no clock runs. */
  deadlineAt: timestamp({ withTimezone: true }),
  /** When a moderator resolved or rejected it, and why (a key of the decision reasons). */
  decidedAt: timestamp({ withTimezone: true }),
  decisionReason: text(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

type ModerationColumns = {
  id: ExtraConfigColumn;
  status: ExtraConfigColumn;
  createdAt: ExtraConfigColumn;
  deadlineAt: ExtraConfigColumn;
  decidedAt: ExtraConfigColumn;
  searchText: ExtraConfigColumn;
};

const moderationIndexes = (name: string, t: ModerationColumns) => [
  check(`${name}_status_check`, sql`${t.status} in ('open', 'resolved', 'rejected')`),
  index(`${name}_status_created_idx`).on(t.status, t.createdAt.desc().nullsFirst()),
  // The desk's default list: open items in deadline order (those with a clock first, soonest first; then the
  // oldest), exactly the ORDER BY of app/features/moderation/queues.server.ts, so a page is read from the index
  // instead of sorting every open item (90 000 open reports: 24 ms → under 1 ms).
  index(`${name}_open_deadline_idx`)
    .on(sql`(${t.deadlineAt} is null)`, t.deadlineAt, t.createdAt, t.id)
    .where(sql`${t.status} = 'open'`),
  // Desk figures: decisions of the last 30 days.
  index(`${name}_decided_idx`)
    .on(t.decidedAt)
    .where(sql`${t.decidedAt} is not null`),
  index(`${name}_search_trgm_idx`).using("gin", sql`${t.searchText} gin_trgm_ops`),
];

export const contentSubmissions = pgTable(
  "content_submissions",
  {
    ...moderation(),
    creatorName: text().notNull(),
    category: text().notNull(),
    tags: text().notNull(),
    imageOrVideoLink: text().notNull(),
    salesProfileLink: text().notNull(),
    socialLinks: text(),
    /** Where the outcome is sent (optional; a signed-in sender's account address otherwise). */
    email: text(),
    /** Storage key under `quarantine/` (never served by /media); null once published or when nothing was uploaded. */
    uploadKey: text(),
    uploadKind: text().$type<UploadKind>(),
    /** The MIME type the bytes showed (not what the browser claimed). */
    uploadType: text(),
    uploadBytes: integer(),
    /** The file name the visitor chose, sanitised, for the moderator only. */
    uploadName: text(),
    /** The clip this submission became once a moderator published it. */
    publishedClipId: uuid().references(() => clips.id, { onDelete: "set null" }),
    searchText: searchText([
      "creator_name",
      "category",
      "tags",
      "image_or_video_link",
      "sales_profile_link",
      "social_links",
      "email",
      "upload_name",
    ]),
  },
  (t) => [
    ...moderationIndexes("content_submissions", t),
    check("content_submissions_upload_kind_check", sql`${t.uploadKind} in ('video', 'image')`),
  ],
);

export const contentReports = pgTable(
  "content_reports",
  {
    ...moderation(),
    contentUrl: text().notNull(),
    description: text().notNull(),
    /** Optional: where the reporter hears the outcome. */
    email: text(),
    /** Set when the URL names a clip of this site (/video/<id or slug>). */
    clipId: uuid().references(() => clips.id, { onDelete: "set null" }),
    searchText: searchText(["content_url", "description", "email"]),
  },
  (t) => moderationIndexes("content_reports", t),
);

export const contentClaims = pgTable(
  "content_claims",
  {
    ...moderation(),
    contentUrl: text().notNull(),
    email: text().notNull(),
    phone: text(),
    position: text().$type<ClaimPosition>().notNull(),
    clipId: uuid().references(() => clips.id, { onDelete: "set null" }),
    // The removal notice: required for removal, optional for partnership (see forms/claim.schema.ts).
    basis: text().$type<RemovalBasis>(),
    /** The requester's full name, typed as their signature. */
    signature: text(),
    /** Good-faith statement: published without consent (consent) / not authorised by the owner or the law (copyright). */
    goodFaith: boolean().notNull().default(false),
    /** What the content shows and how to tell it was published without consent. */
    details: text(),
    /** DMCA: the copyrighted work claimed to be infringed. */
    copyrightWork: text(),
    /** DMCA: the complaining party's postal address. */
    address: text(),
    /** DMCA: the notice is accurate and, under penalty of perjury, the requester may act for the owner. */
    accuracy: boolean().notNull().default(false),
    searchText: searchText(["content_url", "email", "phone", "signature", "details", "copyright_work", "address"]),
  },
  (t) => [
    ...moderationIndexes("content_claims", t),
    check("content_claims_position_check", sql`${t.position} in ('partnership', 'removal')`),
    check("content_claims_basis_check", sql`${t.basis} in ('consent', 'copyright')`),
  ],
);

export const contactMessages = pgTable(
  "contact_messages",
  {
    ...moderation(),
    name: text().notNull(),
    email: text().notNull(),
    subject: text().notNull(),
    message: text().notNull(),
    searchText: searchText(["name", "email", "subject", "message"]),
  },
  (t) => moderationIndexes("contact_messages", t),
);

export const partnershipApplications = pgTable(
  "partnership_applications",
  {
    ...moderation(),
    salesPlatformUrl: text().notNull(),
    socialNetworkUrl: text().notNull(),
    email: text().notNull(),
    phone: text(),
    searchText: searchText(["sales_platform_url", "social_network_url", "email", "phone"]),
  },
  (t) => moderationIndexes("partnership_applications", t),
);
