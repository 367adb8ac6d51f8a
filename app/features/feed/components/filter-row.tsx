import { useEffect, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { Form, Link, useLocation, useNavigation, useSubmit } from "react-router";
import { useT } from "~/lib/i18n/react";
import { feedSearch, FEED_PERIODS, type FeedFilters, type TagOption } from "../feed-filters";
import { CategoryBar, type CategoryChip } from "./category-bar";

/**
 * Whether the feed is loading other filters. The first choice marks it at once, in the click itself
 * (flushSync), so the feed shows it is loading even while the router is still starting the navigation on a
 * busy phone, and a second click while loading is ignored even within the same frame.
 *
 * The mark ends when the router is idle again after a navigation or on a new location. The router's "loading" state
 * can be skipped by React: a navigation whose render waits for code (the CC button's, fetched by the same press)
 * commits its "idle" state directly, and a mark that waited for idle to change would stay, with the filters disabled.
 */
export function useFilterLoading() {
  const navigation = useNavigation();
  const { key } = useLocation();
  const navigating = navigation.state !== "idle" && navigation.location?.pathname === "/";
  const [chosen, setChosen] = useState(false);
  const busy = useRef(false);
  useEffect(() => {
    if (navigation.state !== "idle") return;
    busy.current = false;
    setChosen(false);
  }, [navigation.state, key]);
  const loading = navigating || chosen;
  return {
    loading,
    /** Every filter link's onClick: the first choice goes through, the next ones wait for it. */
    guard(event: React.MouseEvent) {
      if (busy.current || loading) return event.preventDefault();
      // A new tab or window is not this feed's navigation.
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      busy.current = true;
      flushSync(() => setChosen(true));
    },
  };
}

/** Category chips with '+N', the tag filter and the period: one row that scrolls sideways when narrow. */
export function FilterRow({
  categories,
  tags,
  filters,
  loading,
  guard,
}: {
  categories: CategoryChip[];
  tags: TagOption[];
  filters: FeedFilters;
  loading: boolean;
  guard: (event: React.MouseEvent) => void;
}) {
  const { t } = useT("feed");
  const submit = useSubmit();
  const row = useRef<HTMLDivElement>(null);
  const moreHidden = useHiddenToTheEnd(row);
  return (
    <div className="feed-filters" data-testid="feed-filters" aria-busy={loading}>
      <div ref={row} className="feed-filters-row" data-more={moreHidden || undefined}>
        {/* The Following tab (docs/product.md §6.6): one link, as the home page's first-load JavaScript has little room. */}
        <Link to="/following" data-testid="following-tab" className="filter-chip shrink-0">
          {t("tabs.following")}
        </Link>
        <CategoryBar categories={categories} filters={filters} onNavigate={guard} />
        <Form method="get" className="shrink-0" onChange={(event) => submit(event.currentTarget)}>
          {filters.category ? <input type="hidden" name="category" value={filters.category} /> : null}
          {filters.period === "week" ? <input type="hidden" name="period" value="week" /> : null}
          <label htmlFor="tag-filter" className="sr-only">
            {t("filters.tag")}
          </label>
          {/* Keyed by the filters so back/forward shows the URL's tag. */}
          <select
            key={feedSearch(filters)}
            id="tag-filter"
            name="tag"
            defaultValue={filters.tag ?? ""}
            disabled={loading}
            className="filter-select"
          >
            <option value="">{t("filters.allTags")}</option>
            {tags.map((tag) => (
              <option key={tag.slug} value={tag.slug}>
                {t("filters.tagOption", { name: tag.name, count: tag.clips })}
              </option>
            ))}
          </select>
          <noscript>
            <button type="submit" className="filter-chip ml-1">
              {t("filters.apply")}
            </button>
          </noscript>
        </Form>
        <nav aria-label={t("filters.period")} className="flex shrink-0 rounded-full border border-ink-700 p-0.5">
          {FEED_PERIODS.map((period) => (
            <Link
              key={period}
              to={`/${feedSearch({ ...filters, period })}`}
              aria-current={filters.period === period ? "page" : undefined}
              onClick={guard}
              className="whitespace-nowrap rounded-full px-3 py-1 text-sm text-ink-300 hover:text-white aria-[current=page]:bg-ink-700 aria-[current=page]:text-white"
            >
              {t(`filters.${period}`)}
            </Link>
          ))}
        </nav>
      </div>
      {/* On a phone the tag filter and the period sit past the screen's edge: a button at the edge says so and brings
          them into view (a row that merely scrolls gave no hint). */}
      {moreHidden ? (
        <button
          type="button"
          className="feed-filters-more"
          aria-label={t("filters.more")}
          title={t("filters.more")}
          onClick={() => {
            const el = row.current;
            const smooth = !window.matchMedia("(prefers-reduced-motion: reduce)").matches;
            el?.scrollTo({ left: el.scrollWidth, behavior: smooth ? "smooth" : "instant" });
          }}
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2.5">
            <path d="M9 6l6 6-6 6" />
          </svg>
        </button>
      ) : null}
      {/* The loading state shows at once, as a bar under the row (the stage dims too). */}
      {loading ? <div aria-hidden="true" className="feed-progress" /> : null}
    </div>
  );
}

/** Whether the row has content past its right edge (it scrolls sideways on narrow screens). */
function useHiddenToTheEnd(row: React.RefObject<HTMLDivElement | null>): boolean {
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    const el = row.current;
    if (!el) return;
    const update = () => setHidden(el.scrollLeft + el.clientWidth < el.scrollWidth - 8);
    update();
    el.addEventListener("scroll", update, { passive: true });
    const observer = new ResizeObserver(update);
    observer.observe(el);
    return () => {
      el.removeEventListener("scroll", update);
      observer.disconnect();
    };
  }, [row]);
  return hidden;
}
