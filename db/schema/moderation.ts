import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

// Moderators are e-mail addresses (ADR 013): a user is a moderator while their
// current, lower-cased e-mail is listed here, so a grant can precede sign-up.
export const moderatorGrants = pgTable("moderator_grants", {
  email: text().primaryKey(),
  grantedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  grantedBy: text().notNull(),
});

/** Every moderator action, written in the same transaction as the change. */
export const moderationAudit = pgTable(
  "moderation_audit",
  {
    id: uuid().primaryKey().defaultRandom(),
    actorUserId: text(),
    actorEmail: text().notNull(),
    action: text().notNull(),
    targetType: text().notNull(),
    targetId: text().notNull(),
    note: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("moderation_audit_created_idx").on(t.createdAt.desc())],
);
