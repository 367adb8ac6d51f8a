import { Link } from "react-router";
import { BarChart } from "~/components/ui/bar-chart";
import { DataTable } from "~/components/ui/data-table";
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
      {/* Each period is one unbroken pill ("Últimos 30 días" wrapped inside it at 360 px): the row wraps instead. */}
      <nav aria-label={t("dashboard.period")} className="flex flex-wrap gap-2">
        {([7, 30] as const).map((period) => (
          <Link
            key={period}
            to={`${base}&days=${period}`}
            aria-current={period === days ? "page" : undefined}
            className={`whitespace-nowrap rounded-full border px-4 py-1.5 text-sm font-semibold ${period === days ? "border-flame-400 bg-flame-500 text-white" : "border-ink-600 text-ink-200 hover:bg-ink-800"}`}
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
      <BarChart
        caption={t("dashboard.chart", { count: days })}
        label={t("dashboard.chart", { count: days })}
        size="short"
        max={peak}
        showZero
        bars={dashboard.daily.map((d) => ({
          key: d.day,
          label: t("dashboard.chartDay", { day: d.day, views: n(d.views), flames: n(d.flames), follows: n(d.follows) }),
          value: d.views,
          colour: "bg-flame-500",
        }))}
      />
      <h3 id="dashboard-clips" className="text-lg font-bold text-white">
        {t("dashboard.clips")}
      </h3>
      {dashboard.clips.length === 0 ? (
        <p className="text-ink-300">{t("dashboard.noClips")}</p>
      ) : (
        <DataTable
          tone="panel"
          region={{ labelledBy: "dashboard-clips" }}
          columns={[
            { key: "clip", header: t("dashboard.clip") },
            { key: "views", header: t("dashboard.views"), numeric: true },
            { key: "completion", header: t("dashboard.completion"), numeric: true },
            { key: "flames", header: t("dashboard.flames"), numeric: true },
            { key: "periodViews", header: t("dashboard.periodViews", { count: days }), numeric: true },
            { key: "periodFlames", header: t("dashboard.periodFlames", { count: days }), numeric: true },
          ]}
          rows={dashboard.clips.map((clip) => ({
            key: clip.slug,
            data: { clip: clip.slug },
            header: (
              <Link to={`/video/${clip.slug}`} className={LINK}>
                {clip.title}
              </Link>
            ),
            cells: [
              n(clip.views),
              clip.completionRate === null
                ? "—"
                : new Intl.NumberFormat(language, { style: "percent", maximumFractionDigits: 0 }).format(clip.completionRate),
              n(clip.flames),
              n(clip.periodViews),
              n(clip.periodFlames),
            ],
          }))}
        />
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
