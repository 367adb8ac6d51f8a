import { asc, eq } from "drizzle-orm";
import { categories } from "~schema";
import type { Database } from "~/lib/database";

/** The active browse categories in order: the home feed's bar and filters, the flamed list's filter, publishing. */
export async function activeCategories(db: Database) {
  return db
    .select({
      slug: categories.slug,
      nameEn: categories.nameEn,
      nameEs: categories.nameEs,
      color: categories.color,
      aliases: categories.aliases,
    })
    .from(categories)
    .where(eq(categories.active, true))
    .orderBy(asc(categories.orderPriority), asc(categories.slug));
}
