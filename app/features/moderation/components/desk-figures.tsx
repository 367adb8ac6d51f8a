import { Link } from "react-router";
import { formatNumber } from "~/lib/i18n/format";
import { useT } from "~/lib/i18n/react";
import type { QueueFigures } from "../figures.server";
import { focusRing } from "./admin-ui";
import { readableDuration } from "./statistics";

/** Per queue: open and overdue items, and how fast decisions came over 7 and 30 days. */
export function DeskFiguresView({ figures }: { figures: QueueFigures[] }) {
  const { t, language } = useT("admin");
  const n = (value: number) => formatNumber(value, language);
  const time = (seconds: number | null) => (seconds === null ? "—" : readableDuration(seconds, language));
  const removal = figures.find((f) => f.withinDeadline !== null);
  return (
    <section aria-labelledby="desk-figures" className="space-y-3">
      <h2 id="desk-figures" className="text-xl font-bold">
        {t("figures.heading")}
      </h2>
      <p className="text-ink-300">{t("dashboard.deadlineNote")}</p>
      <p className="text-lg" data-testid="within-deadline">
        {t("figures.withinDeadline")}:{" "}
        <strong>{removal?.withinDeadline != null ? `${Math.round(removal.withinDeadline * 100)} %` : t("figures.noDecisions")}</strong>
      </p>
      <div className={`overflow-x-auto ${focusRing}`} tabIndex={0} role="region" aria-label={t("figures.table")}>
        <table className="w-full min-w-[48rem] text-left text-sm [&_td]:px-2 [&_th]:px-2">
          <thead>
            <tr className="border-b border-ink-800">
              <th scope="col" className="py-2">
                {t("dashboard.queue")}
              </th>
              <th scope="col">{t("states.open")}</th>
              <th scope="col">{t("dashboard.overdue")}</th>
              <th scope="col">{t("figures.decided7")}</th>
              <th scope="col">{t("figures.median7")}</th>
              <th scope="col">{t("figures.p957")}</th>
              <th scope="col">{t("figures.decided30")}</th>
              <th scope="col">{t("figures.median30")}</th>
              <th scope="col">{t("figures.p9530")}</th>
            </tr>
          </thead>
          <tbody>
            {figures.map((f) => (
              <tr key={f.queue} className="border-b border-ink-900">
                <th scope="row" className="py-2 font-normal">
                  <Link to={`/admin/${f.queue}`} className={`text-flame-300 underline ${focusRing}`}>
                    {t(`queues.${f.queue}`)}
                  </Link>
                </th>
                <td>{n(f.open)}</td>
                <td>{f.overdue === null ? "—" : f.overdue > 0 ? <strong className="text-red-300">{n(f.overdue)}</strong> : "0"}</td>
                <td>{n(f.week.decided)}</td>
                <td>{time(f.week.median)}</td>
                <td>{time(f.week.p95)}</td>
                <td>{n(f.month.decided)}</td>
                <td>{time(f.month.median)}</td>
                <td>{time(f.month.p95)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
