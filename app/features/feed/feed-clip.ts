import type { ClipCard, TagChip } from "~/features/clips";

/** Why a clip is in the visitor's feed, named for the clip's menu ("Why this clip", ADR 160). */
export interface WhyReason {
  kind: "taste" | "popular-week" | "popular" | "fresh" | "new-to-you" | "seen-before" | "newest";
  facet?: "category" | "tag" | "creator";
  name?: string;
  slug?: string;
}

/** A clip as the feed shows it: the card, its tags, whether this visitor flamed it, and (For you) why it is there. */
export type FeedClip = ClipCard & { flamed: boolean; tags: TagChip[]; why?: WhyReason[] };
