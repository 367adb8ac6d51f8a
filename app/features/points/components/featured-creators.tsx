import { Link } from "react-router";
import { CreatorAvatar } from "~/features/creators";
import { formatNumber } from "~/lib/i18n/format";
import { useT } from "~/lib/i18n/react";
import type { FeaturedCreator } from "../points.server";

/** What points buy: the creators with the most points, each a link to their page. */
export function FeaturedCreators({ creators }: { creators: FeaturedCreator[] }) {
  const { t, language } = useT("points");
  if (creators.length === 0) return null;
  return (
    <section aria-labelledby="featured-heading" className="flex flex-col gap-3">
      <h2 id="featured-heading" className="text-lg font-bold text-white">
        {t("featured")}
      </h2>
      <p className="text-sm text-ink-300">{t("featuredIntro")}</p>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        {creators.map((creator) => (
          <li key={creator.slug} data-featured={creator.slug}>
            <Link
              to={`/creator/${creator.slug}`}
              className="flex h-full flex-col items-center gap-2 rounded-2xl border border-ink-800 bg-ink-900 p-3 text-center hover:bg-ink-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-flame-300"
            >
              <CreatorAvatar name={creator.name} slug={creator.slug} avatarUrl={creator.avatarUrl} small />
              <span className="break-words font-semibold text-white">{creator.name}</span>
              <span className="text-xs text-ink-300">
                {t("followers", { count: creator.followers, formatted: formatNumber(creator.followers, language) })}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
