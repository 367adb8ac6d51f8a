import { openWatches } from "~/features/signals";
import { FEED_PAGE_SIZE } from "./feed-filters";
import type { FeedClip } from "./feed-clip";
import type { FeedLive, FeedOrder } from "./use-feed";

// What the feed needs only after its first render, loaded then (use-feed.ts), outside the home page's first-load
// JavaScript (docs/decisions/040-javascript-budgets.md): "Not interested"'s removal, and Back's place (ADR 250).
//
// Back's place: where the visitor was in the feed, kept for the page's history entry in this browser tab
// (sessionStorage) when they leave it for another page of the site. Back from a clip, creator or tag page brings them
// to the clip they left, with the clips before and after it as they were, as the phone video apps do. Only this tab
// holds it, until it closes or the visitor signs out, and nothing of it reaches the server. A page loaded anew starts
// the feed again (a reload, as a visit does; Back to a page the browser did not keep).

// A refused flame's note is not in the first load (feed-actions.tsx): its code is fetched now, while the page is on
// line, so a flame lost with the connection can still say so.
void import("~/features/flames/index.lazy");

/** The map with the entry at `position` dropped (by -1) or a gap opened there (by +1), later entries moved along. */
function shifted<T>(map: Map<number, T>, position: number, by: -1 | 1): Map<number, T> {
  const next = new Map<number, T>();
  for (const [at, value] of map) {
    if (at < position) next.set(at, value);
    else if (by === 1) next.set(at + 1, value);
    else if (at > position) next.set(at - 1, value);
  }
  return next;
}

/** The map with the entries at `slots` taken from `order`'s positions, in that order (slots and order hold the same positions). */
function rearranged<T>(map: Map<number, T>, slots: number[], order: number[]): Map<number, T> {
  // A map that no longer holds every one of them (not the one the order was drawn from) is left as it is.
  if (order.some((at) => !map.has(at))) return map;
  const next = new Map(map);
  slots.forEach((slot, at) => {
    next.set(slot, map.get(order[at]!)!);
  });
  return next;
}

/**
 * Where the clips held from `position` on go once a clip of `creatorSlug` is marked "Not interested": that creator's
 * clips after the others of the stretch held there, each group in its order. The server sinks the creator in the pages
 * it ranks next; the clips the browser already holds sink with them, so the next clip is not the same creator's.
 */
function creatorSunk(clips: Map<number, FeedClip>, position: number, creatorSlug: string): { slots: number[]; order: number[] } {
  const slots: number[] = [];
  for (let at = position; clips.has(at); at++) slots.push(at);
  const theirs = (at: number) => clips.get(at)!.creatorSlug === creatorSlug;
  return { slots, order: [...slots.filter((at) => !theirs(at)), ...slots.filter(theirs)] };
}

/**
 * "Not interested" on the clip at `position`: it leaves the feed, the next one not of its creator taking its place.
 * With `back` (the toast's Undo), that clip is put back there, on screen, and the visitor's mark is taken back.
 */
export function dismissClip(
  [, , , , , clips, , held, setClips, setRemoved, , setIndex]: FeedLive,
  position: number,
  back?: FeedClip,
): void {
  // The clip on screen leaves it by this choice, not by the visitor moving on: its watch is no skip. Undo puts the feed
  // back as it was, so the clip the dismissal had put on screen must not sink its creator and tags; and the dismissal is
  // its own signal, which Undo takes back — a skip of the dismissed clip would outlive it.
  for (const end of openWatches) end(true);
  if (!back) {
    const dismissed = clips.get(position);
    const left = shifted(clips, position, -1);
    const { slots, order } = dismissed ? creatorSunk(left, position, dismissed.creatorSlug) : { slots: [], order: [] };
    setClips((current) => rearranged(shifted(current, position, -1), slots, order));
    held.current = rearranged(shifted(held.current, position, -1), slots, order);
    setRemoved((n) => n + 1);
    return;
  }
  navigator.sendBeacon("/api/feed-choice", new URLSearchParams({ intent: "undo", clipId: back.id }));
  setClips((current) => shifted(current, position, 1).set(position, back));
  held.current = shifted(held.current, position, 1).set(position, back.id);
  setRemoved((n) => n - 1);
  setIndex(position);
}

/** What a history entry of the feed keeps. */
interface FeedPlace {
  /** The feed's filters (its URL's search), so a place is never restored into another feed. */
  search: string;
  index: number;
  /** Clips "Not interested" took out meanwhile (the feed's length is the server's less these). */
  removed: number;
  order: FeedOrder | null;
  /** The clips held, by position. */
  clips: [number, FeedClip][];
  /** Whether a member was signed in: a place of theirs is forgotten once no one is. */
  signedIn: boolean;
}

/** Where the places are kept: by history entry (React Router's location key), oldest first; at most KEPT, the latest. */
const KEY = "feed-places";
const KEPT = 3;

/** React Router's key of the history entry the browser is on now ("default" for a tab's first). */
const currentEntry = () => (window.history.state as { key?: string } | null)?.key ?? "default";

function keptPlaces(): Record<string, FeedPlace> {
  try {
    return JSON.parse(sessionStorage.getItem(KEY) ?? "{}") as Record<string, FeedPlace>;
  } catch {
    return {};
  }
}

function store(places: Record<string, FeedPlace>) {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(Object.fromEntries(Object.entries(places).slice(-KEPT))));
  } catch {
    // Storage full or refused: Back then starts the feed again.
  }
}

/**
 * On the feed's first render: the place kept for this history entry, if it is this feed's and its visitor's, is taken
 * (restored once) and put back: its clips, the one on screen, and the pages it holds marked as asked for, so that they
 * are not asked for again and the visitor's own order does not change under them.
 */
export function restoreFeed([search, signedIn, , , , , requested, held, setClips, setRemoved, setOrder, setIndex]: FeedLive): void {
  const places = keptPlaces();
  const entry = currentEntry();
  const place = places[entry];
  if (!place) return;
  delete places[entry];
  store(places);
  if (place.search !== search || place.signedIn !== signedIn || !Array.isArray(place.clips) || !place.clips.length) return;
  const clips = new Map(place.clips);
  for (const position of clips.keys()) requested.current.add(Math.floor(position / FEED_PAGE_SIZE) * FEED_PAGE_SIZE);
  held.current = new Map(place.clips.map(([position, clip]) => [position, clip.id]));
  setClips(clips);
  setRemoved(place.removed);
  setOrder(place.order);
  setIndex(clips.has(place.index) ? place.index : 0);
}

/**
 * Once loaded, for the feed on screen: what keeps its place when it is left for another history entry (not when it
 * only starts again under the same one, in another order). Signed out, the places a member's feed kept are forgotten
 * (after signing out the site goes to the feed): the next person at this browser does not come back to them.
 */
export function keeper(feed: { current: FeedLive }): () => void {
  const entry = currentEntry();
  if (!feed.current[1]) {
    const places = keptPlaces();
    for (const [other, place] of Object.entries(places)) if (place.signedIn) delete places[other];
    store(places);
  }
  return () => {
    if (currentEntry() === entry) return;
    const [search, signedIn, index, removed, order, clips] = feed.current;
    const places = keptPlaces();
    delete places[entry];
    places[entry] = { search, index, removed, order, clips: [...clips], signedIn };
    store(places);
  };
}
