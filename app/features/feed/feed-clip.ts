import type { ClipCard, TagChip } from "~/features/clips";

/** A clip as the feed shows it: the card, its tags, and whether this visitor flamed it. */
export type FeedClip = ClipCard & { flamed: boolean; tags: TagChip[] };
