// Premium (docs/product.md §2.5, §11.7): each activation; the current state is on the profile (./accounts.ts).
import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";

/** Premium activations (docs/product.md §14.3, ADR 019): each one. */
export const premiumActivations = pgTable(
  "premium_activations",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    planType: text().notNull(),
    source: text().notNull(),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("premium_activations_user_idx").on(t.userId)],
);
