import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uuid, type ExtraConfigColumn } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { clips } from "./catalog";

// One table per public form (DESIGN 1). Every record is a moderation item
// (DESIGN 2): a status, a private moderator note, the signed-in submitter if
// any, and an index for the queue (open items, newest first).

export const FORM_STATUSES = ["open", "resolved", "rejected"] as const;
export type FormStatus = (typeof FORM_STATUSES)[number];
/** What an upload on the submit form turned out to be, judged by its bytes (DESIGN 14). */
export const UPLOAD_KINDS = ["video", "image"] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

export const CLAIM_POSITIONS = ["partnership", "removal"] as const;
export type ClaimPosition = (typeof CLAIM_POSITIONS)[number];

const moderation = () => ({
  id: uuid().primaryKey().defaultRandom(),
  status: text().$type<FormStatus>().notNull().default("open"),
  moderatorNote: text(),
  userId: text().references(() => user.id, { onDelete: "set null" }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

const moderationIndexes = (name: string, t: { status: ExtraConfigColumn; createdAt: ExtraConfigColumn }) => [
  check(`${name}_status_check`, sql`${t.status} in ('open', 'resolved', 'rejected')`),
  index(`${name}_status_created_idx`).on(t.status, t.createdAt.desc().nullsFirst()),
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
    /** Set when the URL names a clip of this site (/video/<id or slug>). */
    clipId: uuid().references(() => clips.id, { onDelete: "set null" }),
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
  },
  (t) => [
    ...moderationIndexes("content_claims", t),
    check("content_claims_position_check", sql`${t.position} in ('partnership', 'removal')`),
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
  },
  (t) => moderationIndexes("partnership_applications", t),
);
