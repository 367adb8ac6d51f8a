import { lazy, Suspense, useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { preload } from "react-dom";
import { ClipVideo, PlayerBar, usePlayback, usePlayerKeys, type Playback } from "~/features/clips";
import { useT } from "~/lib/i18n/react";
import type { FeedClip } from "../feed-clip";
import { useFeed } from "../use-feed";
import { useFeedMotion } from "../use-feed-motion";
import { ActionRail, FeedNav } from "./feed-actions";
import { ClipInfo } from "./clip-info";
import { UpcomingStrip } from "./upcoming-strip";

const NEIGHBOURS_FALLBACK_MS = 1500;
const PRELOAD = { "-1": "none", "0": "auto", "1": "metadata" } as const;
const STAGE_END_ID = "feed-stage-end";

// Only a keyboard user asks for it: kept out of the first load.
const ShortcutsDialog = lazy(() => import("./shortcuts-dialog"));

/**
 * The full-screen feed (ADR 066, ADR 020): one clip fills the stage with its actions
 * on or beside it; swipe, wheel, keys and buttons move between clips. The
 * clips just above and below stay mounted and preloaded, so the next one
 * plays at once. Renders the stage and the Up Next strip, which the home
 * layout places.
 */
export function ClipFeed({
  initial,
  total,
  search,
  signedIn,
  onReorder,
}: {
  initial: FeedClip[];
  total: number;
  search: string;
  signedIn: boolean;
  /** The visitor chose another order: the feed starts again in it. */
  onReorder: () => void;
}) {
  const { t } = useT("feed");
  const feed = useFeed({ initial, total, search, signedIn });
  // The clip just marked "Not interested", with its place, while Undo is offered.
  const [dismissed, setDismissed] = useState<{ clip: FeedClip; position: number } | null>(null);
  // The clip on screen plays muted by itself (docs/product.md §5.4); a filter change remounts the feed (key), so
  // the first clip of the new filter plays too.
  const playback = usePlayback({ autoplay: true });
  const stage = useRef<HTMLElement>(null);
  const track = useRef<HTMLDivElement>(null);
  const [neighboursReady, setNeighboursReady] = useState(false);
  const [helpOpen, setHelpOpen] = useState(false);
  const playOnArrival = useRef(false);
  const lastTap = useRef(-1e3);
  const clip = feed.clip;

  const go = (direction: 1 | -1, dragPx?: number) => {
    if (feed.total > 1) motion.prepare(direction, dragPx);
    if (direction === 1) feed.next();
    else feed.previous();
  };
  const motion = useFeedMotion({ stage, track, go });

  usePlayerKeys({
    togglePlay: playback.togglePlay,
    toggleMute: playback.toggleMute,
    next: () => go(1),
    previous: () => go(-1),
    help: () => setHelpOpen(true),
  });

  // Each slide's video registers here; the one on screen gets the controls.
  const videos = useRef(new Map<string, HTMLVideoElement>());
  const currentId = useRef(clip?.id);
  currentId.current = clip?.id;
  const { attach } = playback;
  const register = useCallback(
    (id: string, el: HTMLVideoElement | null) => {
      if (el) videos.current.set(id, el);
      else videos.current.delete(id);
      if (id === currentId.current) attach(el);
    },
    [attach],
  );

  // A new clip on screen: hand it the controls (it plays at once if the visitor was watching), then slide it in.
  useLayoutEffect(() => {
    if (!clip) return;
    attach(videos.current.get(clip.id) ?? null);
    if (playOnArrival.current) {
      playOnArrival.current = false;
      playback.play();
    }
    motion.run();
    // playback.play and motion.run read refs only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [clip?.id, attach]);

  // The neighbours come once the clip on screen has its first frames (or after a moment if it has none).
  useEffect(() => {
    const fallback = setTimeout(() => setNeighboursReady(true), NEIGHBOURS_FALLBACK_MS);
    return () => clearTimeout(fallback);
  }, []);

  useLayoutEffect(() => {
    if (feed.restarts) playback.restart();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [feed.restarts]);

  if (!clip) return <div aria-busy="true" className="feed-stage animate-pulse bg-ink-900" />;

  function choose(position: number) {
    playOnArrival.current = true;
    motion.prepare(1);
    feed.goTo(position);
    // From Up Next under the feed (phones), back up to the player.
    window.scrollTo({ top: 0, behavior: "instant" });
  }

  // The poster of the clip on screen is the page's largest paint: asked for in the head, at high priority, as on the
  // video page (ClipPlayer), not once the parser reaches the video.
  if (clip.thumbnailUrl) preload(clip.thumbnailUrl, { as: "image", fetchPriority: "high" });

  return (
    <>
      {/* Chromium paints a half-received page: the overlay and the action rail, both held at the stage's foot, grew
          upwards while their markup arrived (a layout shift). The first frame waits for the stage's last element. */}
      <link rel="expect" href={`#${STAGE_END_ID}`} blocking="render" />
      <section
        ref={stage}
        aria-label={t("feed.label")}
        // The Conscious Mode session reads which clip and category are on screen (clips counted, time per category).
        data-clip-id={clip.id}
        data-clip-category={clip.category.slug}
        className="feed-stage"
      >
        <p className="sr-only" aria-live="polite">
          {t("feed.position", { position: feed.index + 1, total: feed.total, title: clip.title })}
        </p>
        <div data-video-box className="feed-video-box">
          <div
            ref={track}
            className="absolute inset-0 will-change-transform"
            onClick={(event) => {
              playback.togglePlay();
              // A second tap within 300 ms flames the clip, as the video apps' double tap does (never takes a flame
              // back); the two taps' pauses cancel out. Through the rail's own button: its count, refusal and rule.
              if (event.timeStamp - lastTap.current < 300)
                stage.current?.querySelector<HTMLElement>(".feed-rail [aria-pressed=false]")?.click();
              lastTap.current = event.timeStamp;
            }}
          >
            {feed.slides
              .filter(({ offset }) => offset === 0 || neighboursReady)
              .map(({ clip: slide, offset }) => (
                <Slide
                  key={slide.id}
                  clip={slide}
                  offset={offset}
                  register={register}
                  onReady={offset === 0 ? () => setNeighboursReady(true) : undefined}
                  handlers={playback.handlers}
                />
              ))}
          </div>
          <div className="feed-overlay">
            {/* Remounted per clip: the new title and tags are new content, not moved content (no layout shift). */}
            <ClipInfo key={clip.id} clip={clip} />
            <PlayerBar playback={playback} disabled={!playback.hasVideo} captions={clip.captions}>
              <button
                type="button"
                onClick={() => setHelpOpen(true)}
                aria-label={t("shortcuts.open")}
                aria-keyshortcuts="Shift+?"
                className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full text-sm font-bold text-white hover:bg-white/15"
              >
                ?
              </button>
            </PlayerBar>
          </div>
        </div>
        <ActionRail
          clip={clip}
          position={feed.index}
          signedIn={signedIn}
          onFlamed={feed.updateClip}
          onHotAndNext={() => go(1)}
          order={feed.order}
          onOrder={onReorder}
          onRemoved={() => {
            setDismissed({ clip, position: feed.index });
            feed.dismiss(feed.index);
          }}
        />
        {dismissed ? (
          <div role="status" className="feed-toast">
            {t("menu.removed")}
            <button
              type="button"
              onClick={() => {
                const { clip: back, position } = dismissed;
                setDismissed(null);
                feed.dismiss(position, back);
              }}
            >
              {t("menu.undo")}
            </button>
          </div>
        ) : null}
        <FeedNav onPrevious={() => go(-1)} onNext={() => go(1)} />
        <span id={STAGE_END_ID} hidden />
      </section>
      <UpcomingStrip upcoming={feed.upcoming} onChoose={choose} />
      {helpOpen ? (
        <Suspense fallback={null}>
          <ShortcutsDialog onClose={() => setHelpOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}

/** One clip on the track; only the one on screen (offset 0) is reachable, the others wait above and below. */
function Slide({
  clip,
  offset,
  register,
  ...video
}: {
  clip: FeedClip;
  offset: -1 | 0 | 1;
  register: (id: string, el: HTMLVideoElement | null) => void;
  onReady?: () => void;
  handlers: Playback["handlers"];
}) {
  const onElement = useCallback((el: HTMLVideoElement | null) => register(clip.id, el), [register, clip.id]);
  return (
    <div
      className="absolute inset-0"
      style={{ transform: offset ? `translate3d(0, ${offset * 100}%, 0)` : undefined }}
      aria-hidden={offset !== 0 || undefined}
      inert={offset !== 0}
    >
      {/* The clip on screen loads in full; the next one only its first bytes, so it starts at once when shown; the
          previous one (already seen, or the feed's last) its poster only (ADR 155). */}
      <ClipVideo clip={clip} fit="cover" preload={PRELOAD[offset]} onElement={onElement} {...video} />
    </div>
  );
}
