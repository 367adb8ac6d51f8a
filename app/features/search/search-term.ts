// Pure helpers for the search term (docs/product.md §13.5), shared by the page and its tests.

export const SEARCH_TERM_MIN = 2;
export const SEARCH_TERM_MAX = 255;
export const SEARCH_PAGE_SIZE = 10;

/** Text sanitising (docs/product.md §13.1): drop < > " ', collapse whitespace, trim, at most 255 characters. */
export function sanitizeSearchTerm(raw: string): string {
  const cleaned = raw
    .replace(/[<>"']/g, "")
    .replace(/\s+/g, " ")
    .trim();
  // Cut by code points so an emoji is never split in half.
  return Array.from(cleaned).slice(0, SEARCH_TERM_MAX).join("").trim();
}

export type SearchTerm = { kind: "empty" } | { kind: "tooShort"; term: string } | { kind: "ok"; term: string };

/**
 * `?q=` absent or blank is the empty search page; anything else must keep at
 * least two characters after sanitising.
 */
export function parseSearchTerm(raw: string | null): SearchTerm {
  if (raw === null || raw.trim() === "") return { kind: "empty" };
  const term = sanitizeSearchTerm(raw);
  return Array.from(term).length < SEARCH_TERM_MIN ? { kind: "tooShort", term } : { kind: "ok", term };
}

/** Escapes LIKE wildcards so the term only ever matches itself (backslash is Postgres' default escape). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** The lower-cased, escaped term for `lower(column) like '%' || term || '%'`. */
export function likeTerm(term: string): string {
  return escapeLike(term.toLowerCase());
}
