// "What the feed learned" (docs/decisions/166-what-the-feed-learned.md): what the page and its server share.

export const LEARNED_FACETS = ["category", "tag", "creator"] as const;
export type LearnedFacet = (typeof LEARNED_FACETS)[number];

export interface LearnedItem {
  facet: LearnedFacet;
  itemId: string;
  name: string;
  slug: string;
  /** The weight decayed to now, as the ranking reads it (±8 at most). */
  weight: number;
}

export type LearnedProfile = Record<LearnedFacet, { likes: LearnedItem[]; dislikes: LearnedItem[] }>;

/** Whether nothing is learned (or everything decayed away). */
export const learnedNothing = (profile: LearnedProfile) =>
  LEARNED_FACETS.every((facet) => profile[facet].likes.length === 0 && profile[facet].dislikes.length === 0);

export const emptyLearnedProfile = (): LearnedProfile => ({
  category: { likes: [], dislikes: [] },
  tag: { likes: [], dislikes: [] },
  creator: { likes: [], dislikes: [] },
});
