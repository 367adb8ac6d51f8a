import { Link } from "react-router";
import { useT } from "~/lib/i18n/react";
import { CATEGORY_BAR_VISIBLE, feedSearch, type FeedFilters } from "../feed-filters";

export interface CategoryChip {
  slug: string;
  nameEn: string;
  nameEs: string;
  color: string;
}

/** All, the first three categories by order_priority, and '+N' for the rest (SPEC Home). */
export function CategoryBar({ categories, filters }: { categories: CategoryChip[]; filters: FeedFilters }) {
  const { t, language } = useT("discovery");
  const name = (c: CategoryChip) => (language === "es" ? c.nameEs : c.nameEn);
  const visible = categories.slice(0, CATEGORY_BAR_VISIBLE);
  const rest = categories.slice(CATEGORY_BAR_VISIBLE);
  const to = (category: string | null) => `/${feedSearch({ ...filters, category })}`;
  const chip = "rounded-full border px-3 py-1.5 text-sm font-semibold transition whitespace-nowrap sm:px-3.5";
  const activeInRest = rest.find((c) => c.slug === filters.category);

  return (
    <nav aria-label={t("categories.label")} className="relative flex flex-wrap items-center gap-2">
      <ul className="flex flex-wrap items-center gap-2">
        <li>
          <Link
            to={to(null)}
            aria-current={filters.category === null ? "page" : undefined}
            className={`${chip} border-ink-700 text-ink-200 hover:border-ink-600 aria-[current=page]:border-white aria-[current=page]:bg-white aria-[current=page]:text-ink-950`}
          >
            {t("categories.all")}
          </Link>
        </li>
        {visible.map((category) => (
          <li key={category.slug}>
            <Link
              to={to(category.slug)}
              aria-current={filters.category === category.slug ? "page" : undefined}
              style={{ "--chip": category.color } as React.CSSProperties}
              className={`${chip} border-ink-700 text-ink-200 hover:border-[var(--chip)] aria-[current=page]:border-[var(--chip)] aria-[current=page]:bg-[var(--chip)] aria-[current=page]:text-white`}
            >
              {name(category)}
            </Link>
          </li>
        ))}
      </ul>
      {rest.length ? (
        <details className="sm:relative">
          <summary
            aria-label={t("categories.more", { count: rest.length })}
            className={`${chip} ${activeInRest ? "border-white bg-white text-ink-950" : "border-ink-700 text-ink-200 hover:border-ink-600"}`}
          >
            {activeInRest ? name(activeInRest) : `+${rest.length}`}
          </summary>
          {/* Under the chip; on narrow screens, where the chip may sit at either edge, at the bar's left edge so it stays on screen. */}
          <ul className="absolute left-0 z-20 mt-2 min-w-40 rounded-xl border border-ink-700 bg-ink-900 p-1 shadow-xl">
            {rest.map((category) => (
              <li key={category.slug}>
                <Link
                  to={to(category.slug)}
                  aria-current={filters.category === category.slug ? "page" : undefined}
                  className="flex items-center gap-2 rounded-lg px-3 py-2 text-sm hover:bg-ink-800 aria-[current=page]:font-bold aria-[current=page]:text-white"
                >
                  <span aria-hidden="true" className="h-2.5 w-2.5 rounded-full" style={{ background: category.color }} />
                  {name(category)}
                </Link>
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </nav>
  );
}
