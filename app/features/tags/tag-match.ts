/**
 * Tag matching (docs/product.md §13.5), the pure half: case-insensitive and trimmed; a tag
 * matches when one of its values equals, contains or is contained by the
 * term, or by the term with hyphens turned to spaces or spaces to hyphens.
 * tags.server.ts runs the same rule in SQL over the tags table.
 */

/** Shorter terms would match nearly every tag ("a" is inside most words). */
export const MIN_TAG_TERM_LENGTH = 2;
/** Longer terms are not tags; they would only make the query work harder. */
export const MAX_TAG_TERM_LENGTH = 100;

export const normaliseTagValue = (value: string) => value.trim().toLowerCase();

/** The forms of a term that are compared (none when it is too short or too long). */
export function tagTermForms(term: string): string[] {
  const base = normaliseTagValue(term);
  if (base.length < MIN_TAG_TERM_LENGTH || base.length > MAX_TAG_TERM_LENGTH) return [];
  return [...new Set([base, base.replaceAll("-", " "), base.replace(/\s+/g, "-")])];
}

/** Does one tag value (a slug or a name) match the term? */
export function tagValueMatches(value: string, term: string): boolean {
  const tag = normaliseTagValue(value);
  // An empty value would be "contained" in every term.
  if (!tag) return false;
  return tagTermForms(term).some((form) => tag.includes(form) || form.includes(tag));
}

/** A tag matches when any of its values (slug, English and Spanish name) does. */
export const tagMatches = (values: readonly string[], term: string) => values.some((value) => tagValueMatches(value, term));

/**
 * The page heading (docs/product.md §6.3: hyphens to spaces, title case): from the tag's or
 * category's display name when there is one, else from the URL slug
 * (`slow-motion` → 'Slow Motion'). A word the display name writes in capitals
 * keeps them ('BDSM', 'POV'); the slug is only a URL, its case means nothing.
 */
export function tagTitleFromSlug(slug: string, displayName?: string | null): string {
  return (displayName || slug)
    .replaceAll("-", " ")
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((word) =>
      displayName && word.length > 1 && word === word.toLocaleUpperCase() && word !== word.toLocaleLowerCase()
        ? word
        : word.charAt(0).toLocaleUpperCase() + word.slice(1).toLocaleLowerCase(),
    )
    .join(" ");
}

export const TAG_SORTS = ["popular", "recent"] as const;
export type TagSort = (typeof TAG_SORTS)[number];
export const DEFAULT_TAG_SORT: TagSort = "popular";

export const parseTagSort = (value: string | null): TagSort => (value === "recent" ? "recent" : DEFAULT_TAG_SORT);

/** The tag page's address: default sort and page 1 are left out. */
export function tagPath(slug: string, sort: TagSort = DEFAULT_TAG_SORT, page = 1): string {
  const params = new URLSearchParams();
  if (sort !== DEFAULT_TAG_SORT) params.set("sort", sort);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return `/tag/${encodeURIComponent(slug)}${query ? `?${query}` : ""}`;
}

/** The slug a term is known by: trimmed, lower case, spaces as hyphens (it matches exactly what the term matches). */
export const canonicalTagSlug = (term: string) => normaliseTagValue(term).replace(/\s+/g, "-");
