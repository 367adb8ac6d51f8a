import { Link, useLocation } from "react-router";
import { useSiteName } from "~/lib/brand-context";
import { useT } from "~/lib/i18n/react";

/**
 * `switchBack` is the shell's: Conscious Mode switched on from the main site on one (local) host is a remembered
 * `?mode=sfw`, and the clips' pages answer 404 until `?mode=adult` switches back. There the 404 offers that switch for
 * the same address. The server decides when (the host is known there), so the first load carries no host rules.
 */
export function NotFoundPage({ switchBack }: { switchBack?: boolean }) {
  const { t } = useT();
  const site = useSiteName();
  const { pathname, search } = useLocation();
  const params = new URLSearchParams(search);
  params.set("mode", "adult");
  const mainSite = switchBack ? `${pathname}?${params}` : null;
  return (
    <section className="mx-auto flex max-w-lg flex-col items-center gap-4 py-24 text-center">
      <title>{`${t("errors.metaNotFound")} · ${site}`}</title>
      <meta name="robots" content="noindex" />
      <p aria-hidden="true" className="text-7xl font-black text-flame-400">
        404
      </p>
      <h1 className="text-2xl font-bold text-white">{t("errors.notFoundTitle")}</h1>
      <p className="text-ink-300">{t("errors.notFoundMessage")}</p>
      {mainSite ? (
        <>
          <p className="text-ink-300">{t("errors.onMainSite")}</p>
          {/* A plain link: the server answers it with the main site (the switch is a cookie it sets). */}
          <a
            href={mainSite}
            className="rounded-full border border-ink-700 px-5 py-2 font-semibold text-ink-200 hover:border-calm-500 hover:text-white"
          >
            {t("errors.openOnMainSite")}
          </a>
        </>
      ) : null}
      <Link to="/" className="rounded-full bg-flame-600 px-5 py-2 font-semibold text-white hover:bg-flame-700">
        {t("errors.returnHome")}
      </Link>
    </section>
  );
}

export function ErrorPage() {
  const { t } = useT();
  const site = useSiteName();
  return (
    <section role="alert" className="mx-auto flex max-w-lg flex-col items-center gap-4 py-24 text-center">
      <title>{`${t("errors.metaError")} · ${site}`}</title>
      <meta name="robots" content="noindex" />
      <h1 className="text-2xl font-bold text-white">{t("errors.title")}</h1>
      <p className="text-ink-300">{t("errors.message")}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="rounded-full bg-flame-600 px-5 py-2 font-semibold text-white hover:bg-flame-700"
        >
          {t("errors.tryAgain")}
        </button>
        <a href="/" className="rounded-full border border-ink-600 px-5 py-2 font-semibold text-white hover:bg-ink-800">
          {t("errors.homePage")}
        </a>
      </div>
      <a href="/contato" className="text-sm text-ink-300 underline underline-offset-4 hover:text-white">
        {t("errors.contactUs")}
      </a>
    </section>
  );
}
