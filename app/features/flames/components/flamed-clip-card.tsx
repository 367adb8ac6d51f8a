import { Link } from "react-router";
import { CardCaption, CardCategoryBadge } from "~/features/clips";
import { formatLongDate } from "~/lib/i18n/format";
import { useT } from "~/lib/i18n/react";
import type { FlamedClip } from "../flamed-clips.server";
import { UnflameButton } from "./unflame-button";

/** The liked card (docs/product.md §7.5): muted playable video, category badge, remove-like, creator, 'Liked on', flames, link to the video. */
export function FlamedClipCard({ video }: { video: FlamedClip }) {
  const { t, language } = useT("flamed");
  const { clip } = video;
  return (
    // No overflow clipping on the card: it would cut the focus rings of the controls at its edges.
    <article aria-label={clip.title} className="flex flex-col rounded-2xl border border-ink-800 bg-ink-900">
      <div className="relative aspect-[9/16] overflow-hidden rounded-t-2xl bg-ink-800">
        {clip.videoUrl ? (
          <video
            src={clip.videoUrl}
            poster={clip.thumbnailUrl ?? undefined}
            controls
            muted
            playsInline
            preload="metadata"
            aria-label={clip.title}
            className="h-full w-full object-cover focus-visible:outline-offset-[-4px]"
          />
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
