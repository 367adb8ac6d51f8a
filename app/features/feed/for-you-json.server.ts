import type { ClipCard, TagChip } from "~/features/clips/index.server";
import type { FeedClip, WhyReason } from "./feed-clip";

// A "For you" page as JSON, each clip's catalogue part serialized once per kept card
// (docs/decisions/230-for-you-page-from-kept-card-text.md): serializing a page's twelve cards whole on every request
// was 6 % of a first visit's busy time in the bench's profile. Each made clip is kept as UTF-8 bytes and a page is
// their concatenation (docs/decisions/243-feed-pages-as-bytes.md): a page made as text was measured, flattened and
// encoded again on every answer. The bytes are exactly `JSON.stringify` of the same page.

/**
 * The kept card and tags a page's clip was made from (registered when the clip is made, read when the page is written),
 * and the clip's JSON once written: a made clip never changes (it is frozen).
 */
const madeFrom = new WeakMap<FeedClip, { card: ClipCard; tags: TagChip[]; json?: Buffer }>();
/**
 * The clips last made of each kept card. A page that adds to a card what an earlier page added — the same flame count,
 * flamed state, tags and reasons, as newcomers' pages of one shared order do (ADR 232) — gets that clip and its text
 * again instead of a new object per clip and page.
 */
const madeOf = new WeakMap<ClipCard, FeedClip[]>();
const MADE_PER_CARD = 4;

/** A card's JSON around its flame count: `{…,"flames":` and `,…` up to (not including) its closing brace. */
const cardParts = new WeakMap<ClipCard, { head: string; tail: string } | null>();
const tagsJson = new WeakMap<TagChip[], string>();

/**
 * The feed's clip of a kept card, as `{ ...card, flames, flamed, tags, why }`, remembered for `forYouJson`: frozen, and
 * the same object for the same card, count, state, tags and reasons (compared by identity; see `feedWhy`).
 */
export function feedClipOf(card: ClipCard, input: Pick<FeedClip, "flames" | "flamed" | "tags" | "why">): FeedClip {
  const made = madeOf.get(card);
  if (made)
    for (const clip of made)
      if (clip.flames === input.flames && clip.flamed === input.flamed && clip.tags === input.tags && clip.why === input.why) return clip;
  const clip: FeedClip = Object.freeze({ ...card, flames: input.flames, flamed: input.flamed, tags: input.tags, why: input.why });
  madeFrom.set(clip, { card, tags: input.tags });
  if (!made) madeOf.set(card, [clip]);
  else {
    if (made.length >= MADE_PER_CARD) made.shift();
    made.push(clip);
  }
  return clip;
}

/** Reasons without a taste in them, one frozen list per combination: the same list is the same object. */
const plainWhys = new Map<string, readonly WhyReason[]>();

/**
 * A clip's reasons as the page shows them: a list naming no taste (all a newcomer's) is the one kept list of those
 * kinds, so `feedClipOf` finds the clip made with it; a list naming tastes is the visitor's own, made anew.
 */
export function feedWhy(kinds: WhyReason["kind"][], named: () => WhyReason[]): WhyReason[] {
  if (kinds.includes("taste")) return named();
  const key = kinds.join();
  let why = plainWhys.get(key);
  if (!why) plainWhys.set(key, (why = Object.freeze(kinds.map((kind) => Object.freeze({ kind }) as WhyReason))));
  return why as WhyReason[];
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

function clipJson(clip: FeedClip): Buffer {
  const made = madeFrom.get(clip);
  if (made?.json !== undefined) return made.json;
  const parts = made && made.tags === clip.tags ? partsOf(made.card) : null;
  if (!parts) return Buffer.from(JSON.stringify(clip));
  let tags = tagsJson.get(clip.tags);
  if (tags === undefined) tagsJson.set(clip.tags, (tags = JSON.stringify(clip.tags)));
  const why = clip.why === undefined ? "" : `,"why":${JSON.stringify(clip.why)}`;
  return (made!.json = ownBytes(
    `${parts.head}${JSON.stringify(clip.flames)}${parts.tail},"flamed":${JSON.stringify(clip.flamed)},"tags":${tags}${why}}`,
  ));
}

/** UTF-8 bytes in a buffer of their own: a slice of Node's shared pool would keep the whole pool alive while kept. */
function ownBytes(text: string): Buffer {
  const bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(text));
  bytes.write(text);
  return bytes;
}

const COMMA = Buffer.from(",");
const heads = new Map<string, Buffer>();

/** The bytes last written of a page's list of clips (a page made again is the same list: made-pages.server.ts). */
const written = new WeakMap<FeedClip[], { order: string; total: number; json: Buffer }>();

/** `JSON.stringify({ order, clips, total })` as UTF-8 bytes, each clip made by `feedClipOf` written from its kept bytes. */
export function forYouJson(order: string, page: { clips: FeedClip[]; total: number }): Buffer {
  const last = written.get(page.clips);
  if (last && last.order === order && last.total === page.total) return last.json;
  let head = heads.get(order);
  if (!head) heads.set(order, (head = Buffer.from(`{"order":${JSON.stringify(order)},"clips":[`)));
  const parts: Buffer[] = [head];
  for (let i = 0; i < page.clips.length; i++) {
    if (i > 0) parts.push(COMMA);
    parts.push(clipJson(page.clips[i]!));
  }
  parts.push(Buffer.from(`],"total":${JSON.stringify(page.total)}}`));
  const json = Buffer.concat(parts);
  written.set(page.clips, { order, total: page.total, json });
  return json;
}
