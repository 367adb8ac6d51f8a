import { randomUUID } from "node:crypto";
import { clips, creators, categories } from "~schema";
import type { Database } from "~/lib/database";
import { clipSlug } from "~/lib/slug";

/** A small catalogue for tests: one category, one creator, `count` published clips. */
export async function makeClips(db: Database, count: number, overrides: Partial<typeof clips.$inferInsert> = {}) {
  const suffix = randomUUID().slice(0, 8);
  const [category] = await db
    .insert(categories)
    .values({ slug: `cat-${suffix}`, nameEn: "Cat", nameEs: "Cat", color: "#fff" })
    .returning();
  const [creator] = await db
    .insert(creators)
    .values({ slug: `creator-${suffix}`, name: `Creator ${suffix}` })
    .returning();
  const rows = Array.from({ length: count }, (_, i) => ({ ...clipRow(`Test clip ${i}`, category!, creator!.id), ...overrides }));
  return db.insert(clips).values(rows).returning();
}

/** A published test clip's row: a new id, its slug, the demo video. */
export function clipRow(title: string, category: { id: string; slug: string }, creatorId: string) {
  const id = randomUUID();
  return {
    id,
    title,
    slug: clipSlug(title, category.slug, id),
    creatorId,
    categoryId: category.id,
    videoKey: "clips/clip-01.mp4",
    durationSeconds: 8,
  };
}
