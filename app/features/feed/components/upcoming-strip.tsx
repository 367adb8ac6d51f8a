import { useT } from "~/lib/i18n/react";
import type { FeedClip } from "../feed-clip";
import { UPCOMING_VISIBLE } from "../feed-filters";

/**
 * Up next: the next clips, five thumbnails (ten upcoming clips, five thumbnails:
 * docs/product.md §5.6). A row under the stage on phones, a column beside it on wide
 * screens; choosing one brings it on screen and plays it.
 */
export function UpcomingStrip({
  upcoming,
  onChoose,
}: {
  upcoming: { position: number; clip?: FeedClip }[];
  onChoose: (position: number) => void;
}) {
  const { t } = useT("feed");
  if (upcoming.length === 0) return null;
  return (
    <section aria-labelledby="upcoming-title" className="feed-upnext">
      <h2 id="upcoming-title" className="mb-2 text-sm font-semibold uppercase tracking-wider text-ink-300">
        {t("feed.upcoming")}
      </h2>
      <ol className="grid grid-cols-5 gap-2 lg:grid-cols-1">
        {/* Keyed by slot, not by clip: moving on changes what each slot shows, never where it is (no layout shift). */}
        {upcoming.slice(0, UPCOMING_VISIBLE).map(({ position, clip }, slot) => (
          <li key={slot}>
            {/* Named by its words ('Play' and the title, shown beside the thumbnail on wide screens). */}
            <button
              type="button"
              onClick={() => onChoose(position)}
              disabled={!clip}
              aria-label={clip ? undefined : t("feed.loading")}
              className="group flex w-full items-center gap-3 rounded-lg text-left"
            >
              {clip ? <span className="sr-only">{t("feed.play")} </span> : null}
              <span className="block aspect-[9/16] w-full shrink-0 overflow-hidden rounded-lg bg-ink-800 ring-flame-400 group-hover:ring-2 lg:w-12">
                {clip?.thumbnailUrl ? (
                  <img src={clip.thumbnailUrl} alt="" loading="lazy" decoding="async" className="h-full w-full object-cover" />
                ) : null}
              </span>
              {clip ? (
                <span className="sr-only min-w-0 flex-col lg:not-sr-only lg:flex">
                  <span data-upnext-title className="text-sm font-semibold text-white group-hover:underline">
                    {clip.title}
                  </span>
                  <span className="text-xs text-ink-300">
                    <span className="sr-only">, </span>
                    {clip.creatorName}
                  </span>
                </span>
              ) : null}
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
}
