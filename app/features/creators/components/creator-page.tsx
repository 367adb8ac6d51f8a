import { useId } from "react";
import { Pagination } from "~/components/ui/pagination";
import { CARDS_ON_FIRST_SCREEN, ClipGridCard } from "~/features/clips";
import { useT } from "~/lib/i18n/react";
import type { CreatorPageData } from "../creators.server";
import { CreatorHeader } from "./creator-header";
import { CreatorStats } from "./creator-stats";
import { CreatorTagList } from "./creator-tag-list";

export function CreatorPage({ data, page, shareUrl }: { data: CreatorPageData; page: number; shareUrl: string }) {
  const { t } = useT("creator");
  const videosId = useId();
  return (
    <div className="flex flex-col gap-8 py-4">
      <CreatorHeader creator={data.creator} shareUrl={shareUrl} />
      <CreatorStats stats={data.stats} />
      <CreatorTagList tags={data.tags} />
      <section aria-labelledby={videosId} className="flex flex-col gap-4">
        <h2 id={videosId} className="text-lg font-bold text-white">
          {t("videos.heading")}
        </h2>
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
