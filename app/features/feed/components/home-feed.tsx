import { useState } from "react";
import { useLocation } from "react-router";
import { formatNumber } from "~/lib/i18n/format";
import { useT } from "~/lib/i18n/react";
import { lazyView } from "~/lib/lazy-view";
import { feedSearch, type FeedFilters, type TagOption } from "../feed-filters";
import type { FeedClip } from "../feed-clip";
import type { CategoryChip } from "./category-bar";
import { ClipFeed } from "./clip-feed";
import { FilterRow, useFilterLoading } from "./filter-row";

// An empty feed is rare: its view loads only when shown (docs/decisions/040-javascript-budgets.md).
const EmptyFeed = lazyView(() => import("./empty-feed").then((m) => m.EmptyFeed));

export interface HomeFeedData {
  filters: FeedFilters;
  categories: CategoryChip[];
  tags: TagOption[];
  stats: { videos: number; categories: number };
  feed: { clips: FeedClip[]; total: number };
  signedIn: boolean;
  /** Set when clips or categories could not be loaded. */
  error: string | null;
}

/**
 * The adult home: filters in one row, the full-screen feed under it and, from
 * large screens on, the usage timer and stats to its left and Up Next to its
 * right (under the feed on smaller screens). `aside` is the usage timer and
 * `notice` the goal nudge, handed in by the route.
 */
export function HomeFeed({ data, aside, notice }: { data: HomeFeedData; aside?: React.ReactNode; notice?: React.ReactNode }) {
  const { t, language } = useT("feed");
  const { filters } = data;
  const search = feedSearch(filters);
  const { loading, guard } = useFilterLoading();
  // Bumped when the visitor chooses another order (For you / Newest / Shuffle): the feed starts again in it.
  const [orderVersion, setOrderVersion] = useState(0);
  // Each history entry has its own feed: the logo, or the chosen filter's link, taken on the feed itself starts it again
  // (a new entry, as from another page), and Back gives each entry its kept place (ADR 250).
  const { key } = useLocation();

  return (
    <div className="home-grid" aria-busy={loading}>
      <FilterRow categories={data.categories} tags={data.tags} filters={filters} loading={loading} guard={guard} />
      {data.feed.total === 0 ? (
        <div className="feed-stage">
          <EmptyFeed filters={filters} categories={data.categories} tags={data.tags} />
        </div>
      ) : (
        <ClipFeed
          key={`${search}#${orderVersion}#${key}`}
          initial={data.feed.clips}
          total={data.feed.total}
          search={search}
          signedIn={data.signedIn}
          onReorder={() => setOrderVersion((n) => n + 1)}
        />
      )}
      {data.error ? (
        <div role="alert" className="feed-alert">
          <p className="font-semibold text-amber-200">{t("errors.serviceUnavailable")}</p>
          <p className="mt-1 text-amber-100/80">{data.error}</p>
        </div>
      ) : null}
      {loading ? (
        <div role="status" className="feed-loading">
          <span aria-hidden="true" className="h-8 w-8 animate-spin rounded-full border-4 border-white/30 border-t-white" />
          {t("filters.loading")}
        </div>
      ) : null}
      {notice ? <div className="feed-notice">{notice}</div> : null}
      <div className="feed-aside">
        {aside}
        <p className="text-center text-xs text-ink-300 lg:text-left">
          {t("stats.summary", {
            videos: formatNumber(data.stats.videos, language),
            categories: formatNumber(data.stats.categories, language),
          })}
        </p>
      </div>
    </div>
  );
}
