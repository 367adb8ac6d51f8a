import { asc, eq } from "drizzle-orm";
import { videoCategories } from "../../../db/schema";
import type { Database } from "~/lib/db.server";

/** The active browse categories in order: the home feed's bar and filters, the flamed list's filter, publishing. */
export async function activeCategories(db: Database) {
  return db
    .select({
      slug: videoCategories.slug,
      nameEn: videoCategories.nameEn,
      nameEs: videoCategories.nameEs,
      color: videoCategories.color,
      aliases: videoCategories.aliases,
    })
    .from(videoCategories)
    .where(eq(videoCategories.active, true))
    .orderBy(asc(videoCategories.orderPriority), asc(videoCategories.slug));
}
