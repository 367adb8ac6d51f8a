import { useEffect } from "react";
import { useFetcher, useRevalidator } from "react-router";
import type { ExportStatus } from "../export-status";
import { useT } from "~/lib/i18n/react";

const POLL_MS = 2_000;

/**
 * My account: "Download my data" — the member's copy of what the site keeps (docs/product.md §8.4). Asking queues a
 * job; while it runs the page looks again every 2 seconds; once ready, two links work for 24 hours (ADR 187).
 */
export function DataExportSection({ everything, status }: { everything: boolean; status: ExportStatus }) {
  const { t, language } = useT("my-account");
  const fetcher = useFetcher({ key: "data-export" });
  const { revalidate, state: revalidating } = useRevalidator();
  const preparing = status.state === "preparing" || fetcher.state !== "idle";
  useEffect(() => {
    if (status.state !== "preparing") return;
    const timer = setTimeout(() => {
      if (revalidating === "idle") void revalidate();
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [status, revalidate, revalidating]);
  const link = "inline-block rounded-full border border-ink-600 px-5 py-2 font-semibold text-white hover:bg-ink-800";
  return (
    <section aria-labelledby="data-export" className="rounded-2xl border border-ink-800 bg-ink-900 p-5">
      <h2 id="data-export" className="mb-2 text-lg font-bold text-white">
        {t("dataExport.heading")}
      </h2>
      <p className="mb-4 text-sm text-ink-300">{t(everything ? "dataExport.bodyAdult" : "dataExport.body")}</p>
      {status.state === "ready" ? (
        <>
          <p className="mb-3 text-sm text-ink-200" data-testid="data-export-ready">
            {t("dataExport.ready", {
              time: new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short" }).format(new Date(status.expiresAt)),
            })}
          </p>
          <div className="mb-4 flex flex-wrap gap-3">
            <a href={status.links.json} download className={link}>
              {t("dataExport.download")}
            </a>
            <a href={status.links.csv} download className={link}>
              {t("dataExport.downloadCsv")}
            </a>
          </div>
        </>
      ) : null}
      <p role="status" className="mb-3 text-sm text-ink-200">
        {preparing ? t("dataExport.preparing") : null}
      </p>
      {preparing ? null : (
        <fetcher.Form method="post" action="/my-account">
          <input type="hidden" name="intent" value="requestExport" />
          <button type="submit" className={link}>
            {t(status.state === "ready" ? "dataExport.prepareAgain" : "dataExport.prepare")}
          </button>
        </fetcher.Form>
      )}
    </section>
  );
}
