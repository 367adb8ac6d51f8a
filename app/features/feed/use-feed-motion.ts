import { useEffect, useEffectEvent, useRef, type RefObject } from "react";
import { prefersReducedMotion } from "~/features/clips";
import type { Direction } from "./feed-gestures";

const SLIDE_MS = 240;

/**
 * How the stage moves like a short-video app: a vertical drag (touch or mouse)
 * follows the finger and snaps to the next or previous clip, a sideways swipe
 * is next/previous (docs/product.md §5.3), and the wheel or trackpad moves one clip per
 * gesture. The page itself never scrolls from here. The clip changes at once
 * (so the new one starts playing); the track then slides it into place from
 * where it was on screen, with transforms only (no layout shift).
 */
export function useFeedMotion(input: {
  stage: RefObject<HTMLElement | null>;
  track: RefObject<HTMLElement | null>;
  go: (direction: Direction, fromPx?: number) => void;
}) {
  const pending = useRef<number | null>(null);
  const { stage, track } = input;

  const height = () => stage.current?.querySelector<HTMLElement>("[data-video-box]")?.clientHeight ?? window.innerHeight;

  const setOffset = (px: number, animate: boolean) => {
    const el = track.current;
    if (!el) return;
    el.style.transition = animate && !prefersReducedMotion() ? `transform ${SLIDE_MS}ms cubic-bezier(0.2, 0.8, 0.2, 1)` : "none";
    el.style.transform = px ? `translate3d(0, ${px}px, 0)` : "";
  };

  const go = useEffectEvent((direction: Direction, fromPx?: number) => input.go(direction, fromPx));

  useEffect(() => {
    const el = stage.current;
    if (!el) return;
    // The gestures load after hydration, outside the home page's first-load JavaScript
    // (docs/decisions/043-first-load-javascript.md); until then the feed's buttons and keys work.
    let detach: (() => void) | undefined;
    let gone = false;
    void import("./feed-gestures").then(({ attachFeedGestures }) => {
      if (!gone) detach = attachFeedGestures(el, { go: (direction, fromPx) => go(direction, fromPx), setOffset, height });
    });
    return () => {
      gone = true;
      detach?.();
    };
    // `height` and `setOffset` read refs only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [stage]);

  return {
    /** Call before the clip changes: the new clip will slide in from `fromPx` (its place on screen now). */
    prepare(direction: Direction, dragPx = 0) {
      pending.current = dragPx + direction * height();
    },
    /** Call in a layout effect once the new clip is rendered. */
    run() {
      const from = pending.current;
      pending.current = null;
      const el = track.current;
      if (from === null || !el) return;
      if (prefersReducedMotion()) return setOffset(0, false);
      setOffset(from, false);
      // Commit the start position before sliding from it.
      void el.offsetHeight;
      setOffset(0, true);
    },
  };
}
