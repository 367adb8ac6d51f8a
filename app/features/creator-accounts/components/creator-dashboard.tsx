import { Link } from "react-router";
import { StatTiles } from "~/components/ui/stat-tiles";
import { formatNumber } from "~/lib/i18n/format";
import { useT } from "~/lib/i18n/react";
import type { Dashboard } from "../dashboard.server";

const LINK = "text-flame-300 underline underline-offset-4 hover:text-flame-400";

/** The owner's numbers: all-time and period tiles, views per day, and their clips one keyset page at a time. */
export function CreatorDashboard({
  creator,
  dashboard,
  continued,
}: {
  creator: { slug: string; name: string };
  dashboard: Dashboard;
  continued: boolean;
}) {
  const { t, language } = useT("creator-accounts");
  const days = dashboard.period.days;
  const base = `/my-creator?creator=${creator.slug}`;
  const n = (value: number) => formatNumber(value, language);
  const peak = Math.max(1, ...dashboard.daily.map((d) => d.views));
  return (
    <section aria-labelledby="dashboard-heading" className="flex flex-col gap-5">
      <h2 id="dashboard-heading" className="text-xl font-bold text-white">
        {t("dashboard.heading", { name: creator.name })}
      </h2>
      <nav aria-label={t("dashboard.period")} className="flex gap-2">
        {([7, 30] as const).map((period) => (
          <Link
            key={period}
            to={`${base}&days=${period}`}
            aria-current={period === days ? "page" : undefined}
            className={`rounded-full border px-4 py-1.5 text-sm font-semibold ${period === days ? "border-flame-400 bg-flame-500 text-white" : "border-ink-600 text-ink-200 hover:bg-ink-800"}`}
          >
            {t(`dashboard.days${period}`)}
          </Link>
        ))}
      </nav>
      <StatTiles
        label={t("dashboard.totals")}
        language={language}
        tiles={[
          { key: "views", label: t("dashboard.views"), value: dashboard.totals.views },
          { key: "flames", label: t("dashboard.flames"), value: dashboard.totals.flames },
          { key: "followers", label: t("dashboard.followers"), value: dashboard.totals.followers },
        ]}
      />
      <h3 className="text-lg font-bold text-white">{t("dashboard.inPeriod", { count: days })}</h3>
      <StatTiles
        label={t("dashboard.inPeriod", { count: days })}
        language={language}
        tiles={[
          { key: "period-views", label: t("dashboard.views"), value: dashboard.period.views },
          { key: "period-flames", label: t("dashboard.flames"), value: dashboard.period.flames },
          { key: "period-followers", label: t("dashboard.newFollowers"), value: dashboard.period.newFollowers },
        ]}
      />
      <figure className="rounded-2xl border border-ink-800 bg-ink-900 p-4">
        <figcaption className="mb-3 text-sm text-ink-300">{t("dashboard.chart", { count: days })}</figcaption>
        <ol className="flex h-28 items-end gap-px" aria-label={t("dashboard.chart", { count: days })}>
          {dashboard.daily.map((d) => (
            <li key={d.day} className="flex h-full flex-1 items-end">
              <span className="sr-only">
                {t("dashboard.chartDay", { day: d.day, views: n(d.views), flames: n(d.flames), follows: n(d.follows) })}
              </span>
              <span
                aria-hidden="true"
                className="w-full rounded-t bg-flame-500"
                style={{ height: `${Math.max(2, (d.views / peak) * 100)}%` }}
              />
            </li>
          ))}
        </ol>
      </figure>
      <h3 id="dashboard-clips" className="text-lg font-bold text-white">
        {t("dashboard.clips")}
      </h3>
      {dashboard.clips.length === 0 ? (
        <p className="text-ink-300">{t("dashboard.noClips")}</p>
      ) : (
        <div className="overflow-x-auto rounded-2xl border border-ink-800" tabIndex={0} role="region" aria-labelledby="dashboard-clips">
          <table className="w-full min-w-[40rem] text-left text-sm">
            <thead className="bg-ink-900 text-ink-300">
              <tr>
                <th scope="col" className="p-3">
                  {t("dashboard.clip")}
                </th>
                <th scope="col" className="p-3 text-right">
                  {t("dashboard.views")}
                </th>
                <th scope="col" className="p-3 text-right">
                  {t("dashboard.completion")}
                </th>
                <th scope="col" className="p-3 text-right">
                  {t("dashboard.flames")}
                </th>
                <th scope="col" className="p-3 text-right">
                  {t("dashboard.periodViews", { count: days })}
                </th>
                <th scope="col" className="p-3 text-right">
                  {t("dashboard.periodFlames", { count: days })}
                </th>
              </tr>
            </thead>
            <tbody>
              {dashboard.clips.map((clip) => (
                <tr key={clip.slug} data-clip={clip.slug} className="border-t border-ink-800">
                  <th scope="row" className="p-3 font-normal">
                    <Link to={`/video/${clip.slug}`} className={LINK}>
                      {clip.title}
                    </Link>
                  </th>
                  <td className="p-3 text-right tabular-nums">{n(clip.views)}</td>
                  <td className="p-3 text-right tabular-nums">
                    {clip.completionRate === null
                      ? "—"
                      : new Intl.NumberFormat(language, { style: "percent", maximumFractionDigits: 0 }).format(clip.completionRate)}
                  </td>
                  <td className="p-3 text-right tabular-nums">{n(clip.flames)}</td>
                  <td className="p-3 text-right tabular-nums">{n(clip.periodViews)}</td>
                  <td className="p-3 text-right tabular-nums">{n(clip.periodFlames)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className="flex flex-wrap gap-4">
        {continued ? (
          <Link to={`${base}&days=${days}`} className={LINK}>
            {t("dashboard.newest")}
          </Link>
        ) : null}
        {dashboard.next ? (
          <Link to={`${base}&days=${days}&after=${encodeURIComponent(dashboard.next)}`} className={LINK}>
            {t("dashboard.older")}
          </Link>
        ) : null}
      </div>
    </section>
  );
}
