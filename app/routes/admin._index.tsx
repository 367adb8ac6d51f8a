import { Link } from "react-router";
import { requireAdmin } from "~/features/moderation/admins.server";
import { SiteStatisticsView } from "~/features/moderation/components/statistics";
import { dashboardCounts } from "~/features/moderation/queues.server";
import { siteStatistics } from "~/features/moderation/statistics.server";
import { getServices, getVisitor } from "~/lib/context";
import { type I18nHandle, useT } from "~/lib/i18n/react";
import { serverT } from "~/lib/i18n/server";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/admin._index";

export const handle: I18nHandle = { i18n: ["admin"] };

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  const { db, origin } = getServices(args);
  const t = await serverT(getVisitor(args).language, "admin");
  const [counts, statistics] = await Promise.all([dashboardCounts(db), siteStatistics(db)]);
  return {
    counts,
    statistics,
    meta: { title: t("dashboard.heading"), description: t("title"), origin, path: "/admin", siteName: t("brand.name"), noindex: true },
  };
}

export const meta: Route.MetaFunction = ({ data }) => (data ? pageMeta(data.meta) : []);

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const { t } = useT("admin");
  return (
    <section aria-labelledby="admin-dashboard" className="space-y-4">
      <h1 id="admin-dashboard" className="text-2xl font-bold">
        {t("dashboard.heading")}
      </h1>
      <p className="text-ink-300">{t("dashboard.deadlineNote")}</p>
      <table className="w-full text-left text-sm">
        <thead>
          <tr className="border-b border-ink-800">
            <th scope="col" className="py-2">
              {t("dashboard.queue")}
            </th>
            <th scope="col">{t("states.open")}</th>
            <th scope="col">{t("dashboard.overdue")}</th>
            <th scope="col">{t("states.resolved")}</th>
            <th scope="col">{t("states.rejected")}</th>
          </tr>
        </thead>
        <tbody>
          {loaderData.counts.map((c) => (
            <tr key={c.queue} className="border-b border-ink-900">
              <th scope="row" className="py-2 font-normal">
                <Link to={`/admin/${c.queue}`} className="text-flame-300 underline focus-visible:outline-2 focus-visible:outline-flame-400">
                  {t(`queues.${c.queue}`)}
                </Link>
              </th>
              <td>
                <Link
                  to={`/admin/${c.queue}?state=open`}
                  aria-label={t("dashboard.countLink", { queue: t(`queues.${c.queue}`), state: t("states.open"), count: c.open })}
                  className="underline"
                >
                  {c.open}
                </Link>
              </td>
              <td>{c.deadline ? c.overdue > 0 ? <strong className="text-red-300">{c.overdue}</strong> : 0 : "—"}</td>
              <td>
                <Link
                  to={`/admin/${c.queue}?state=resolved`}
                  aria-label={t("dashboard.countLink", { queue: t(`queues.${c.queue}`), state: t("states.resolved"), count: c.resolved })}
                  className="underline"
                >
                  {c.resolved}
                </Link>
              </td>
              <td>
                <Link
                  to={`/admin/${c.queue}?state=rejected`}
                  aria-label={t("dashboard.countLink", { queue: t(`queues.${c.queue}`), state: t("states.rejected"), count: c.rejected })}
                  className="underline"
                >
                  {c.rejected}
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <SiteStatisticsView statistics={loaderData.statistics} />
    </section>
  );
}
