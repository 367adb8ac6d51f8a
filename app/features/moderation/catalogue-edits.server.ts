import { eq, or, sql } from "drizzle-orm";
import { categories, clips, creators, creatorSlugRedirects } from "~schema";
import type { Database } from "~/lib/database";
import { ExpectedError, InvalidInput, NotFound } from "~/lib/http/errors";
import { clipSlug, slugify } from "~/lib/slug";
import { isUuidV4 } from "~/lib/uuid";
import { type Actor, writeAudit } from "./audit.server";
import type { ClipEdit, CreatorEdit } from "./catalogue-edits.schema";
import { changedFields } from "./changed-fields";

/**
 * The desk edits the catalogue (docs/decisions/151-desk-edits-the-catalogue.md): one transaction writes the row and
 * its audit entry, whose note names the fields that changed. The counters, listing copies, title words and the
 * cache generation follow through the clips' and creators' triggers, so the change shows on the next request.
 */

/** The fields of a clip the desk edits, as the edit form shows them. */
export async function clipForEdit(db: Database, clipId: string) {
  if (!isUuidV4(clipId)) return null;
  const [row] = await db
    .select({
      id: clips.id,
      title: clips.title,
      description: clips.description,
      descriptionEs: clips.descriptionEs,
      category: categories.slug,
      creator: creators.slug,
      audiences: clips.audiences,
      captions: clips.captions,
    })
    .from(clips)
    .innerJoin(categories, eq(categories.id, clips.categoryId))
    .innerJoin(creators, eq(creators.id, clips.creatorId))
    .where(eq(clips.id, clipId))
    .limit(1);
  return row ?? null;
}

const orNull = (value: string) => (value === "" ? null : value);

/** Edits a clip's title, descriptions, category, audiences and creator; its slug follows the title (ADR 015). */
export async function editClip(db: Database, actor: Actor, input: ClipEdit): Promise<{ slug: string; changed: string[] }> {
  if (!isUuidV4(input.clipId)) throw new NotFound("edit.errors.clipNotFound");
  const [[category], [creator]] = await Promise.all([
    db.select({ id: categories.id, slug: categories.slug }).from(categories).where(eq(categories.slug, input.category)).limit(1),
    db
      .select({ id: creators.id })
      .from(creators)
      .where(eq(creators.slug, slugify(input.creator)))
      .limit(1),
  ]);
  if (!category) throw new InvalidInput("edit.errors.category", {}, "category");
  if (!creator) throw new InvalidInput("edit.errors.creator", {}, "creator");
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({
        title: clips.title,
        description: clips.description,
        descriptionEs: clips.descriptionEs,
        categoryId: clips.categoryId,
        creatorId: clips.creatorId,
        audiences: clips.audiences,
      })
      .from(clips)
      .where(eq(clips.id, input.clipId))
      .for("update");
    if (!before) throw new NotFound("edit.errors.clipNotFound");
    const after = {
      title: input.title,
      description: orNull(input.description),
      descriptionEs: orNull(input.descriptionEs),
      categoryId: category.id,
      creatorId: creator.id,
      audiences: input.audiences,
    };
    const changed = changedFields(before, after);
    const slug = clipSlug(input.title, category.slug, input.clipId);
    if (changed.length === 0) return { slug, changed };
    await tx
      .update(clips)
      .set({ ...after, slug, updatedAt: new Date() })
      .where(eq(clips.id, input.clipId));
    await writeAudit(tx, actor, { action: "clip_edited", targetType: "clip", targetId: input.clipId, note: changed.join(", ") });
    return { slug, changed };
  });
}

/** A creator as the desk's edit form shows them, by slug (or a pasted /creator/… URL). */
export async function creatorForEdit(db: Database, raw: string) {
  const slug = slugify(
    raw
      .trim()
      .replace(/^.*\/creator\//, "")
      .split(/[?#]/)[0]!
      .slice(0, 200),
  );
  if (!slug) return null;
  const [row] = await db
    .select({
      id: creators.id,
      slug: creators.slug,
      name: creators.name,
      bio: creators.bio,
      bioEs: creators.bioEs,
      twitterUrl: creators.twitterProfileUrl,
      websiteUrl: creators.websiteUrl,
    })
    .from(creators)
    // Found by its slug, or by a former one (the desk's page after a rename still names the old one).
    .where(or(eq(creators.slug, slug), sql`${creators.id} = (select creator_id from creator_slug_redirects where old_slug = ${slug})`))
    .orderBy(sql`${creators.slug} = ${slug} desc`)
    .limit(1);
  return row ?? null;
}

/**
 * Edits a creator's name, bios, links and slug. A new slug keeps the old one in creator_slug_redirects (and every
 * earlier one already points at the creator), so old addresses redirect permanently; another creator's live slug is
 * refused (409), and a former address taken by this creator stops redirecting.
 */
export async function editCreator(db: Database, actor: Actor, input: CreatorEdit): Promise<{ slug: string; changed: string[] }> {
  if (!isUuidV4(input.creatorId)) throw new NotFound("edit.errors.creatorNotFound");
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({
        slug: creators.slug,
        name: creators.name,
        bio: creators.bio,
        bioEs: creators.bioEs,
        twitterProfileUrl: creators.twitterProfileUrl,
        websiteUrl: creators.websiteUrl,
      })
      .from(creators)
      .where(eq(creators.id, input.creatorId))
      .for("update");
    if (!before) throw new NotFound("edit.errors.creatorNotFound");
    const after = {
      name: input.name,
      bio: orNull(input.bio),
      bioEs: orNull(input.bioEs),
      twitterProfileUrl: orNull(input.twitterUrl),
      websiteUrl: orNull(input.websiteUrl),
    };
    const slug = input.slug || before.slug;
    const changed = changedFields(before, { ...after, slug });
    if (changed.length === 0) return { slug: before.slug, changed };
    if (slug !== before.slug) {
      const [taken] = await tx.select({ id: creators.id }).from(creators).where(eq(creators.slug, slug)).limit(1);
      if (taken) throw new ExpectedError(409, "edit.errors.slugTaken", {}, "slug");
      await tx.delete(creatorSlugRedirects).where(eq(creatorSlugRedirects.oldSlug, slug));
      await tx
        .insert(creatorSlugRedirects)
        .values({ oldSlug: before.slug, creatorId: input.creatorId })
        .onConflictDoUpdate({ target: creatorSlugRedirects.oldSlug, set: { creatorId: input.creatorId, createdAt: new Date() } });
    }
    await tx
      .update(creators)
      .set({ ...after, slug, lastUpdatedAt: new Date() })
      .where(eq(creators.id, input.creatorId));
    await writeAudit(tx, actor, { action: "creator_edited", targetType: "creator", targetId: input.creatorId, note: changed.join(", ") });
    return { slug, changed };
  });
}
