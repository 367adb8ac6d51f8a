import { data } from "react-router";
import { HomeFeed } from "~/features/feed/components/home-feed";
import { getUser } from "~/features/accounts/session.server";
import { loadHomeFeed } from "~/features/feed/home.server";
import { todayOverGoal } from "~/features/conscious/insights.server";
import { listEmotions } from "~/features/conscious/emotions.server";
import { generationOf } from "~/lib/cache/generation.server";
import { Memo } from "~/lib/cache/memo.server";
import { timeZoneFromCookie } from "~/features/conscious/time-zone";
import type { ShellHandle } from "~/components/shell/site-header";
import { siteNameFor } from "~/lib/brand-mode";
import { getServices, getVisitor } from "~/lib/context";
import type { I18nHandle } from "~/lib/i18n/react";
import { serverT } from "~/lib/i18n/server";
import { lazyView } from "~/lib/lazy-view";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/home";

// Shown to few visitors (Conscious Mode, a goal passed): loaded only when rendered, outside the
// home page's first-load JavaScript (docs/decisions/040-javascript-budgets.md).
const ConsciousLanding = lazyView(() => import("~/features/conscious/components/conscious-landing").then((m) => m.ConsciousLanding));
// The usage timer hydrates once its chunk arrives, after the feed (its server HTML shows meanwhile).
const UsageTimer = lazyView(() => import("~/features/conscious/components/usage-timer").then((m) => m.UsageTimer));
const GoalNudge = lazyView(() => import("~/features/conscious/components/insights-goal-nudge").then((m) => m.GoalNudge));

// The adult home is the full-screen feed: the shell's main leaves its width and padding to it.
export const handle: I18nHandle & ShellHandle = { i18n: ["feed", "conscious", "insights"], fullBleed: true };

// The usage timer's emotions change only with the catalogue's reference data (docs/decisions/031-in-memory-caches.md).
const emotionsMemo = new Memo<Awaited<ReturnType<typeof listEmotions>>>({ ttlMs: 60_000, maxEntries: 4 });

export async function loader(args: Route.LoaderArgs) {
  const visitor = getVisitor(args);
  const services = getServices(args);
  const base = { origin: services.origin, path: "/" };

  if (visitor.brandMode === "conscious") {
    const t = await serverT(visitor.language, "conscious");
    const params = new URL(args.request.url).searchParams;
    return data({
      mode: "conscious" as const,
      premiumCta: params.get("source") === "header_premium_button" && params.get("cta") === "premium",
      meta: { ...base, title: t("meta.title"), description: t("meta.description"), siteName: siteNameFor(t, visitor.brandMode) },
    });
  }

  const t = await serverT(visitor.language);
  const user = await getUser(args);
  const [home, emotions, overGoal] = await Promise.all([
    loadHomeFeed({ request: args.request, services, visitor, userId: user?.id }),
    generationOf(services.db)
      .current()
      .then((generation) => emotionsMemo.get(visitor.language, generation, () => listEmotions(services.db, visitor.language))),
    user ? todayOverGoal(services.db, { userId: user.id, timeZone: timeZoneFromCookie(args.request.headers.get("cookie")) }) : false,
  ]);
  return data({
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
  });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = ({ data }) => (data ? pageMeta(data.meta) : []);

export default function Home({ loaderData }: Route.ComponentProps) {
  if (loaderData.mode === "conscious") return <ConsciousLanding premiumCta={loaderData.premiumCta} />;
  return (
    <HomeFeed
      data={loaderData.home}
      notice={loaderData.overGoal ? <GoalNudge /> : null}
      aside={<UsageTimer emotions={loaderData.emotions} signedIn={loaderData.home.signedIn} />}
    />
  );
}
