import { useEffect, useId, useState } from "react";
import { Link } from "react-router";
import { Pagination } from "~/components/ui/pagination";
import { CARDS_ON_FIRST_SCREEN, ClipGridCard } from "~/features/clips";
import { FollowButton } from "~/features/follows";
import { useT } from "~/lib/i18n/react";
import type { CreatorPageData } from "../creators.server";
import { CREATOR_SORTS, type CreatorSort } from "../creator-sort";
import { CreatorHeader } from "./creator-header";
import { CreatorStats } from "./creator-stats";
import { CreatorTagList } from "./creator-tag-list";

export function CreatorPage({
  data,
  page,
  shareUrl,
  following,
  sort,
}: {
  data: CreatorPageData;
  page: number;
  shareUrl: string;
  /** Whether the visitor follows the creator; null when the page is rendered for any anonymous visitor. */
  following: boolean | null;
  sort: CreatorSort;
}) {
  const [followers, setFollowers] = useState(data.creator.followers);
  useEffect(() => setFollowers(data.creator.followers), [data.creator.followers]);
  const { t } = useT("creator");
  const videosId = useId();
  return (
    <div className="flex flex-col gap-8 py-4">
      <CreatorHeader creator={data.creator} shareUrl={shareUrl}>
        <FollowButton creatorSlug={data.creator.slug} creatorName={data.creator.name} following={following} onFollowers={setFollowers} />
        {/* The same link for everyone: the page stays shareable by the micro-cache (ADR 171). */}
        <Link
          to={`/my-creator?claim=${data.creator.slug}`}
          rel="nofollow"
          aria-label={t("thisIsMeLabel", { name: data.creator.name })}
          className="text-sm text-ink-300 underline underline-offset-4 hover:text-white"
        >
          {t("thisIsMe")}
        </Link>
      </CreatorHeader>
      <CreatorStats stats={data.stats} followers={followers} />
      <CreatorTagList tags={data.tags} />
      <section aria-labelledby={videosId} className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id={videosId} className="text-lg font-bold text-white">
            {t("videos.heading")}
          </h2>
          <nav aria-label={t("sort.label")} className="flex gap-1 rounded-full border border-ink-700 p-1">
            {CREATOR_SORTS.map((option) => (
              <Link
                key={option}
                to={option === "popular" ? `/creator/${data.creator.slug}?sort=popular` : `/creator/${data.creator.slug}`}
                preventScrollReset
                aria-current={sort === option ? "true" : undefined}
                className="rounded-full px-4 py-1.5 text-sm font-semibold text-ink-200 hover:text-white aria-[current=true]:bg-white aria-[current=true]:text-ink-950"
              >
                {t(`sort.${option}`)}
              </Link>
            ))}
          </nav>
        </div>
        {data.clips.length ? (
          <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
            {data.clips.map(({ clip, tags }, index) => (
              <li key={clip.id} className="grid">
                <ClipGridCard clip={clip} tags={tags} priority={index < CARDS_ON_FIRST_SCREEN} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-ink-300">{t("videos.empty")}</p>
        )}
        <Pagination page={page} totalPages={data.totalPages} />
      </section>
    </div>
  );
}
