import { AccessRequiredBoundary } from "~/features/accounts";
import { requireUser } from "~/features/accounts/index.server";
import { WeeklyReportView } from "~/features/conscious";
import { loadWeeklyReport, setWeeklyMail, timeZoneFromCookie, weeklyMailOn } from "~/features/conscious/index.server";
import { siteNameFor } from "~/lib/brand-mode";
import { getServices, getVisitor } from "~/lib/context";
import type { I18nHandle } from "~/lib/i18n/react";
import { serverT } from "~/lib/i18n/server";
import { handleAction } from "~/lib/http/action.server";
import { pageMeta } from "~/lib/meta";
import { z } from "zod";
import type { Route } from "./+types/insights.week";

export const handle: I18nHandle = { i18n: ["insights", "accounts"] };

/** The weekly report: a member's own figures, never cached (the root sends personal pages as private). */
export async function loader(args: Route.LoaderArgs) {
  const user = await requireUser(args);
  const { db, origin } = getServices(args);
  const visitor = getVisitor(args);
  const [report, weeklyMail, t] = await Promise.all([
    loadWeeklyReport(db, {
      userId: user.id,
      language: visitor.language,
      timeZone: timeZoneFromCookie(args.request.headers.get("cookie")),
      brandMode: visitor.brandMode,
    }),
    weeklyMailOn(db, user.id),
    serverT(visitor.language, "insights"),
  ]);
  const siteName = siteNameFor(t, visitor.brandMode);
  return {
    report,
    weeklyMail,
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

/** Turns the weekly e-mail on (in the language and time zone in use now) or off. */
export const action = (args: Route.ActionArgs) =>
  handleAction(args, {
    namespace: "insights",
    schema: z.object({ weeklyMail: z.enum(["on", "off"], "weeklyMail.invalid") }),
    handle: async ({ weeklyMail }) => {
      const user = await requireUser(args);
      const on = weeklyMail === "on";
      await setWeeklyMail(getServices(args).db, user.id, on, {
        language: getVisitor(args).language,
        timeZone: timeZoneFromCookie(args.request.headers.get("cookie")),
      });
      return { weeklyMail: on };
    },
  });

export const meta: Route.MetaFunction = ({ data }) => (data ? pageMeta(data.meta) : []);

export default function WeeklyReportRoute({ loaderData }: Route.ComponentProps) {
  return <WeeklyReportView report={loaderData.report} weeklyMail={loaderData.weeklyMail} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AccessRequiredBoundary error={error} />;
}
