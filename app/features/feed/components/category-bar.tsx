import { useEffect, useRef } from "react";
import { Link, useLocation } from "react-router";
import { useT } from "~/lib/i18n/react";
import { CATEGORY_BAR_VISIBLE, feedSearch, type FeedFilters } from "../feed-filters";
import { localName } from "~/lib/i18n/languages";

export interface CategoryChip {
  slug: string;
  nameEn: string;
  nameEs: string;
  color: string;
}

const MENU_ID = "more-categories";

/**
 * All, the first three categories by order_priority, and '+N' for the rest (docs/product.md §5.1).
 * The '+N' list is a popover: it sits above everything (the filter row scrolls sideways
 * on phones and would clip a dropdown), closes on Escape and outside clicks by itself,
 * and on a choice or any navigation here.
 */
export function CategoryBar({
  categories,
  filters,
  onNavigate,
}: {
  categories: CategoryChip[];
  filters: FeedFilters;
  /** Called on every choice: it cancels the navigation while another filter is still loading. */
  onNavigate: (event: React.MouseEvent) => void;
}) {
  const { t, language } = useT("feed");
  const name = (c: CategoryChip) => localName(language, c);
  const visible = categories.slice(0, CATEGORY_BAR_VISIBLE);
  const rest = categories.slice(CATEGORY_BAR_VISIBLE);
  const to = (category: string | null) => `/${feedSearch({ ...filters, category })}`;
  const activeInRest = rest.find((c) => c.slug === filters.category);
  const menu = useRef<HTMLDivElement>(null);
  const location = useLocation();

  // Any navigation (a choice, back/forward, a link elsewhere) closes the list.
  useEffect(() => {
    if (menu.current?.matches(":popover-open")) menu.current.hidePopover();
  }, [location.key]);

  const more = t("categories.more", { count: rest.length });
  return (
    <nav aria-label={t("categories.label")} className="shrink-0">
      <ul className="flex items-center gap-1.5">
        <li>
          <Link to={to(null)} aria-current={filters.category === null ? "page" : undefined} onClick={onNavigate} className="filter-chip">
            {t("categories.all")}
          </Link>
        </li>
        {visible.map((category) => (
          <li key={category.slug}>
            <Link
              to={to(category.slug)}
              aria-current={filters.category === category.slug ? "page" : undefined}
              onClick={onNavigate}
              style={{ "--chip": category.color } as React.CSSProperties}
              className="filter-chip filter-chip-coloured"
            >
              {name(category)}
            </Link>
          </li>
        ))}
        {rest.length ? (
          <li>
            <button
              type="button"
              popoverTarget={MENU_ID}
              aria-label={activeInRest ? `${name(activeInRest)}, ${more}` : more}
              data-active={activeInRest ? "" : undefined}
              className="filter-chip filter-more-button"
            >
              {activeInRest ? name(activeInRest) : `+${rest.length}`}
              <svg aria-hidden="true" viewBox="0 0 24 24" className="h-3.5 w-3.5" fill="none" stroke="currentColor" strokeWidth="2.5">
                <path d="M6 9l6 6 6-6" />
              </svg>
            </button>
          </li>
        ) : null}
      </ul>
      {rest.length ? (
        <div ref={menu} id={MENU_ID} popover="auto" className="filter-more-menu" onToggle={placeWithoutAnchors}>
          <ul className="flex flex-col">
            {rest.map((category) => (
              <li key={category.slug}>
                <Link
                  to={to(category.slug)}
                  aria-current={filters.category === category.slug ? "page" : undefined}
                  onClick={(event) => {
                    onNavigate(event);
                    menu.current?.hidePopover();
                  }}
                  className="flex items-center gap-2 rounded-lg px-3 py-2 text-sm hover:bg-ink-800 aria-[current=page]:font-bold aria-[current=page]:text-white"
                >
                  <span aria-hidden="true" className="h-2.5 w-2.5 rounded-full" style={{ background: category.color }} />
                  {name(category)}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </nav>
  );
}

/** Browsers without CSS anchor positioning: put the open list under its button by hand. */
function placeWithoutAnchors(event: React.ToggleEvent<HTMLDivElement>) {
  if (event.newState !== "open" || CSS.supports("position-area: bottom")) return;
  const button = document.querySelector<HTMLElement>(`[popovertarget="${MENU_ID}"]`);
  if (!button) return;
  const box = button.getBoundingClientRect();
  const menu = event.currentTarget;
  menu.style.inset = "auto";
  menu.style.top = `${box.bottom + 6}px`;
  menu.style.left = `${Math.max(8, Math.min(box.left, window.innerWidth - menu.offsetWidth - 8))}px`;
}
