import { Form, Link, useSubmit } from "react-router";
import { useT } from "~/lib/i18n/react";
import { formatNumber } from "~/lib/i18n/format";
import { feedSearch, type FeedFilters } from "../feed-filters";
import type { FeedClip } from "../use-feed";
import { CategoryBar, type CategoryChip } from "./category-bar";
import { ClipFeed } from "./clip-feed";

export interface HomeDiscoveryData {
  filters: FeedFilters;
  categories: CategoryChip[];
  tags: { slug: string; name: string }[];
  stats: { videos: number; categories: number };
  feed: { clips: FeedClip[]; total: number };
  /** Set when clips or categories could not be loaded. */
  error: string | null;
}

export function HomeDiscovery({ data }: { data: HomeDiscoveryData }) {
  const { t, language } = useT("discovery");
  const submit = useSubmit();
  const { filters } = data;
  const search = feedSearch(filters);

  return (
    <div className="mx-auto flex max-w-xl flex-col gap-4">
      {data.error ? (
        <div role="alert" className="rounded-xl border border-amber-500/50 bg-amber-500/10 p-4 text-sm">
          <p className="font-semibold text-amber-200">{t("errors.serviceUnavailable")}</p>
          <p className="mt-1 text-amber-100/80">{data.error}</p>
        </div>
      ) : null}

      <div className="flex flex-col gap-3">
        <CategoryBar categories={data.categories} filters={filters} />
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <Form method="get" className="flex items-center gap-2" onChange={(event) => submit(event.currentTarget)}>
            {filters.category ? <input type="hidden" name="category" value={filters.category} /> : null}
            {filters.period === "week" ? <input type="hidden" name="period" value="week" /> : null}
            <label htmlFor="tag-filter" className="sr-only">
              {t("filters.tag")}
            </label>
            <select
              id="tag-filter"
              name="tag"
              defaultValue={filters.tag ?? ""}
              className="rounded-full border border-ink-700 bg-ink-900 px-3 py-1.5 text-ink-200"
            >
              <option value="">{t("filters.allTags")}</option>
              {data.tags.map((tag) => (
                <option key={tag.slug} value={tag.slug}>
                  #{tag.name}
                </option>
              ))}
            </select>
            <noscript>
              <button type="submit" className="rounded-full border border-ink-700 px-3 py-1.5">
                {t("filters.apply")}
              </button>
            </noscript>
          </Form>
          <nav aria-label={t("filters.period")} className="flex rounded-full border border-ink-700 p-0.5">
            {(["ongoing", "week"] as const).map((period) => (
              <Link
                key={period}
                to={`/${feedSearch({ ...filters, period })}`}
                aria-current={filters.period === period ? "page" : undefined}
                className="rounded-full px-3 py-1 text-ink-300 aria-[current=page]:bg-ink-700 aria-[current=page]:text-white"
              >
                {t(`filters.${period}`)}
              </Link>
            ))}
          </nav>
        </div>
      </div>

      {data.feed.total === 0 ? (
        <p role="status" className="rounded-2xl border border-dashed border-ink-700 px-6 py-16 text-center text-ink-300">
          {filters.category || filters.tag || filters.period === "week" ? t("empty.noClipsInCategory") : t("empty.noClips")}
        </p>
      ) : (
        <ClipFeed key={search} initial={data.feed.clips} total={data.feed.total} search={search} />
      )}

      <p className="text-center text-xs text-ink-300">
        {t("stats.summary", {
          videos: formatNumber(data.stats.videos, language),
          categories: formatNumber(data.stats.categories, language),
        })}
      </p>
    </div>
  );
}
