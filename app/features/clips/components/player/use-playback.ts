import { useCallback, useEffect, useRef, useState, type RefObject, type SyntheticEvent } from "react";
import { playedBefore, watchClip } from "~/features/signals";

/** A clip starts paused at 0.1 s (docs/product.md §5.4). */
export const START_AT = 0.1;

export const prefersReducedMotion = () => typeof window !== "undefined" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;

export interface Playback {
  /** A video is on screen (none before the age gate, or when no source plays). */
  hasVideo: boolean;
  playing: boolean;
  muted: boolean;
  /**
   * The seek bar, whose position the video's time updates set directly: as React state, each update (four a second
   * while a clip plays) rendered the whole feed again, and during the page's load those renders were long tasks.
   */
  seekBar: RefObject<HTMLInputElement | null>;
  /** Points the controls at the video on screen (a new clip, or a source fallback's new element). */
  attach(element: HTMLVideoElement | null): void;
  togglePlay(): void;
  toggleMute(): void;
  seek(fraction: number): void;
  /** Back to the start; playing again if the visitor was watching (with one clip, next restarts it: docs/product.md §5.3). */
  restart(): void;
  /** Starts the video on screen, as a direct request of the visitor (an Up Next choice). */
  play(): void;
  handlers: {
    onPlay(event: SyntheticEvent<HTMLVideoElement>): void;
    onPause(event: SyntheticEvent<HTMLVideoElement>): void;
    onTimeUpdate(event: SyntheticEvent<HTMLVideoElement>): void;
  };
}

/** The seek bar's position (0–1000, the range input rounds to its step) at the video's time. */
function showProgress(bar: HTMLInputElement | null, el: HTMLVideoElement | null) {
  if (bar) bar.valueAsNumber = el?.duration ? (el.currentTime / el.duration) * 1000 : 0;
}

/**
 * The play state of the clip on screen. Muted is the visitor's choice across
 * clips (a clip starts muted, docs/product.md §5.4). With `autoplay` (the feed), the first clip on screen
 * plays muted by itself, as in short-video apps; otherwise once they press play. Then the clips that follow
 * play on their own until they pause — unless they prefer reduced motion, which keeps every clip paused on its
 * 0.1 s frame with Play shown.
 */
export function usePlayback(options: { autoplay?: boolean } = {}): Playback {
  const element = useRef<HTMLVideoElement | null>(null);
  // Decided in the browser when the first video arrives (the server cannot read prefers-reduced-motion).
  const wantsPlay = useRef<boolean | null>(null);
  const autoplay = options.autoplay ?? false;
  const mutedChoice = useRef(true);
  const [hasVideo, setHasVideo] = useState(false);
  const [playing, setPlaying] = useState(false);
  const [muted, setMuted] = useState(true);
  const seekBar = useRef<HTMLInputElement | null>(null);
  // The watch of the clip on screen, reported when it leaves (docs/product.md §5.9).
  const watch = useRef<{ clipId: string; tracker: ReturnType<typeof watchClip> } | null>(null);

  const follow = useCallback((el: HTMLVideoElement | null, previous: HTMLVideoElement | null) => {
    const clipId = el?.dataset.clipId ?? null;
    // A source fallback gives the same clip a new element: still the same watch.
    if (watch.current && watch.current.clipId === clipId) return;
    // What played since the last time update (they come every quarter second or so) was watched too.
    if (previous) watch.current?.tracker.time(previous.currentTime, previous.duration);
    watch.current?.tracker.end();
    // What it played before the page's script ran (it autoplays from the server's HTML) counts as watched.
    watch.current = clipId ? { clipId, tracker: watchClip(clipId, undefined, playedBefore(el!)) } : null;
  }, []);

  useEffect(() => {
    // A hidden page ends the watch (its batch then leaves by beacon); coming back starts a new one.
    const onVisibility = () => {
      const current = watch.current;
      if (!current) return;
      if (document.visibilityState === "hidden") current.tracker.end();
      else watch.current = { clipId: current.clipId, tracker: watchClip(current.clipId) };
    };
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      document.removeEventListener("visibilitychange", onVisibility);
      watch.current?.tracker.end();
      watch.current = null;
    };
  }, []);

  const start = useCallback((el: HTMLVideoElement) => {
    el.play().catch(() => {
      if (element.current === el) setPlaying(false);
    });
  }, []);

  const attach = useCallback(
    (el: HTMLVideoElement | null) => {
      const previous = element.current;
      if (previous === el) return;
      element.current = el;
      follow(el, previous);
      // The clip left on screen stops, and starts over when it comes back.
      if (previous) {
        previous.pause();
        if (previous.readyState >= 1) previous.currentTime = START_AT;
      }
      setHasVideo(Boolean(el));
      setPlaying(el ? !el.paused : false);
      showProgress(seekBar.current, el);
      if (!el) return;
      el.muted = mutedChoice.current;
      wantsPlay.current ??= autoplay;
      if (wantsPlay.current && !prefersReducedMotion()) start(el);
    },
    [start, autoplay, follow],
  );

  const ours = (event: SyntheticEvent<HTMLVideoElement>) => event.currentTarget === element.current;

  return {
    hasVideo,
    playing,
    muted,
    seekBar,
    attach,
    togglePlay() {
      const el = element.current;
      if (!el) return;
      if (el.paused) {
        wantsPlay.current = true;
        start(el);
      } else {
        wantsPlay.current = false;
        el.pause();
      }
    },
    toggleMute() {
      mutedChoice.current = !mutedChoice.current;
      if (element.current) element.current.muted = mutedChoice.current;
      setMuted(mutedChoice.current);
    },
    seek(fraction) {
      const el = element.current;
      if (el?.duration) el.currentTime = fraction * el.duration;
    },
    restart() {
      const el = element.current;
      if (!el) return;
      el.currentTime = START_AT;
      if (wantsPlay.current && !prefersReducedMotion()) start(el);
    },
    play() {
      wantsPlay.current = true;
      if (element.current) start(element.current);
    },
    handlers: {
      onPlay: (event) => ours(event) && setPlaying(true),
      onPause: (event) => ours(event) && setPlaying(false),
      onTimeUpdate: (event) => {
        const el = event.currentTarget;
        if (!ours(event)) return;
        showProgress(seekBar.current, el);
        watch.current?.tracker.time(el.currentTime, el.duration || 0);
      },
    },
  };
}
