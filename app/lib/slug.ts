/**
 * Slugs (docs/product.md §13.2) for creators and tags: lower-cased, underscores and spaces to
 * hyphens, other characters stripped (accents folded first), hyphen runs
 * collapsed and trimmed.
 */
export function slugify(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[_\s]+/g, "-")
    .replace(/[^a-z0-9-]/g, "")
    .replace(/-+/g, "-")
    .replace(/^-|-$/g, "");
}

/** ADR 015: title cut to 50 characters, the category, the first 8 hex characters of the id. */
export function clipSlug(title: string, categorySlug: string, id: string): string {
  return [slugify(title.slice(0, 50)), categorySlug, id.slice(0, 8)].filter(Boolean).join("-");
}
