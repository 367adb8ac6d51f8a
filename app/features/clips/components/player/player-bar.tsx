import { useT } from "~/lib/i18n/react";
import { lazyView } from "~/lib/lazy-view";
import type { CaptionTrack } from "../../clip-card.server";
import type { Playback } from "./use-playback";
import { loadExtras, PlayerSettings } from "./use-rendition";

/**
 * The CC button, for a clip with captions: it adds the clip's subtitle tracks in the browser (ADR 158). Its own chunk,
 * loaded when a clip with captions is on screen and the visitor first touches the page, or at once when they turned
 * captions on before (ADR 205); the server's button shows meanwhile, and a press on it is acted on.
 */
const PlayerCaptions = lazyView(() =>
  // The server renders it in place at once.
  (import.meta.env.SSR ? Promise.resolve() : loadExtras().then((extras) => extras.captionsWanted()))
    .then(() => import("./captions-button"))
    .then((m) => m.default),
);

/**
 * Play/pause, the seek bar, mute, the settings (Data saver) and, for a clip with captions, CC: the same controls on the
 * feed and on the video page (docs/product.md §5.4).
 */
export function PlayerBar({
  playback,
  disabled,
  captions,
  children,
}: {
  playback: Playback;
  disabled: boolean;
  captions?: CaptionTrack[];
  children?: React.ReactNode;
}) {
  const { t } = useT("feed");
  const button = "flex h-10 w-10 shrink-0 items-center justify-center rounded-full text-white hover:bg-white/15 disabled:opacity-40";
  return (
    // Padding of at least the focus ring (outline + offset) on every side: the clip box clips what overflows.
    <div className="flex items-center gap-1 px-2 py-1.5" data-no-swipe>
      <button
        type="button"
        onClick={playback.togglePlay}
        disabled={disabled}
        aria-label={t(playback.playing ? "player.pause" : "player.play")}
        className={button}
      >
        {playback.playing ? <PauseIcon /> : <PlayIcon />}
      </button>
      <input
        type="range"
        min={0}
        max={1000}
        ref={playback.seekBar}
        defaultValue={0}
        aria-label={t("player.seek")}
        disabled={disabled}
        onChange={(event) => playback.seek(event.currentTarget.valueAsNumber / 1000)}
        className="mx-1 h-1 min-w-0 flex-1 cursor-pointer accent-flame-500"
      />
      <button
        type="button"
        onClick={playback.toggleMute}
        disabled={disabled}
        aria-label={t(playback.muted ? "player.unmute" : "player.mute")}
        className={button}
      >
        {playback.muted ? <MutedIcon /> : <SoundIcon />}
      </button>
      <PlayerSettings />
      {captions ? <PlayerCaptions captions={captions} /> : null}
      {children}
    </div>
  );
}

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
