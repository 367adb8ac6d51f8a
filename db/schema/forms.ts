import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp, uuid, type ExtraConfigColumn } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { clips } from "./catalog";

// One table per public form (DESIGN 1). Every record is a moderation item
// (DESIGN 2): a status, a private moderator note, the signed-in submitter if
// any, and an index for the queue (open items, newest first).

export const FORM_STATUSES = ["open", "resolved", "rejected"] as const;
export type FormStatus = (typeof FORM_STATUSES)[number];
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
  },
  (t) => moderationIndexes("content_submissions", t),
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
  (t) => [...moderationIndexes("content_claims", t), check("content_claims_position_check", sql`${t.position} in ('partnership', 'removal')`)],
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
