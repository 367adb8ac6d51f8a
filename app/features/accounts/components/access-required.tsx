import { isRouteErrorResponse, Link, useLocation } from "react-router";
import { ErrorPage, NotFoundPage } from "~/components/error-pages";
import { useSiteName } from "~/lib/brand-context";
import { useT } from "~/lib/i18n/react";

/** True for the 401 that `requireUser` throws. */
export function isAccessRequired(error: unknown): boolean {
  return (
    isRouteErrorResponse(error) && error.status === 401 && Boolean((error.data as { accessRequired?: boolean } | null)?.accessRequired)
  );
}

/** docs/product.md §8.7: pages that need sign-in show 'Access Required' with a way home and a way in. */
export function AccessRequired() {
  const { t } = useT("accounts");
  const site = useSiteName();
  const location = useLocation();
  const next = encodeURIComponent(location.pathname + location.search);
  return (
    <section className="mx-auto flex max-w-md flex-col items-center gap-4 py-20 text-center" aria-labelledby="access-required-title">
      <title>{`${t("access.title")} · ${site}`}</title>
      <meta name="robots" content="noindex" />
      <span aria-hidden="true" className="flex h-14 w-14 items-center justify-center rounded-full bg-ink-800 text-ink-200">
        {/* An SVG, not an emoji: without an emoji font that would be a box. */}
        <svg viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2">
          <rect x="5" y="11" width="14" height="10" rx="2" />
          <path d="M8 11V8a4 4 0 0 1 8 0v3" />
        </svg>
      </span>
      <h1 id="access-required-title" className="text-2xl font-bold text-white">
        {t("access.title")}
      </h1>
      <p className="text-ink-300">{t("access.message")}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <Link to={`/auth/sign-in?next=${next}`} className="rounded-full bg-flame-600 px-5 py-2 font-semibold text-white hover:bg-flame-700">
          {t("access.signIn")}
        </Link>
        <Link to="/" className="rounded-full border border-ink-600 px-5 py-2 font-semibold text-white hover:bg-ink-800">
          {t("backToHome")}
        </Link>
      </div>
    </section>
  );
}

/** A route ErrorBoundary for signed-in pages: 'Access Required' for the 401, the usual pages otherwise. */
export function AccessRequiredBoundary({ error }: { error: unknown }) {
  if (isAccessRequired(error)) return <AccessRequired />;
  return isRouteErrorResponse(error) && error.status === 404 ? <NotFoundPage /> : <ErrorPage />;
}
