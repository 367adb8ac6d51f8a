import { useCallback, useRef, useState, type SyntheticEvent } from "react";

/** A clip starts paused at 0.1 s (docs/product.md §5.4). */
export const START_AT = 0.1;

export const prefersReducedMotion = () => typeof window !== "undefined" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;

export interface Playback {
  /** A video is on screen (none before the age gate, or when no source plays). */
  hasVideo: boolean;
  playing: boolean;
  muted: boolean;
  /** 0..1 of the clip's duration. */
  progress: number;
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

/**
 * The play state of the clip on screen. Muted is the visitor's choice across
 * clips (a clip starts muted, docs/product.md §5.4). Once they press play, the clips that follow
 * play on their own — unless they prefer reduced motion.
 */
export function usePlayback(): Playback {
  const element = useRef<HTMLVideoElement | null>(null);
  const wantsPlay = useRef(false);
  const mutedChoice = useRef(true);
  const [hasVideo, setHasVideo] = useState(false);
  const [playing, setPlaying] = useState(false);
  const [muted, setMuted] = useState(true);
  const [progress, setProgress] = useState(0);

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
      // The clip left on screen stops, and starts over when it comes back.
      if (previous) {
        previous.pause();
        if (previous.readyState >= 1) previous.currentTime = START_AT;
      }
      setHasVideo(Boolean(el));
      setPlaying(el ? !el.paused : false);
      setProgress(el?.duration ? el.currentTime / el.duration : 0);
      if (!el) return;
      el.muted = mutedChoice.current;
      if (wantsPlay.current && !prefersReducedMotion()) start(el);
    },
    [start],
  );

  const ours = (event: SyntheticEvent<HTMLVideoElement>) => event.currentTarget === element.current;

  return {
    hasVideo,
    playing,
    muted,
    progress,
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
        if (ours(event)) setProgress(el.duration ? el.currentTime / el.duration : 0);
      },
    },
  };
}
