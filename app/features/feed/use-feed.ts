import { useCallback, useEffect, useLayoutEffect, useRef, useState, type Dispatch, type SetStateAction } from "react";
import type { FeedClip } from "./feed-clip";
import { FEED_PAGE_SIZE, UPCOMING_COUNT } from "./feed-filters";

export type { FeedClip };

export type FeedOrder = "for-you" | "newest" | "shuffle";

/**
 * What feed-extras.ts reads and sets of a feed, in this order (a tuple: its names would be first-load bytes): search,
 * signed in, index, removed, order, clips, the pages asked for, the ids held, and the setters of clips, removed, order
 * and index.
 */
export type FeedLive = [
  search: string,
  signedIn: boolean,
  index: number,
  removed: number,
  order: FeedOrder | null,
  clips: Map<number, FeedClip>,
  requested: { current: Set<number> },
  held: { current: Map<number, string> },
  setClips: Dispatch<SetStateAction<Map<number, FeedClip>>>,
  setRemoved: Dispatch<SetStateAction<number>>,
  setOrder: (order: FeedOrder | null) => void,
  setIndex: (index: number) => void,
];

/**
 * What the feed needs only after its first render (feed-extras.ts): Back's place, and "Not interested"'s removal.
 * Outside the home page's first-load JavaScript (docs/decisions/040-javascript-budgets.md).
 */
let extras: typeof import("./feed-extras") | undefined;
const loadExtras = () => import("./feed-extras").then((loaded) => (extras = loaded));

/** How many of the clips before a page the browser names when it asks for it (the server takes at most 48). */
const SHOWN_SENT = 36;

/** A clip the stage keeps mounted: the current one (offset 0) and its neighbours above (-1) and below (+1). */
export interface Slide {
  clip: FeedClip;
  offset: -1 | 0 | 1;
}

/**
 * The feed as the visitor moves through it: clips by position, loaded a page
 * at a time from /api/feed as they come near. Next wraps from the last clip to
 * the first, previous from the first to the last; with one clip both restart
 * it (docs/product.md §5.3).
 *
 * The server's page brings the lead clip only (ADR 112): the first page of the
 * visitor's own order is asked for at once, and every other page after it, so
 * that a first visit's seed cookie (set by that answer) orders them all alike.
 */
