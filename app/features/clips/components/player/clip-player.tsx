import { useEffect } from "react";
import { preload } from "react-dom";
import { reportSignal } from "~/features/signals";
import { useT } from "~/lib/i18n/react";
import type { ClipCard } from "../../clip-card.server";
import { ClipVideo } from "./clip-video";
import { PlayerBar } from "./player-bar";
import { SeekPreview } from "./seek-preview";
import { usePlayback } from "./use-playback";
import { usePlayerKeys } from "./use-player-keys";

/** One clip with the feed's controls (the video page): a tap on the picture plays or pauses, Space and M work too. */
export function ClipPlayer({ clip }: { clip: ClipCard }) {
  const { t } = useT("feed");
  const playback = usePlayback();
  // Opening a clip's own page is a signal of interest (docs/product.md §5.9).
  useEffect(() => reportSignal({ clipId: clip.id, kind: "open" }), [clip.id]);
  usePlayerKeys({ togglePlay: playback.togglePlay, toggleMute: playback.toggleMute });
  // The poster is the page's largest paint: asked for in the head, first, not once the parser reaches the video.
  const bar = <PlayerBar playback={playback} disabled={!playback.hasVideo} captions={clip.captions} />;
  if (clip.thumbnailUrl) preload(clip.thumbnailUrl, { as: "image", fetchPriority: "high" });
  return (
    <figure
      aria-label={t("player.label", { title: clip.title })}
      // The Conscious Mode session counts the clips and categories on screen (docs/product.md, "One session timer").
      data-clip-id={clip.id}
      data-clip-category={clip.category.slug}
      // 9:16 at any size: as wide as the column allows, but never taller than three quarters of the screen.
      className="relative mx-auto aspect-[9/16] w-[min(100%,28rem,calc(75dvh*9/16))] overflow-hidden rounded-2xl bg-black ring-1 ring-ink-800"
    >
      <div className="h-full w-full" onClick={playback.togglePlay}>
        <ClipVideo clip={clip} preload="auto" fit="contain" onElement={playback.attach} handlers={playback.handlers} />
      </div>
      {clip.videoUrl ? (
        <div className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/80 to-transparent pt-10">
          {clip.storyboard ? (
            <SeekPreview storyboard={clip.storyboard} duration={clip.durationSeconds}>
              {bar}
            </SeekPreview>
          ) : (
            bar
          )}
        </div>
      ) : null}
    </figure>
  );
}
