import { Link } from "react-router";
import { useT } from "~/lib/i18n/react";

/**
 * My account: what the site records of what the member watches, their history (and whether it is paused), and
 * their copy of it (docs/product.md §5.9).
 */
export function WatchDataSection({ historyPaused = false }: { historyPaused?: boolean }) {
  const { t } = useT("my-account");
  const { t: tHistory } = useT("history");
  return (
    <section aria-labelledby="watch-data" className="rounded-2xl border border-ink-800 bg-ink-900 p-5">
      <h2 id="watch-data" className="mb-2 text-lg font-bold text-white">
        {t("watchData.heading")}
      </h2>
      <p className="mb-4 text-sm text-ink-300">{t("watchData.body")}</p>
      {historyPaused ? (
        <p className="mb-4 text-sm font-semibold text-flame-300" data-history-state="paused">
          {tHistory("account.paused")}
        </p>
      ) : null}
      <p className="mb-4">
        <Link to="/watch-history" className="text-flame-300 underline hover:text-white">
          {tHistory("account.link")}
        </Link>
      </p>
      <a
        href="/my-account/watch-data"
        download
        className="inline-block rounded-full border border-ink-600 px-5 py-2 font-semibold text-white hover:bg-ink-800"
      >
        {t("watchData.download")}
      </a>
    </section>
  );
}
