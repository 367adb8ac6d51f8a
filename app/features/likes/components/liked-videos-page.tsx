import { Link } from "react-router";
import { Pagination } from "~/components/ui/pagination";
import { useT } from "~/lib/i18n/react";
import type { LikedCategory, LikedFilters } from "../liked-filters";
import type { LikedPage } from "../likes.server";
import { LikedFiltersBar } from "./liked-filters-bar";
import { LikedVideoCard } from "./liked-video-card";

export function LikedVideosPage({
  liked,
  filters,
  categories,
  page,
}: {
  liked: LikedPage;
  filters: LikedFilters;
  categories: LikedCategory[];
  page: number;
}) {
  const { t } = useT("liked");
  return (
    <div className="flex flex-col gap-6 py-4">
      <header className="flex flex-wrap items-baseline justify-between gap-3">
        <h1 className="text-2xl font-bold text-white">{t("title")}</h1>
        <p className="text-sm text-ink-300" data-testid="liked-total">
          {t("total", { count: liked.total })}
        </p>
      </header>
      {liked.totalAll > 0 ? <LikedFiltersBar filters={filters} categories={categories} /> : null}
      {liked.videos.length ? (
        <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
          {liked.videos.map((video) => (
            <li key={video.clip.id} className="grid">
              <LikedVideoCard video={video} />
            </li>
          ))}
        </ul>
      ) : (
        <Empty noLikes={liked.totalAll === 0} />
      )}
      <Pagination page={page} totalPages={liked.totalPages} />
    </div>
  );
}

function Empty({ noLikes }: { noLikes: boolean }) {
  const { t } = useT("liked");
  return (
    <section className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-ink-700 px-6 py-16 text-center">
      <span aria-hidden="true" className="text-4xl">
        🔥
      </span>
      <h2 className="text-xl font-bold text-white">{noLikes ? t("empty.noLikes") : t("empty.noCategory")}</h2>
      <p className="text-ink-300">{noLikes ? t("empty.noLikesBody") : t("empty.noCategoryBody")}</p>
      <Link
        to={noLikes ? "/" : "/liked-videos"}
        className="rounded-full bg-flame-600 px-5 py-2 font-semibold text-white hover:bg-flame-700"
      >
        {noLikes ? t("empty.browse") : t("filters.clear")}
      </Link>
    </section>
  );
}
