import { forwardRef, useEffect, useEffectEvent, useImperativeHandle, useRef, useState } from "react";
import { useT } from "~/lib/i18n/react";
import type { FeedClip } from "../use-feed";

export interface PlayerHandle {
  togglePlay(): void;
  toggleMute(): void;
}

const START_AT = 0.1;
const SWIPE_PX = 50;

/**
 * SPEC 4 player: starts paused at 0.1 s, muted and looping; play/pause and
 * mute toggles; a seek bar; sources tried in order (/media, then the storage
 * URL) before 'Video temporarily unavailable'. Once the visitor has pressed
 * play, following clips play on their own — unless they prefer reduced motion.
 */
export const ClipPlayer = forwardRef<
  PlayerHandle,
  { clip: FeedClip; nextClip?: FeedClip; onSwipeLeft: () => void; onSwipeRight: () => void }
>(function ClipPlayer({ clip, nextClip, onSwipeLeft, onSwipeRight }, ref) {
  const { t } = useT("discovery");
  const video = useRef<HTMLVideoElement>(null);
  const wantsPlay = useRef(false);
  const swipeStart = useRef<number | null>(null);
  const [playing, setPlaying] = useState(false);
  const [muted, setMuted] = useState(true);
  const [progress, setProgress] = useState(0);
  const [sourceIndex, setSourceIndex] = useState(0);

  const sources = [clip.videoUrl, clip.storageUrl].filter((s): s is string => Boolean(s));
  const source = sources[sourceIndex];

  useEffect(() => {
    setSourceIndex(0);
    setProgress(0);
  }, [clip.id]);

  const reducedMotion = () => typeof window !== "undefined" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;

  function onLoadedMetadata() {
    const el = video.current;
    if (!el) return;
    el.currentTime = START_AT;
    if (wantsPlay.current && !reducedMotion()) void el.play().catch(() => setPlaying(false));
  }

  const catchUpOnMetadata = useEffectEvent(onLoadedMetadata);

  // A server-rendered video may load (or fail) before React hydrates and
  // attaches its handlers: catch up on what already happened.
  useEffect(() => {
    const el = video.current;
    if (!el) return;
    // Only `error` means failure: networkState passes through NO_SOURCE while a new source is being selected.
    if (el.error) setSourceIndex((i) => i + 1);
    else if (el.readyState >= 1) catchUpOnMetadata();
  }, [clip.id, sourceIndex]);

  function togglePlay() {
    const el = video.current;
    if (!el) return;
    if (el.paused) {
      wantsPlay.current = true;
      void el.play().catch(() => setPlaying(false));
    } else {
      wantsPlay.current = false;
      el.pause();
    }
  }

  function toggleMute() {
    const el = video.current;
    if (!el) return;
    el.muted = !el.muted;
    setMuted(el.muted);
  }

  useImperativeHandle(ref, () => ({ togglePlay, toggleMute }));

  return (
    // Width follows the height limit so the clip keeps its 9:16 shape on wide screens.
    <div className="relative mx-auto w-full max-w-[calc(70dvh*9/16)] overflow-hidden rounded-2xl bg-ink-900">
      <div
        className="relative aspect-[9/16] w-full touch-pan-y select-none bg-ink-800"
        onPointerDown={(event) => (swipeStart.current = event.clientX)}
        onPointerUp={(event) => {
          if (swipeStart.current === null) return;
          const dx = event.clientX - swipeStart.current;
          swipeStart.current = null;
          if (dx <= -SWIPE_PX) onSwipeLeft();
          else if (dx >= SWIPE_PX) onSwipeRight();
        }}
        data-testid="clip-stage"
      >
        {source ? (
          <video
            ref={video}
            key={`${clip.id}-${sourceIndex}`}
            src={source}
            poster={clip.thumbnailUrl ?? undefined}
            muted={muted}
            loop
            playsInline
            preload="auto"
            aria-label={clip.title}
            onLoadedMetadata={onLoadedMetadata}
            onPlay={() => setPlaying(true)}
            onPause={() => setPlaying(false)}
            onTimeUpdate={(event) => {
              const el = event.currentTarget;
              setProgress(el.duration ? el.currentTime / el.duration : 0);
            }}
            onError={() => setSourceIndex((i) => i + 1)}
            className="h-full w-full object-cover"
          />
        ) : clip.videoUrl === null ? (
          <div aria-hidden="true" className="h-full w-full bg-gradient-to-br from-ink-700 via-ink-800 to-ink-900" />
        ) : (
          <div role="status" className="flex h-full flex-col items-center justify-center gap-1 p-6 text-center">
            <p className="font-semibold text-white">{t("player.unavailable")}</p>
            <p className="text-sm text-ink-300">{t("player.tryLater")}</p>
          </div>
        )}
        {/* Buffers the next clip so it starts without a visible wait. */}
        {nextClip?.videoUrl ? (
          <video key={nextClip.id} src={nextClip.videoUrl} preload="auto" muted hidden aria-hidden="true" tabIndex={-1} />
        ) : null}
      </div>

      <div className="flex items-center gap-3 bg-ink-900 px-3 py-2">
        <button
          type="button"
          onClick={togglePlay}
          disabled={!source}
          aria-label={playing ? t("player.pause") : t("player.play")}
          className="rounded-full p-2 text-white hover:bg-ink-800 disabled:opacity-40"
        >
          {playing ? <PauseIcon /> : <PlayIcon />}
        </button>
        <input
          type="range"
          min={0}
          max={1000}
          value={Math.round(progress * 1000)}
          aria-label={t("player.seek")}
          disabled={!source}
          onChange={(event) => {
            const el = video.current;
            if (el?.duration) el.currentTime = (Number(event.currentTarget.value) / 1000) * el.duration;
          }}
          className="h-1 flex-1 cursor-pointer accent-flame-500"
        />
        <button
          type="button"
          onClick={toggleMute}
          disabled={!source}
          aria-label={muted ? t("player.unmute") : t("player.mute")}
          className="rounded-full p-2 text-white hover:bg-ink-800 disabled:opacity-40"
        >
          {muted ? <MutedIcon /> : <SoundIcon />}
        </button>
      </div>
    </div>
  );
});

const icon = "h-5 w-5";
const PlayIcon = () => (
  <svg aria-hidden="true" viewBox="0 0 24 24" className={icon} fill="currentColor">
    <path d="M8 5v14l11-7z" />
  </svg>
);
const PauseIcon = () => (
  <svg aria-hidden="true" viewBox="0 0 24 24" className={icon} fill="currentColor">
    <path d="M6 5h4v14H6zM14 5h4v14h-4z" />
  </svg>
);
const MutedIcon = () => (
  <svg aria-hidden="true" viewBox="0 0 24 24" className={icon} fill="none" stroke="currentColor" strokeWidth="2">
    <path d="M4 9h4l5-4v14l-5-4H4z" />
    <path d="M17 9l4 6M21 9l-4 6" />
  </svg>
);
const SoundIcon = () => (
  <svg aria-hidden="true" viewBox="0 0 24 24" className={icon} fill="none" stroke="currentColor" strokeWidth="2">
    <path d="M4 9h4l5-4v14l-5-4H4z" />
    <path d="M17 8a5 5 0 0 1 0 8M19.5 5.5a9 9 0 0 1 0 13" />
  </svg>
);
