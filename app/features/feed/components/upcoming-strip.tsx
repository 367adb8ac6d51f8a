import { useT } from "~/lib/i18n/react";
import type { FeedClip } from "../use-feed";

/** The next ten clips, five visible at a time; choosing one jumps to it. */
export function UpcomingStrip({
  upcoming,
  onChoose,
}: {
  upcoming: { position: number; clip?: FeedClip }[];
  onChoose: (position: number) => void;
}) {
  const { t } = useT("discovery");
  if (upcoming.length === 0) return null;
  return (
    <section aria-labelledby="upcoming-title">
      <h2 id="upcoming-title" className="mb-2 text-sm font-semibold uppercase tracking-wider text-ink-300">
        {t("feed.upcoming")}
      </h2>
      <ol className="grid snap-x auto-cols-[calc((100%-2rem)/5)] grid-flow-col gap-2 overflow-x-auto pb-1">
        {upcoming.map(({ position, clip }) => (
          <li key={position} className="snap-start">
            <button
              type="button"
              onClick={() => onChoose(position)}
              disabled={!clip}
              aria-label={clip ? t("feed.playNamed", { title: clip.title }) : t("feed.loading")}
              className="block aspect-[9/16] w-full overflow-hidden rounded-lg bg-ink-800 ring-flame-400 hover:ring-2"
            >
              {clip?.thumbnailUrl ? (
                <img src={clip.thumbnailUrl} alt="" loading="lazy" decoding="async" className="h-full w-full object-cover" />
              ) : null}
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
}
