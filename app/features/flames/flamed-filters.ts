/** The liked list's filters as they live in the URL (`?category=&sort=`), shared by the page and the loader. */
export const FLAMED_SORTS = ["recent", "oldest", "flames"] as const;
export type FlamedSort = (typeof FLAMED_SORTS)[number];

export interface FlamedFilters {
  /** Category slug, or null for all. */
  category: string | null;
  sort: FlamedSort;
  /** `?audiences=all`: liked clips of every audience, not only the chosen one. */
  everyAudience: boolean;
}

export interface FlamedCategory {
  slug: string;
  nameEn: string;
  nameEs: string;
  color: string;
  aliases: string[];
}

/** Unknown categories read as 'all'; the older query-layer aliases are accepted (ADR 016). */
export function parseFlamedFilters(params: URLSearchParams, categories: Pick<FlamedCategory, "slug" | "aliases">[]): FlamedFilters {
  const raw = (params.get("category") ?? "").trim().toLowerCase();
  const category = raw && raw !== "all" ? (categories.find((c) => c.slug === raw || c.aliases.includes(raw))?.slug ?? null) : null;
  const sort = (FLAMED_SORTS as readonly string[]).includes(params.get("sort") ?? "") ? (params.get("sort") as FlamedSort) : "recent";
  return { category, sort, everyAudience: params.get("audiences") === "all" };
}

export const hasFlamedFilters = (filters: FlamedFilters) => filters.category !== null || filters.sort !== "recent";

/** The liked list's address for these filters (defaults left out). */
export function flamedSearch(filters: FlamedFilters): string {
  const params = new URLSearchParams();
  if (filters.category) params.set("category", filters.category);
  if (filters.sort !== "recent") params.set("sort", filters.sort);
  if (filters.everyAudience) params.set("audiences", "all");
  const query = params.toString();
  return `/liked-videos${query ? `?${query}` : ""}`;
}
