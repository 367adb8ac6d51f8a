import { useEffect, useSyncExternalStore } from "react";

/**
 * Which creators this visitor follows, as far as this page knows: one entry per creator slug, shared by
 * every follow button on the page (the feed shows the same creator on several clips). A slug the server
 * did not say anything about is asked once from /api/follows.
 */
const known = new Map<string, boolean>();
const asked = new Set<string>();
const listeners = new Set<() => void>();

function publish() {
  for (const listener of listeners) listener();
}

export function setKnown(slug: string, following: boolean) {
  known.set(slug, following);
  publish();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The visitor's follow of a creator: `initial` when the server knew it, else what /api/follows says (null meanwhile). */
export function useFollowing(slug: string, initial: boolean | null): boolean | null {
  const state = useSyncExternalStore(
    subscribe,
    () => known.get(slug) ?? initial,
    () => initial,
  );
  useEffect(() => {
    if (initial !== null) {
      if (!known.has(slug)) known.set(slug, initial);
      return;
    }
    if (known.has(slug) || asked.has(slug)) return;
    asked.add(slug);
    fetch(`/api/follows?creator=${encodeURIComponent(slug)}`, { headers: { Accept: "application/json" } })
      .then((response) => (response.ok ? (response.json() as Promise<{ following: boolean }>) : null))
      .then((body) => {
        if (body && !known.has(slug)) setKnown(slug, body.following);
      })
      .catch(() => asked.delete(slug));
  }, [slug, initial]);
  return state;
}
