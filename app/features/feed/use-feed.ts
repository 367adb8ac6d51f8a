import { useCallback, useEffect, useRef, useState } from "react";
import type { ClipCard } from "~/features/clips";
import { FEED_PAGE_SIZE, UPCOMING_COUNT } from "./feed-filters";

export type FeedClip = ClipCard & { flamed: boolean };

/**
 * The feed as the visitor moves through it: clips by position, loaded a page
 * at a time from /api/feed as they come near. Next wraps from the last clip to
 * the first, previous from the first to the last (SPEC 4).
 */
export function useFeed(options: { initial: FeedClip[]; total: number; search: string }) {
  const { total, search } = options;
  const [clips, setClips] = useState(() => new Map(options.initial.map((clip, i) => [i, clip])));
  const [index, setIndex] = useState(0);
  const requested = useRef(new Set<number>([0]));

  const loadPageAt = useCallback(
    (position: number) => {
      const offset = Math.floor(position / FEED_PAGE_SIZE) * FEED_PAGE_SIZE;
      if (requested.current.has(offset)) return;
      requested.current.add(offset);
      const params = new URLSearchParams(search);
      params.set("offset", String(offset));
      fetch(`/api/feed?${params}`, { headers: { Accept: "application/json" } })
        .then((response) => (response.ok ? (response.json() as Promise<{ clips: FeedClip[] }>) : Promise.reject(response.status)))
        .then(({ clips: page }) =>
          setClips((current) => {
            const next = new Map(current);
            page.forEach((clip, i) => next.set(offset + i, clip));
            return next;
          }),
        )
        .catch(() => requested.current.delete(offset));
    },
    [search],
  );

  // Keep the upcoming strip and the previous clip loaded.
  useEffect(() => {
    if (total === 0) return;
    for (const position of [index, (index - 1 + total) % total, (index + UPCOMING_COUNT) % total]) {
      if (!clips.has(position)) loadPageAt(position);
    }
  }, [index, total, clips, loadPageAt]);

  const upcoming = Array.from({ length: Math.min(UPCOMING_COUNT, Math.max(total - 1, 0)) }, (_, n) => {
    const position = (index + n + 1) % total;
    return { position, clip: clips.get(position) };
  });

  const updateClip = useCallback((position: number, patch: Partial<FeedClip>) => {
    setClips((current) => {
      const clip = current.get(position);
      if (!clip) return current;
      return new Map(current).set(position, { ...clip, ...patch });
    });
  }, []);

  return {
    index,
    total,
    clip: clips.get(index),
    upcoming,
    next: () => setIndex((i) => (total ? (i + 1) % total : 0)),
    previous: () => setIndex((i) => (total ? (i - 1 + total) % total : 0)),
    goTo: (position: number) => setIndex(position),
    updateClip,
  };
}
