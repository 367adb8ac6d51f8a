import type { ClipCard, TagChip } from "~/features/clips/index.server";
import type { FeedClip } from "./feed-clip";

// A "For you" page as JSON text, each clip's catalogue part serialized once per kept card
// (docs/decisions/230-for-you-page-from-kept-card-text.md): serializing a page's twelve cards whole on every request
// was 6 % of a first visit's busy time in the bench's profile. The text is exactly `JSON.stringify` of the same page.

/** The kept card and tags a page's clip was made from (registered when the clip is made, read when the page is written). */
const madeFrom = new WeakMap<FeedClip, { card: ClipCard; tags: TagChip[] }>();

/** A card's JSON around its flame count: `{…,"flames":` and `,…` up to (not including) its closing brace. */
const cardParts = new WeakMap<ClipCard, { head: string; tail: string } | null>();
const tagsJson = new WeakMap<TagChip[], string>();

/** The feed's clip of a kept card, as `{ ...card, flames, flamed, tags, why }`, remembered for `forYouJson`. */
export function feedClipOf(card: ClipCard, input: Pick<FeedClip, "flames" | "flamed" | "tags" | "why">): FeedClip {
  const clip: FeedClip = { ...card, flames: input.flames, flamed: input.flamed, tags: input.tags, why: input.why };
  madeFrom.set(clip, { card, tags: input.tags });
  return clip;
}

function partsOf(card: ClipCard): { head: string; tail: string } | null {
  let parts = cardParts.get(card);
  if (parts !== undefined) return parts;
  // Keys the feed's clip sets itself must not be the card's own (their place in the text would differ).
  if (!("flames" in card) || "flamed" in card || "tags" in card || "why" in card) parts = null;
  else {
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    let passed = false;
    for (const [key, value] of Object.entries(card)) {
      if (key === "flames") passed = true;
      else (passed ? after : before)[key] = value;
    }
    const head = JSON.stringify(before).slice(0, -1);
    const tail = JSON.stringify(after).slice(1, -1);
    parts = { head: `${head}${head.length > 1 ? "," : ""}"flames":`, tail: tail ? `,${tail}` : "" };
  }
  cardParts.set(card, parts);
  return parts;
}

function clipJson(clip: FeedClip): string {
  const made = madeFrom.get(clip);
  const parts = made && made.tags === clip.tags ? partsOf(made.card) : null;
  if (!parts) return JSON.stringify(clip);
  let tags = tagsJson.get(clip.tags);
  if (tags === undefined) tagsJson.set(clip.tags, (tags = JSON.stringify(clip.tags)));
  const why = clip.why === undefined ? "" : `,"why":${JSON.stringify(clip.why)}`;
  return `${parts.head}${JSON.stringify(clip.flames)}${parts.tail},"flamed":${JSON.stringify(clip.flamed)},"tags":${tags}${why}}`;
}

/** `JSON.stringify({ order, clips, total })`, each clip made by `feedClipOf` written from its card's kept text. */
export function forYouJson(order: string, page: { clips: FeedClip[]; total: number }): string {
  return `{"order":${JSON.stringify(order)},"clips":[${page.clips.map(clipJson).join(",")}],"total":${JSON.stringify(page.total)}}`;
}
