import { Link } from "react-router";
import { deskFigures, requireModerator, siteStatistics } from "~/features/moderation/index.server";
import { DeskFiguresView, focusRing, SiteStatisticsView } from "~/features/moderation";
import { openCopiesCount } from "~/features/takedowns/index.server";
import { getServices, getVisitor } from "~/lib/context";
import { jobCounts } from "~/lib/jobs/index.server";
import { type I18nHandle, useT } from "~/lib/i18n/react";
import { serverT } from "~/lib/i18n/server";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/admin._index";

export const handle: I18nHandle = { i18n: ["admin"] };

export async function loader(args: Route.LoaderArgs) {
  await requireModerator(args);
  const { db, origin } = getServices(args);
  const t = await serverT(getVisitor(args).language, "admin");
  const [figures, statistics, jobs, copies] = await Promise.all([deskFigures(db), siteStatistics(db), jobCounts(db), openCopiesCount(db)]);
  return {
    figures,
    statistics,
    jobs,
    copies,
    meta: { title: t("dashboard.heading"), description: t("title"), origin, path: "/admin", siteName: t("brand.name"), noindex: true },
  };
}

export const meta: Route.MetaFunction = ({ data }) => (data ? pageMeta(data.meta) : []);

export default function AdminDashboard({ loaderData: d }: Route.ComponentProps) {
  const { t } = useT("admin");
  const link = `text-flame-300 underline ${focusRing}`;
  return (
    <section aria-labelledby="admin-dashboard" className="space-y-6">
      <h1 id="admin-dashboard" className="text-2xl font-bold">
        {t("dashboard.heading")}
      </h1>
      <DeskFiguresView figures={d.figures} />
      <ul className="flex flex-wrap gap-x-6 gap-y-2">
        <li>
          <Link to="/admin/copies" className={link}>
            {t("dashboard.copies", { count: d.copies })}
          </Link>
        </li>
        {(["queued", "running", "failed"] as const).map((state) => (
          <li key={state}>
            <Link to={`/admin/jobs?state=${state}`} className={link}>
              {t(`dashboard.jobs.${state}`, { count: d.jobs[state] ?? 0 })}
            </Link>
          </li>
        ))}
      </ul>
      <SiteStatisticsView statistics={d.statistics} />
    </section>
  );
}
