import { data } from "react-router";
import { HomeDiscovery } from "~/features/feed/components/home-discovery";
import { getUser } from "~/features/accounts/session.server";
import { loadHomeDiscovery } from "~/features/feed/home.server";
import { GoalNudge } from "~/features/habits/components/insights-goal-nudge";
import { UsageTimer } from "~/features/habits/components/usage-timer";
import { todayOverGoal } from "~/features/habits/insights.server";
import { listEmotions } from "~/features/habits/emotions.server";
import { timeZoneFromCookie } from "~/features/habits/time-zone";
import { SafeLanding } from "~/features/safe-mode/components/safe-landing";
import type { ShellHandle } from "~/components/shell/site-header";
import { siteNameFor } from "~/lib/brand-mode";
import { getServices, getVisitor } from "~/lib/context";
import type { I18nHandle } from "~/lib/i18n/react";
import { serverT } from "~/lib/i18n/server";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/home";

// The adult home is the full-screen feed: the shell's main leaves its width and padding to it.
export const handle: I18nHandle & ShellHandle = { i18n: ["discovery", "safe", "habits", "insights"], fullBleed: true };

export async function loader(args: Route.LoaderArgs) {
  const visitor = getVisitor(args);
  const services = getServices(args);
  const base = { origin: services.origin, path: "/" };

  if (visitor.brandMode === "safe") {
    const t = await serverT(visitor.language, "safe");
    const params = new URL(args.request.url).searchParams;
    return data({
      mode: "safe" as const,
      premiumCta: params.get("source") === "header_premium_button" && params.get("cta") === "premium",
      meta: { ...base, title: t("meta.title"), description: t("meta.description"), siteName: siteNameFor(t, visitor.brandMode) },
    });
  }

  const t = await serverT(visitor.language);
  const user = await getUser(args);
  const [home, emotions, overGoal] = await Promise.all([
    loadHomeDiscovery({ request: args.request, services, visitor, userId: user?.id }),
    listEmotions(services.db, visitor.language),
    user ? todayOverGoal(services.db, { userId: user.id, timeZone: timeZoneFromCookie(args.request.headers.get("cookie")) }) : false,
  ]);
  return data(
    {
      mode: "adult" as const,
      home: home.data,
      emotions,
      overGoal,
      // An empty feed (an unknown category, a quiet week) is not worth indexing.
      meta: {
        ...base,
        title: t("meta.homeTitle"),
        description: t("meta.homeDescription"),
        siteName: siteNameFor(t, visitor.brandMode),
        noindex: home.data.feed.total === 0,
      },
    },
    { headers: home.setCookie ? { "Set-Cookie": home.setCookie } : undefined },
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = ({ data }) => (data ? pageMeta(data.meta) : []);

export default function Home({ loaderData }: Route.ComponentProps) {
  if (loaderData.mode === "safe") return <SafeLanding premiumCta={loaderData.premiumCta} />;
  return (
    <HomeDiscovery
      data={loaderData.home}
      notice={loaderData.overGoal ? <GoalNudge /> : null}
      aside={<UsageTimer emotions={loaderData.emotions} signedIn={loaderData.home.signedIn} />}
    />
  );
}
