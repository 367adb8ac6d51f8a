import { asc, eq } from "drizzle-orm";
import { categories } from "~schema";
import type { Database } from "~/lib/database";
import { NotFound } from "~/lib/http/errors";
import { isUuidV4 } from "~/lib/uuid";
import { type Actor, writeAudit } from "./audit.server";
import type { CategoryEdit } from "./catalogue-edits.schema";
import { changedFields } from "./changed-fields";

/**
 * The desk edits a browse category (docs/decisions/190-desk-edits-categories.md): one transaction writes the row and
 * its audit entry naming the fields that changed. The categories' cache-generation trigger empties the in-memory
 * caches (the category bar, filters, stats) and the micro-cache, so the change shows on the next request.
 */

/** More than the catalogue will ever have; a bound so the page never reads an unbounded list. */
const CATEGORIES_SHOWN = 200;

/** What the desk shows and edits of a category (the slug only shown). */
const EDITABLE = {
  slug: categories.slug,
  nameEn: categories.nameEn,
  nameEs: categories.nameEs,
  color: categories.color,
  orderPriority: categories.orderPriority,
  active: categories.active,
};

/** Every category, active or not, in the bar's order: a short fixed list (the bar's six and any added later). */
export async function categoriesForEdit(db: Database) {
  return db
    .select({ id: categories.id, ...EDITABLE })
    .from(categories)
    .orderBy(asc(categories.orderPriority), asc(categories.slug))
    .limit(CATEGORIES_SHOWN);
}

export async function editCategory(db: Database, actor: Actor, input: CategoryEdit): Promise<{ slug: string; changed: string[] }> {
  if (!isUuidV4(input.categoryId)) throw new NotFound("edit.errors.categoryNotFound");
  return db.transaction(async (tx) => {
    const [before] = await tx.select(EDITABLE).from(categories).where(eq(categories.id, input.categoryId)).for("update");
    if (!before) throw new NotFound("edit.errors.categoryNotFound");
    const after = {
      nameEn: input.nameEn,
      nameEs: input.nameEs,
      color: input.color,
      orderPriority: input.orderPriority,
      active: input.active,
    };
    const changed = changedFields(before, after);
    if (changed.length === 0) return { slug: before.slug, changed };
    await tx
      .update(categories)
      .set({ ...after, updatedAt: new Date() })
      .where(eq(categories.id, input.categoryId));
    await writeAudit(tx, actor, {
      action: "category_edited",
      targetType: "category",
      targetId: input.categoryId,
      note: changed.join(", "),
    });
    return { slug: before.slug, changed };
  });
}
