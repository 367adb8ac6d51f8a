import { AccessRequiredBoundary } from "~/features/accounts";
import { requireUser } from "~/features/accounts/index.server";
import { WeeklyReportView } from "~/features/conscious";
import { loadWeeklyReport, timeZoneFromCookie } from "~/features/conscious/index.server";
import { siteNameFor } from "~/lib/brand-mode";
import { getServices, getVisitor } from "~/lib/context";
import type { I18nHandle } from "~/lib/i18n/react";
import { serverT } from "~/lib/i18n/server";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/insights.week";

export const handle: I18nHandle = { i18n: ["insights", "accounts"] };

/** The weekly report: a member's own figures, never cached (the root sends personal pages as private). */
export async function loader(args: Route.LoaderArgs) {
  const user = await requireUser(args);
  const { db, origin } = getServices(args);
  const visitor = getVisitor(args);
  const [report, t] = await Promise.all([
    loadWeeklyReport(db, {
      userId: user.id,
      language: visitor.language,
      timeZone: timeZoneFromCookie(args.request.headers.get("cookie")),
      brandMode: visitor.brandMode,
    }),
    serverT(visitor.language, "insights"),
  ]);
  const siteName = siteNameFor(t, visitor.brandMode);
  return {
    report,
    meta: {
      title: `${t("week.title")} · ${siteName}`,
      description: t("week.metaDescription"),
      origin,
      path: "/insights/week",
      siteName,
      noindex: true,
    },
  };
}

export const meta: Route.MetaFunction = ({ data }) => (data ? pageMeta(data.meta) : []);

export default function WeeklyReportRoute({ loaderData }: Route.ComponentProps) {
  return <WeeklyReportView report={loaderData.report} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AccessRequiredBoundary error={error} />;
}
