import { Link } from "react-router";
import { FlameIcon } from "~/components/ui/flame-icon";
import { Pagination } from "~/components/ui/pagination";
import { useT } from "~/lib/i18n/react";
import { flamedSearch, type FlamedCategory, type FlamedFilters } from "../flamed-filters";
import type { FlamedClipsData } from "../flamed-clips.server";
import { FlamedFiltersBar } from "./flamed-filters-bar";
import { FlamedClipCard } from "./flamed-clip-card";

export function FlamedClipsPage({
  liked,
  filters,
  categories,
  page,
}: {
  liked: FlamedClipsData;
  filters: FlamedFilters;
  categories: FlamedCategory[];
  page: number;
}) {
  const { t } = useT("flamed");
  return (
    <div className="flex flex-col gap-6 py-4">
      <header className="flex flex-wrap items-baseline justify-between gap-3">
        <h1 className="text-2xl font-bold text-white">{t("title")}</h1>
        <p className="text-sm text-ink-300" data-testid="liked-total">
          {t("total", { count: liked.total })}
        </p>
      </header>
      <AudienceNote hidden={liked.hidden} filters={filters} />
      {liked.totalAll > 0 ? <FlamedFiltersBar filters={filters} categories={categories} /> : null}
      {liked.videos.length ? (
        <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
          {liked.videos.map((video) => (
            <li key={video.clip.id} className="grid">
              <FlamedClipCard video={video} />
            </li>
          ))}
        </ul>
      ) : (
        <Empty noFlames={liked.totalAll === 0} />
      )}
      <Pagination page={page} totalPages={liked.totalPages} />
    </div>
  );
}

/**
 * Flames given under another audience are not lost: the page says how many the audience filter
 * leaves out and shows them on request (and how to go back to the chosen audience only).
 */
function AudienceNote({ hidden, filters }: { hidden: number; filters: FlamedFilters }) {
  const { t } = useT("flamed");
  if (!filters.everyAudience && hidden === 0) return null;
  return (
    <p role="note" data-testid="liked-hidden" className="rounded-xl border border-ink-700 bg-ink-900 px-4 py-3 text-sm text-ink-200">
      {filters.everyAudience ? t("audience.showingAll") : t("audience.hidden", { count: hidden })}{" "}
      <Link
        to={flamedSearch({ ...filters, everyAudience: !filters.everyAudience })}
        className="font-semibold text-white underline underline-offset-4"
      >
        {filters.everyAudience ? t("audience.showMine") : t("audience.showAll", { count: hidden })}
      </Link>
    </p>
  );
}

function Empty({ noFlames }: { noFlames: boolean }) {
  const { t } = useT("flamed");
  return (
    <section className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-ink-700 px-6 py-16 text-center">
      <FlameIcon className="h-10 w-10 text-flame-400" />
      <h2 className="text-xl font-bold text-white">{noFlames ? t("empty.noFlames") : t("empty.noCategory")}</h2>
      <p className="text-ink-300">{noFlames ? t("empty.noFlamesBody") : t("empty.noCategoryBody")}</p>
      <Link
        to={noFlames ? "/" : "/liked-videos"}
        className="rounded-full bg-flame-600 px-5 py-2 font-semibold text-white hover:bg-flame-700"
      >
        {noFlames ? t("empty.browse") : t("filters.clear")}
      </Link>
    </section>
  );
}
