import { Link } from "react-router";
import { useT } from "~/lib/i18n/react";
import { claimHref, reportHref } from "../clip-report-links";

/**
 * The video page's clip menu: Report and Claim, with the clip filled in. A native disclosure, so it opens from the
 * keyboard and without JavaScript.
 */
export function ClipPageMenu({ slug, title }: { slug: string; title: string }) {
  const { t } = useT("clip");
  const item = "block rounded-lg px-3 py-2 text-sm text-white hover:bg-ink-800";
  return (
    <details className="clip-page-menu relative" data-testid="clip-menu">
      <summary className="flex h-10 cursor-pointer list-none items-center gap-1 rounded-full border border-ink-600 px-4 text-sm font-semibold text-white hover:bg-ink-800 [&::-webkit-details-marker]:hidden">
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4" fill="currentColor">
          <circle cx="5" cy="12" r="2" />
          <circle cx="12" cy="12" r="2" />
          <circle cx="19" cy="12" r="2" />
        </svg>
        {t("menu.open")}
        <span className="sr-only">: {title}</span>
      </summary>
      <ul className="clip-page-menu-list z-20 w-56 max-w-[calc(100vw-2rem)] rounded-xl border border-ink-700 bg-ink-900 p-1 shadow-xl">
        <li>
          <Link to={reportHref(slug)} className={item}>
            {t("menu.report")}
          </Link>
        </li>
        <li>
          <Link to={claimHref(slug)} className={item}>
            {t("menu.claim")}
          </Link>
        </li>
      </ul>
    </details>
  );
}
