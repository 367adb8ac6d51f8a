import { Link } from "react-router";
import { formatLongDate, formatNumber } from "~/lib/i18n/format";
import { useT } from "~/lib/i18n/react";
import type { LedgerEntry } from "../points.server";

const LINK = "text-flame-300 underline underline-offset-4 hover:text-flame-400";

/** A creator's points: the total, what they buy, their share link and one page of the ledger (reason, points, date). */
export function PointsLedger({
  points,
  shareUrl,
  olderHref,
  newestHref,
  children,
}: {
  points: { total: number; entries: LedgerEntry[]; next: string | null };
  shareUrl: string;
  olderHref: string | null;
  newestHref: string | null;
  children?: React.ReactNode;
}) {
  const { t, language } = useT("points");
  return (
    <section
      aria-labelledby="points-heading"
      data-points={points.total}
      className="flex flex-col gap-3 rounded-2xl border border-ink-800 bg-ink-900 p-5"
    >
      <h2 id="points-heading" className="text-lg font-bold text-white">
        {t("heading")}:{" "}
        <span data-testid="points-total">{t("total", { count: points.total, formatted: formatNumber(points.total, language) })}</span>
      </h2>
      <p className="text-sm text-ink-300">{t("intro")}</p>
      <p className="text-sm text-ink-200">
        {t("shareLink")} <code className="break-all rounded bg-ink-800 px-1.5 py-0.5 text-white">{shareUrl}</code>
      </p>
      <h3 className="font-semibold text-white">{t("ledger")}</h3>
      {points.entries.length === 0 ? (
        <p className="text-sm text-ink-300">{t("empty")}</p>
      ) : (
        <ol aria-label={t("ledger")} className="flex flex-col divide-y divide-ink-800">
          {points.entries.map((entry) => (
            <li key={entry.id} data-reason={entry.reason} className="flex flex-wrap items-baseline justify-between gap-x-4 py-2 text-sm">
              <span className="text-ink-100">{t(`reasons.${entry.reason}`)}</span>
              <span className="flex gap-4">
                <time dateTime={entry.at} className="text-ink-300">
                  {formatLongDate(entry.at, language)}
                </time>
                <span className="font-semibold tabular-nums text-emerald-300">{t("entry", { points: entry.points })}</span>
              </span>
            </li>
          ))}
        </ol>
      )}
      <div className="flex flex-wrap gap-4 text-sm">
        {newestHref ? (
          <Link to={newestHref} className={LINK}>
            {t("newest")}
          </Link>
        ) : null}
        {olderHref && points.next ? (
          <Link to={olderHref} className={LINK}>
            {t("older")}
          </Link>
        ) : null}
        {children}
      </div>
    </section>
  );
}
