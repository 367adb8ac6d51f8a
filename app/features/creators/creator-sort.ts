/** The creator page's orders: newest first (the default) or most flamed first. */
export const CREATOR_SORTS = ["recent", "popular"] as const;
export type CreatorSort = (typeof CREATOR_SORTS)[number];
