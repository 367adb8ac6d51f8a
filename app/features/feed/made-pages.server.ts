import type { FeedClip } from "./feed-clip";
import type { RankedClip } from "./rank-score";

// Pages of a kept ranked order, made once and given again (docs/decisions/243-feed-pages-as-bytes.md). Every newcomer
// whose seed picks one of the shared orders asks for the same pages of it (ADR 232), and a visitor who reloads asks for
// their own again: the page is the same clips, so it is the same list — and the same bytes (for-you-json.server.ts) —
// as long as what a page reads fresh is unchanged. What it reads fresh is checked on every request: each clip's flame
// count and whether this visitor flamed it. Its cards may be as old as a kept card may be (CARD_TTL_MS), never older.
//
// Kept beside the order it was made from (a WeakMap on the order's ranked list): a page outlives neither the order
// nor the key naming it, which names the visitor, the generation and the filter (visitor-feed.server.ts).

interface MadePage {
  clips: FeedClip[];
  lead: FeedClip | null;
  /** The ids whose count and flamed state were read for the page, with what was read. */
  ids: string[];
  counts: (number | undefined)[];
  flamed: boolean[];
  /** When its oldest card would no longer be given from the card cache. */
  until: number;
}

/** Where a page comes from in a kept order, and what else it depends on (positions, language, media, lead). */
export interface MadePageRef {
  order: readonly RankedClip[];
  key: string;
  /** The shared lead a first page starts with, as the feed's pool holds it now (null on later pages). */
  lead: FeedClip | null;
}

const made = new WeakMap<readonly RankedClip[], Map<string, MadePage>>();

/**
 * Kept pages are bounded in number and in time, whatever the number of orders kept: each holds its clips and, once
 * written, about 19 KB of bytes. Past MAX_MADE_PAGES, or once past its card time, the page kept first is given up
 * first (pages are kept in about the order their times end).
 */
const MAX_MADE_PAGES = 4_000;
const keptInOrder = new Map<MadePage, { pages: Map<string, MadePage>; key: string }>();

function giveUpOld(now: number): void {
  for (const [page, where] of keptInOrder) {
    if (keptInOrder.size <= MAX_MADE_PAGES && page.until > now) return;
    if (where.pages.get(where.key) === page) where.pages.delete(where.key);
    keptInOrder.delete(page);
  }
}

/** Whether a page may be made again from this order under this key (cheap: no read). */
export function hasMadePage(ref: MadePageRef): boolean {
  return made.get(ref.order)?.has(ref.key) === true;
}

/**
 * The page made before under `ref`, if it was made from these ids and every count and flamed state read now is the one
 * it was made with, and its cards are still within their time; else undefined.
 */
export function madePage(
  ref: MadePageRef,
  now: { ids: string[]; counts: Map<string, number>; flamed: Set<string> },
): FeedClip[] | undefined {
  const page = made.get(ref.order)?.get(ref.key);
  if (!page || page.lead !== ref.lead || Date.now() >= page.until || page.ids.length !== now.ids.length) return undefined;
  for (let i = 0; i < page.ids.length; i++) {
    const id = now.ids[i]!;
    if (page.ids[i] !== id || page.counts[i] !== now.counts.get(id) || page.flamed[i] !== now.flamed.has(id)) return undefined;
  }
  return page.clips;
}

/** Keeps a page made from `ids` with the counts and flamed states it read, until `until`. */
export function keepMadePage(
  ref: MadePageRef,
  page: { clips: FeedClip[]; ids: string[]; counts: Map<string, number>; flamed: Set<string>; until: number },
): void {
  let pages = made.get(ref.order);
  if (!pages) made.set(ref.order, (pages = new Map()));
  const before = pages.get(ref.key);
  if (before) keptInOrder.delete(before);
  const kept: MadePage = {
    // Frozen: the same list goes to every request that is given the page.
    clips: Object.freeze(page.clips) as FeedClip[],
    lead: ref.lead,
    ids: page.ids,
    counts: page.ids.map((id) => page.counts.get(id)),
    flamed: page.ids.map((id) => page.flamed.has(id)),
    until: page.until,
  };
  pages.set(ref.key, kept);
  keptInOrder.set(kept, { pages, key: ref.key });
  giveUpOld(Date.now());
}

/** How many pages are kept now (for tests). */
export function madePageCount(): number {
  return keptInOrder.size;
}
