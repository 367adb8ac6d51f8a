import { Link, useLocation } from "react-router";
import { useT } from "~/lib/i18n/react";
import { pageWindow } from "~/lib/pagination";

/** Page links that keep the other query parameters; the page lives in `?page=`. */
export function Pagination({ page, totalPages }: { page: number; totalPages: number }) {
  const { t } = useT();
  const location = useLocation();
  if (totalPages <= 1) return null;
  const href = (target: number) => {
    const params = new URLSearchParams(location.search);
    if (target === 1) params.delete("page");
    else params.set("page", String(target));
    const query = params.toString();
    return `${location.pathname}${query ? `?${query}` : ""}`;
  };
  const item = "flex h-9 min-w-9 items-center justify-center rounded-full px-3 text-sm font-semibold";
  return (
    <nav aria-label={t("pagination.label")} className="flex flex-wrap items-center justify-center gap-1">
      {page > 1 ? (
        <Link to={href(page - 1)} rel="prev" className={`${item} text-ink-200 hover:bg-ink-800`}>
          {t("pagination.previous")}
        </Link>
      ) : null}
      {pageWindow(page, totalPages).map((entry) =>
        typeof entry === "number" ? (
          <Link
            key={entry}
            to={href(entry)}
            aria-label={t("pagination.page", { page: entry })}
            aria-current={entry === page ? "page" : undefined}
            className={`${item} text-ink-200 hover:bg-ink-800 aria-[current=page]:bg-white aria-[current=page]:text-ink-950`}
          >
            {entry}
          </Link>
        ) : (
          <span key={entry} aria-hidden="true" className={`${item} text-ink-300`}>
            …
          </span>
        ),
      )}
      {page < totalPages ? (
        <Link to={href(page + 1)} rel="next" className={`${item} text-ink-200 hover:bg-ink-800`}>
          {t("pagination.next")}
        </Link>
      ) : null}
    </nav>
  );
}
