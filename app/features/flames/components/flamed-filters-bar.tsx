import { Form, Link, useSubmit } from "react-router";
import { useT } from "~/lib/i18n/react";
import { hasFlamedFilters, flamedSearch, FLAMED_SORTS, type FlamedCategory, type FlamedFilters } from "../flamed-filters";
import { localName } from "~/lib/i18n/languages";

/**
 * Category and sort as a GET form (works without JavaScript through 'Apply';
 * with it, a change applies at once). Changing a filter starts again at page 1.
 */
export function FlamedFiltersBar({ filters, categories }: { filters: FlamedFilters; categories: FlamedCategory[] }) {
  const { t, language } = useT("flamed");
  const submit = useSubmit();
  const select = "rounded-xl border border-ink-600 bg-ink-950 px-3 py-2 text-sm text-white";
  return (
    <Form
      method="get"
      aria-label={t("filters.label")}
      // Remount on navigation so the selects show the URL's filters (back/forward, 'Clear filters').
      key={`${filters.category ?? "all"}-${filters.sort}-${filters.everyAudience}`}
      onChange={(event) => submit(event.currentTarget, { preventScrollReset: true })}
      className="flex flex-wrap items-end gap-3"
    >
      <div className="flex flex-col gap-1">
        <label htmlFor="liked-category" className="text-xs font-medium text-ink-300">
          {t("filters.category")}
        </label>
        <select id="liked-category" name="category" defaultValue={filters.category ?? "all"} className={select}>
          <option value="all">{t("filters.all")}</option>
          {categories.map((category) => (
            <option key={category.slug} value={category.slug}>
              {localName(language, category)}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor="liked-sort" className="text-xs font-medium text-ink-300">
          {t("filters.sort")}
        </label>
        <select id="liked-sort" name="sort" defaultValue={filters.sort} className={select}>
          {FLAMED_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {t(`filters.${sort}`)}
            </option>
          ))}
        </select>
      </div>
      {filters.everyAudience ? <input type="hidden" name="audiences" value="all" /> : null}
      <noscript>
        <button type="submit" className="rounded-full bg-white px-4 py-2 text-sm font-semibold text-ink-950">
          {t("filters.apply")}
        </button>
      </noscript>
      {hasFlamedFilters(filters) ? (
        <Link
          to={flamedSearch({ category: null, sort: "recent", everyAudience: filters.everyAudience })}
          className="py-2 text-sm text-ink-300 underline underline-offset-4 hover:text-white"
        >
          {t("filters.clear")}
        </Link>
      ) : null}
    </Form>
  );
}
