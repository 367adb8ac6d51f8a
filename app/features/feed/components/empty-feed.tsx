import { Link } from "react-router";
import { useT } from "~/lib/i18n/react";
import { hasFeedFilters, type FeedFilters, type TagOption } from "../feed-filters";
import type { CategoryChip } from "./category-bar";
import { localName } from "~/lib/i18n/languages";

/**
 * No clip to show. Without filters it is 'No clips available' with a link
 * to /submit; with a category alone, 'No clips found for this category.'
 * (docs/product.md §5.7); with other filters, what is filtered. Filtered cases offer
 * 'Clear filters'.
 */
export function EmptyFeed({ filters, categories, tags }: { filters: FeedFilters; categories: CategoryChip[]; tags: TagOption[] }) {
  const { t, language } = useT("feed");
  if (!hasFeedFilters(filters)) {
    return (
      <div role="status" className="feed-empty">
        <p className="text-lg font-semibold text-white">
          {t("empty.noClipsLead")}{" "}
          <Link to="/submit" className="text-flame-300 underline underline-offset-4 hover:text-white">
            {t("empty.submit")}
          </Link>
        </p>
      </div>
    );
  }
  const category = categories.find((c) => c.slug === filters.category);
  const tag = tags.find((option) => option.slug === filters.tag);
  const applied = [
    filters.category ? t("empty.byCategory", { name: category ? localName(language, category) : filters.category }) : null,
    filters.tag ? t("empty.byTag", { name: tag?.name ?? filters.tag }) : null,
    filters.period === "week" ? t("filters.week") : null,
  ].filter((part): part is string => Boolean(part));
  const categoryOnly = filters.category !== null && filters.tag === null && filters.period === "ongoing";
  return (
    <div role="status" className="feed-empty">
      <p className="text-lg font-semibold text-white">{categoryOnly ? t("empty.noClipsInCategory") : t("empty.noClipsForFilters")}</p>
      <p className="text-sm text-ink-300" data-testid="empty-filters">
        {t("empty.filteredBy", { filters: applied.join(" · ") })}
      </p>
      <Link to="/" className="rounded-full bg-white px-5 py-2 font-semibold text-ink-950 hover:bg-ink-200">
        {t("filters.clear")}
      </Link>
    </div>
  );
}
