import { asc, eq } from "drizzle-orm";
import { clipCategories } from "../../../db/schema";
import type { Database } from "~/lib/db.server";

/** The active browse categories in order: the home feed's bar and filters, the flamed list's filter, publishing. */
export async function activeCategories(db: Database) {
  return db
    .select({
      slug: clipCategories.slug,
      nameEn: clipCategories.nameEn,
      nameEs: clipCategories.nameEs,
      color: clipCategories.color,
      aliases: clipCategories.aliases,
    })
    .from(clipCategories)
    .where(eq(clipCategories.active, true))
    .orderBy(asc(clipCategories.orderPriority), asc(clipCategories.slug));
}
