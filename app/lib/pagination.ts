export type PageItem = number | "ellipsis-start" | "ellipsis-end";

/**
 * Pagination (docs/product.md §6.5): every page when there are 7 or fewer; otherwise page 1, an
 * ellipsis, the current page ±2, an ellipsis and the last page (ellipses only
 * where pages are actually skipped).
 */
export function pageWindow(current: number, totalPages: number): PageItem[] {
  if (totalPages <= 7) return Array.from({ length: totalPages }, (_, i) => i + 1);
  const from = Math.max(2, current - 2);
  const to = Math.min(totalPages - 1, current + 2);
  const items: PageItem[] = [1];
  if (from > 2) items.push("ellipsis-start");
  for (let page = from; page <= to; page++) items.push(page);
  if (to < totalPages - 1) items.push("ellipsis-end");
  items.push(totalPages);
  return items;
}

/** Reads `?page=` as a whole number ≥ 1 (anything else is page 1). */
export function pageParam(url: URL): number {
  const page = Number(url.searchParams.get("page") ?? 1);
  return Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1;
}

export const totalPagesFor = (total: number, perPage: number) => Math.max(1, Math.ceil(total / perPage));

/**
 * Where page `page` of a list of `total` items sits, read from whichever end is nearer
 * (ADR 037): `backwards` means the list is read in reverse order, `offset` rows skipped and
 * `limit` rows taken, then reversed. Null for a page past the end.
 */
export function pageWindowFor(page: number, perPage: number, total: number): { offset: number; limit: number; backwards: boolean } | null {
  const start = (page - 1) * perPage;
  if (start >= total) return null;
  const limit = Math.min(perPage, total - start);
  const fromEnd = total - start - limit;
  return fromEnd < start ? { offset: fromEnd, limit, backwards: true } : { offset: start, limit, backwards: false };
}
