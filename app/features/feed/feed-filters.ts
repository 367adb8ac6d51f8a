/** The home feed's filters, as they live in the URL (`?category=&tag=&period=`). */
export interface FeedFilters {
  /** Category slug, or null for all. */
  category: string | null;
  tag: string | null;
  period: FeedPeriod;
}

export const FEED_PERIODS = ["ongoing", "week"] as const;
export type FeedPeriod = (typeof FEED_PERIODS)[number];

/** docs/product.md §5.2, §5.6: at most 500 clips per feed; the strip shows the next 10, five at a time. */
export const FEED_LIMIT = 500;
export const UPCOMING_COUNT = 10;
export const UPCOMING_VISIBLE = 5;
export const FEED_PAGE_SIZE = 12;
export const CATEGORY_BAR_VISIBLE = 3;

/** A choice of the tag filter: the tag and how many clips of the category and audience carry it. */
export interface TagOption {
  slug: string;
  name: string;
  clips: number;
}

/** Are any filters set (so an empty feed is the filters' doing, not an empty catalogue)? */
export const hasFeedFilters = (filters: FeedFilters) => filters.category !== null || filters.tag !== null || filters.period !== "ongoing";

export interface CategoryOption {
  slug: string;
  aliases: string[];
}

/** Reads the filters, accepting the older query-layer aliases of each category (ADR 016). */
export function parseFeedFilters(params: URLSearchParams, categories: CategoryOption[]): FeedFilters {
  const raw = (params.get("category") ?? "").trim().toLowerCase();
  const category = raw && raw !== "all" ? (categories.find((c) => c.slug === raw || c.aliases.includes(raw))?.slug ?? raw) : null;
  const tag = (params.get("tag") ?? "").trim().toLowerCase() || null;
  const period = params.get("period") === "week" ? "week" : "ongoing";
  return { category, tag, period };
}

/** The canonical query string for filters: 'all' and defaults are left out. */
export function feedSearch(filters: FeedFilters): string {
  const params = new URLSearchParams();
  if (filters.category) params.set("category", filters.category);
  if (filters.tag) params.set("tag", filters.tag);
  if (filters.period === "week") params.set("period", "week");
  const query = params.toString();
  return query ? `?${query}` : "";
}
