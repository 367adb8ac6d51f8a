import { Link } from "react-router";
import { CardCaption, CardCategoryBadge, ClipVideo, PlayerBar, usePlayback } from "~/features/clips";
import { formatLongDate } from "~/lib/i18n/format";
import { useT } from "~/lib/i18n/react";
import type { FlamedClip } from "../flamed-clips.server";
import { UnflameButton } from "./unflame-button";

/** The liked card (docs/product.md §7.5): muted playable video, category badge, remove-like, creator, 'Liked on', flames, link to the video. */
export function FlamedClipCard({ video }: { video: FlamedClip }) {
  const { t, language } = useT("flamed");
  const { clip } = video;
  const playback = usePlayback();
  return (
    // No overflow clipping on the card: it would cut the focus rings of the controls at its edges.
    <article aria-label={clip.title} className="flex flex-col rounded-2xl border border-ink-800 bg-ink-900">
      <div className="relative aspect-[9/16] overflow-hidden rounded-t-2xl bg-ink-800">
        {clip.videoUrl ? (
          // The site's own player (play, mute, seek), as on the feed and the video page, not the browser's controls.
          <>
            <div className="h-full w-full" onClick={playback.togglePlay}>
              <ClipVideo clip={clip} preload="metadata" fit="cover" onElement={playback.attach} handlers={playback.handlers} />
            </div>
            <div className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/80 to-transparent pt-8">
              <PlayerBar playback={playback} disabled={!playback.hasVideo} />
            </div>
          </>
        ) : (
          <p className="flex h-full items-center justify-center p-4 text-center text-sm text-ink-300">{t("card.mediaHidden")}</p>
        )}
        <CardCategoryBadge category={clip.category} />
      </div>
      <div className="flex flex-1 flex-col gap-2 p-3">
        <CardCaption clip={clip} heading="h2" flames={t("card.flames", { count: clip.flames })} />
        <p className="text-xs text-ink-300">{t("card.flamedOn", { date: formatLongDate(video.flamedAt, language) })}</p>
        <div className="mt-auto flex flex-col gap-2 pt-1">
          <Link
            to={`/video/${clip.slug}`}
            className="rounded-full bg-white px-3 py-1 text-center text-xs font-semibold text-ink-950 hover:bg-ink-200"
          >
            {t("card.open")}
            <span className="sr-only">: {clip.title}</span>
          </Link>
          <UnflameButton clipId={clip.id} title={clip.title} />
        </div>
      </div>
    </article>
  );
}
