import { AccessRequiredBoundary } from "~/features/accounts";
import { requireUser } from "~/features/accounts/index.server";
import { InsightsPage } from "~/features/conscious";
import { loadInsights, parseGoalMinutes, saveGoal, timeZoneFromCookie } from "~/features/conscious/index.server";
import { getServices, getVisitor } from "~/lib/context";
import type { I18nHandle } from "~/lib/i18n/react";
import { serverT } from "~/lib/i18n/server";
import { pageMeta } from "~/lib/meta";
import { siteNameFor } from "~/lib/brand-mode";
import { handleAction } from "~/lib/http/action.server";
import { z } from "zod";
import type { Route } from "./+types/insights";

export const handle: I18nHandle = { i18n: ["insights", "accounts"] };

export async function loader(args: Route.LoaderArgs) {
  const user = await requireUser(args);
  const { db, origin } = getServices(args);
  const visitor = getVisitor(args);
  const [insights, t] = await Promise.all([
    loadInsights(db, {
      userId: user.id,
      language: visitor.language,
      timeZone: timeZoneFromCookie(args.request.headers.get("cookie")),
      brandMode: visitor.brandMode,
    }),
    serverT(visitor.language, "insights"),
  ]);
  const siteName = siteNameFor(t, visitor.brandMode);
  return {
    insights,
    meta: {
      title: `${t("title")} · ${siteName}`,
      description: t("metaDescription"),
      origin,
      path: "/insights",
      siteName,
      noindex: true,
    },
  };
}

/** Saves or clears the daily-limit goal (ADR 024: a bad number is a 400 in the common reply). */
export const action = (args: Route.ActionArgs) =>
  handleAction(args, {
    namespace: "insights",
    schema: z.object({ minutes: z.string().optional() }),
    handle: async ({ minutes }) => {
      const user = await requireUser(args);
      const seconds = parseGoalMinutes(minutes ?? null);
      await saveGoal(getServices(args).db, user.id, seconds);
      return { cleared: seconds === null };
    },
  });

export const meta: Route.MetaFunction = ({ data }) => (data ? pageMeta(data.meta) : []);

export default function InsightsRoute({ loaderData }: Route.ComponentProps) {
  return <InsightsPage insights={loaderData.insights} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AccessRequiredBoundary error={error} />;
}
