import { useCallback, useEffect, useEffectEvent, useRef, useState } from "react";
import { useRouteLoaderData } from "react-router";
import { useT } from "~/lib/i18n/react";
import type { ClipCard } from "../../clip-card.server";
import { START_AT, type Playback } from "./use-playback";
import { useRendition } from "./use-rendition";

const SOURCES_SETTLE_MS = 50;

type MediaSource = { url: string; media?: string; kbps?: number };

/**
 * One clip's video: muted, looping, inline, shown from 0.1 s; sources tried in
 * order — the rendition for this screen and network (ADR 155), the published file, then the storage URL — before
 * 'Video temporarily unavailable' (docs/product.md §5.4). Before the age gate is passed the loader sends no media URL
 * and a neutral panel shows instead.
 */
export function ClipVideo({
  clip,
  preload,
  fit,
  onElement,
  onReady,
  handlers,
}: {
  clip: ClipCard;
  preload: "auto" | "metadata" | "none";
  fit: "cover" | "contain";
  /** Called with the element when it mounts (and with null when it goes): must be a stable function. */
  onElement?: (element: HTMLVideoElement | null) => void;
  /** The first frames are there (the feed then preloads the neighbours). */
  onReady?: () => void;
  handlers: Playback["handlers"];
}) {
  const { t } = useT("feed");
  // 0: the renditions and the published file, as <source> elements; 1: the storage URL; 2: none left.
  const [sourceIndex, setSourceIndex] = useState(0);
  const video = useRef<HTMLVideoElement | null>(null);
  const picked = useRendition(clip.renditions);
  // Data saver as the server knew it (its cookie): the smallest rung, until the browser's own choice is loaded.
  const dataSaver = useRouteLoaderData<{ dataSaver?: boolean }>("root")?.dataSaver === true;
  const choice = picked ?? (dataSaver ? clip.renditions[0] : undefined);
  // The browser's choice is one rung; the server's is its first rungs, each under its media query.
  const rungs: MediaSource[] = choice ? [{ url: choice.url, kbps: choice.kbps }] : clip.renditions.filter((r) => r.first);
  if (clip.videoUrl && !rungs.some((r) => r.url === clip.videoUrl)) rungs.push({ url: clip.videoUrl });
  const sources = [rungs.length ? rungs : null, clip.storageUrl].filter((s) => s !== null);
  const source = sources[sourceIndex];

  const ref = useCallback(
    (el: HTMLVideoElement | null) => {
      video.current = el;
      onElement?.(el);
    },
    [onElement],
  );

  const showFirstFrame = (el: HTMLVideoElement) => {
    if (el.currentTime < START_AT) el.currentTime = START_AT;
  };

  // A server-rendered video may load (or fail) before React hydrates and
  // attaches its handlers: catch up on what already happened.
  const catchUp = useEffectEvent(() => {
    const el = video.current;
    if (!el) return;
    // Only `error` means failure: networkState passes through NO_SOURCE while a new source is being selected.
    if (el.error) setSourceIndex((i) => i + 1);
    else {
      if (el.readyState >= 1) showFirstFrame(el);
      if (el.readyState >= 2) onReady?.();
    }
  });
  // <source> elements fail one by one (each its own error event), then the video waits with no source. A new video
  // passes through that state before it tries its first source, so it is read a moment later.
  const sourcesFailed = useEffectEvent(() => {
    const el = video.current;
    if (el && sourceIndex === 0 && el.networkState === el.NETWORK_NO_SOURCE && el.readyState === 0) setSourceIndex(1);
  });
  useEffect(() => {
    catchUp();
    const timer = setTimeout(() => sourcesFailed(), SOURCES_SETTLE_MS);
    return () => clearTimeout(timer);
  }, [sourceIndex]);

  if (clip.videoUrl === null) {
    return (
      <div className="flex h-full flex-col items-center justify-center gap-3 bg-gradient-to-br from-ink-700 via-ink-800 to-ink-900 p-8 text-center">
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-10 w-10 text-ink-300" fill="none" stroke="currentColor" strokeWidth="1.5">
          <rect x="3" y="5" width="18" height="14" rx="2" />
          <path d="M10 9.5v5l4-2.5z" fill="currentColor" />
        </svg>
        <p className="text-sm text-ink-300">{t("player.ageRequired")}</p>
      </div>
    );
  }
  if (!source) {
    return (
      <div role="status" className="flex h-full flex-col items-center justify-center gap-1 bg-ink-900 p-6 text-center">
        <p className="font-semibold text-white">{t("player.unavailable")}</p>
        <p className="text-sm text-ink-300">{t("player.tryLater")}</p>
      </div>
    );
  }
  return (
    <video
      ref={ref}
      key={sourceIndex}
      src={typeof source === "string" ? source : undefined}
      poster={clip.thumbnailUrl ?? undefined}
      muted
      loop
      playsInline
      preload={preload}
      aria-label={clip.title}
      data-clip-id={clip.id}
      onLoadedMetadata={(event) => showFirstFrame(event.currentTarget)}
      onLoadedData={onReady}
      onError={() => setSourceIndex((i) => i + 1)}
      {...handlers}
      className={`h-full w-full bg-black ${fit === "cover" ? "object-cover" : "object-contain"}`}
    >
      {typeof source === "string"
        ? null
        : source.map((s, i) => (
            <source
              key={s.url}
              src={s.url}
              type="video/mp4"
              media={s.media}
              // The throughput timing reads what the file costs (rendition-picker.ts).
              data-kbps={s.kbps}
              onError={i === source.length - 1 ? () => setSourceIndex(1) : undefined}
            />
          ))}
    </video>
  );
}
