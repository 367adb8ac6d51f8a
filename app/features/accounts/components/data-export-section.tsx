import { useT } from "~/lib/i18n/react";

/** My account: "Download my data" — the member's copy of what the site keeps (docs/product.md §8.4). */
export function DataExportSection({ everything }: { everything: boolean }) {
  const { t } = useT("my-account");
  const link = "inline-block rounded-full border border-ink-600 px-5 py-2 font-semibold text-white hover:bg-ink-800";
  return (
    <section aria-labelledby="data-export" className="rounded-2xl border border-ink-800 bg-ink-900 p-5">
      <h2 id="data-export" className="mb-2 text-lg font-bold text-white">
        {t("dataExport.heading")}
      </h2>
      <p className="mb-4 text-sm text-ink-300">{t(everything ? "dataExport.bodyAdult" : "dataExport.body")}</p>
      <div className="flex flex-wrap gap-3">
        <a href="/my-account/data" download className={link}>
          {t("dataExport.download")}
        </a>
        <a href="/my-account/data?format=csv" download className={link}>
          {t("dataExport.downloadCsv")}
        </a>
      </div>
    </section>
  );
}