export function useFeed(options: { initial: FeedClip[]; total: number; search: string; signedIn: boolean }) {
  const { search, signedIn } = options;
  // Clips the visitor marked "Not interested" leave the feed: the ones after them move up a place.
  const [removed, setRemoved] = useState(0);
  const total = Math.max(options.total - removed, 0);
  const [order, setOrder] = useState<FeedOrder | null>(null);
  const [clips, setClips] = useState(() => new Map(options.initial.map((clip, i) => [i, clip])));
  const [index, setIndex] = useState(0);
  const [restarts, setRestarts] = useState(0);
  const requested = useRef(new Set<number>());
  const firstPage = useRef<Promise<unknown>>(Promise.resolve());
  // A press towards a clip whose page is on its way: carried out when it arrives.
  const wanted = useRef<number | null>(null);
  const changed = useRef(new Set<string>());
  // The ids the browser holds, by position, as soon as they arrive: the next page is ranked without them.
  const held = useRef(new Map(options.initial.map((clip, i) => [i, clip.id])));
  const lastLoad = useRef<Promise<unknown>>(Promise.resolve());

  const loadPageAt = useCallback(
    (position: number) => {
      const offset = Math.floor(position / FEED_PAGE_SIZE) * FEED_PAGE_SIZE;
      if (requested.current.has(offset)) return;
      requested.current.add(offset);
      const params = new URLSearchParams(search);
      params.set("offset", String(offset));
      // The page's language: a page shown with ?lang= (which saves no preference) gets its next clips' tags in it too.
      if (document.documentElement.lang) params.set("lang", document.documentElement.lang);
      const load = () => {
        // The clips just before this page, so a personal order neither repeats them nor runs a creator on.
        const from = Math.max(0, offset - SHOWN_SENT);
        const shown = Array.from({ length: offset - from }, (_, i) => held.current.get(from + i)).filter(Boolean);
        if (offset) params.set("shown", shown.join(","));
        return fetch(`/api/feed?${params}`, { headers: { Accept: "application/json" } })
          .then((response) =>
            response.ok ? (response.json() as Promise<{ clips: FeedClip[]; order?: FeedOrder }>) : Promise.reject(response.status),
          )
          .then(({ clips: page, order: chosen }) => {
            if (chosen) setOrder(chosen);
            page.forEach((clip, i) => held.current.set(offset + i, clip.id));
            setClips((current) => {
              const next = new Map(current);
              // Fresher than the server's page, except for a clip the visitor changed meanwhile (a flame).
              page.forEach((clip, i) => changed.current.has(clip.id) || next.set(offset + i, clip));
              return next;
            });
          })
          .catch(() => requested.current.delete(offset));
      };
      // Pages come one after another: each is ranked knowing the clips of the pages before it.
      if (offset) lastLoad.current = Promise.all([firstPage.current, lastLoad.current]).then(load);
      else firstPage.current = lastLoad.current = load();
    },
    [search],
  );

  // Coming back to the feed by Back or Forward inside the site: the clips held and the one on screen as the visitor
  // left them, kept and restored by feed-extras.ts (in memory once a feed of this page has rendered). Restored before
  // the first paint and before the first page is asked for.
  const live: FeedLive = [search, signedIn, index, removed, order, clips, requested, held, setClips, setRemoved, setOrder, setIndex];
  const feedLive = useRef(live);
  feedLive.current = live;
  useLayoutEffect(() => {
    extras?.restoreFeed(feedLive.current);
    let keep: (() => void) | undefined;
    void loadExtras().then((loaded) => (keep = loaded.keeper(feedLive)));
    return () => keep?.();
  }, []);

  // The visitor's own first page (their flamed state, the clips after the lead), before any other.
  useEffect(() => {
    if (total > 0) loadPageAt(0);
  }, [total, loadPageAt]);

  const at = (step: number) => (((index + step) % total) + total) % total;

  // Keep the neighbours and the upcoming strip loaded.
  useEffect(() => {
    if (total === 0) return;
    for (const step of [0, -1, 1, UPCOMING_COUNT]) {
      const position = (((index + step) % total) + total) % total;
      if (!clips.has(position)) loadPageAt(position);
    }
  }, [index, total, clips, loadPageAt]);

  const current = clips.get(index);
  const slides: Slide[] = current ? [{ clip: current, offset: 0 }] : [];
  // Two clips: the other one is both previous and next; it waits below.
  const neighbours: [number, -1 | 1][] =
    total >= 3
      ? [
          [-1, -1],
          [1, 1],
        ]
      : total === 2
        ? [[1, 1]]
        : [];
  for (const [step, offset] of neighbours) {
    const clip = clips.get(at(step));
    if (clip) slides.push({ clip, offset });
  }

  const upcoming = Array.from({ length: Math.min(UPCOMING_COUNT, Math.max(total - 1, 0)) }, (_, n) => {
    const position = at(n + 1);
    return { position, clip: clips.get(position) };
  });

  const updateClip = useCallback((position: number, patch: Partial<FeedClip>) => {
    setClips((current) => {
      const clip = current.get(position);
      if (!clip) return current;
      changed.current.add(clip.id);
      return new Map(current).set(position, { ...clip, ...patch });
    });
  }, []);

  // A clip not loaded yet is moved to once its page arrives (the latest press wins).
  const step = (by: 1 | -1) => {
    if (total <= 1) return setRestarts((n) => n + 1);
    wanted.current = null;
    if (clips.has(at(by))) setIndex(at(by));
    else {
      wanted.current = at(by);
      loadPageAt(at(by));
    }
  };
  useEffect(() => {
    if (wanted.current !== null && clips.has(wanted.current)) {
      setIndex(wanted.current);
      wanted.current = null;
    }
  }, [clips]);

  /**
   * "Not interested" on the clip at `position`: it leaves the feed and the next one takes its place; with `back` (the
   * toast's Undo), that clip is put back there.
   */
  const dismiss = useCallback(
    (position: number, back?: FeedClip) => void loadExtras().then((loaded) => loaded.dismissClip(feedLive.current, position, back)),
    [],
  );

  return {
    index,
    total,
    /** The order the visitor chose, once the server said it. */
    order,
    dismiss,
    clip: current,
    slides,
    upcoming,
    /** Bumped when the only clip restarts. */
    restarts,
    next: () => step(1),
    previous: () => step(-1),
    goTo: (position: number) => clips.has(position) && setIndex(position),
    updateClip,
  };
}
