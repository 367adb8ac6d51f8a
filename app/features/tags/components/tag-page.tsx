import { useId } from "react";
import { useLocation, useNavigation } from "react-router";
import { Pagination } from "~/components/ui/pagination";
import { CARDS_ON_FIRST_SCREEN, ClipGridCard } from "~/features/clips";
import { useT } from "~/lib/i18n/react";
import type { TagSort } from "../tag-match";
import type { TagPageData } from "../tags.server";
import { RelatedTags } from "./related-tags";
import { TagHeader } from "./tag-header";
import { TagStats } from "./tag-stats";

export function TagPage(props: { data: TagPageData; title: string; slug: string; sort: TagSort; page: number }) {
  const { data } = props;
  const { t } = useT("tag");
  const videosId = useId();
  const navigation = useNavigation();
  const location = useLocation();
  // The loading spinner (docs/product.md §6.3): shown while another sort or page of this tag loads.
  const pending = navigation.state === "loading" && navigation.location.pathname === location.pathname;
  return (
    <div className="flex flex-col gap-8 py-4">
      <TagHeader title={props.title} slug={props.slug} sort={props.sort} />
      <TagStats stats={data.stats} />
      <div className="grid gap-8 lg:grid-cols-[1fr_16rem]">
        <section aria-labelledby={videosId} aria-busy={pending} className="relative flex flex-col gap-4">
          <h2 id={videosId} className="text-lg font-bold text-white">
            {t("videos.heading")}
          </h2>
          {pending ? (
            <div role="status" aria-label={t("videos.loading")} className="absolute inset-x-0 top-24 z-10 flex justify-center">
              <span className="h-10 w-10 animate-spin rounded-full border-4 border-ink-600 border-t-flame-400" />
            </div>
          ) : null}
          <ul className={`grid grid-cols-2 gap-4 transition-opacity sm:grid-cols-3 lg:grid-cols-4 ${pending ? "opacity-40" : ""}`}>
            {data.clips.map(({ clip, tags }, index) => (
              <li key={clip.id} className="grid">
                <ClipGridCard clip={clip} tags={tags} priority={index < CARDS_ON_FIRST_SCREEN} />
              </li>
            ))}
          </ul>
          <Pagination page={props.page} totalPages={data.totalPages} />
        </section>
        <RelatedTags tags={data.related} />
      </div>
    </div>
  );
}
