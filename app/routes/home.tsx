import { data } from "react-router";
import { HomeFeed } from "~/features/feed";
import { getUser } from "~/features/accounts/index.server";
import { loadHomeFeed } from "~/features/feed/index.server";
import { timeZoneFromCookie, todayOverGoal } from "~/features/conscious/index.server";
import { mainSiteUrl } from "~/features/premium";
import type { ShellHandle } from "~/components/shell/site-header";
import { isLocalHost, siteNameFor } from "~/lib/brand-mode";
import { getServices, getVisitor } from "~/lib/context";
import type { I18nHandle } from "~/lib/i18n/react";
import { serverT } from "~/lib/i18n/server";
import { lazyView } from "~/lib/lazy-view";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/home";

// Shown to few visitors (Conscious Mode, a goal passed): loaded only when rendered, outside the
// home page's first-load JavaScript (docs/decisions/040-javascript-budgets.md).
const ConsciousLanding = lazyView(() => import("~/features/conscious/index.lazy-landing").then((m) => m.ConsciousLanding));
const GoalNudge = lazyView(() => import("~/features/conscious/index.lazy-nudge").then((m) => m.GoalNudge));

// The adult home is the full-screen feed: the shell's main leaves its width and padding to it.
export const handle: I18nHandle & ShellHandle = { i18n: ["feed", "follows", "conscious", "insights"], fullBleed: true };

export async function loader(args: Route.LoaderArgs) {
  const visitor = getVisitor(args);
  const services = getServices(args);
  const base = { origin: services.origin, path: "/" };

  if (visitor.brandMode === "conscious") {
    const t = await serverT(visitor.language, "conscious");
    const params = new URL(args.request.url).searchParams;
    return data({
      mode: "conscious" as const,
      premiumCta: premiumCta(params),
      // A visitor who came through Go Premium sees the way back (docs/product.md §11.2): the main site's root. On a
      // local host the brand is a remembered switch of this very site, so the landing always shows the way back:
      // without it the visitor is kept here until they type ?mode=adult.
      backTo:
        premiumCta(params) || isLocalHost(args.request.headers.get("host"))
          ? mainSiteUrl(services.env, args.request.headers.get("host"), visitor.brandMode)
          : null,
      meta: { ...base, title: t("meta.title"), description: t("meta.description"), siteName: siteNameFor(t, visitor.brandMode) },
    });
  }

  const t = await serverT(visitor.language);
  const user = await getUser(args);
  const [home, overGoal] = await Promise.all([
    loadHomeFeed({ request: args.request, services, visitor, userId: user?.id }),
    user ? todayOverGoal(services.db, { userId: user.id, timeZone: timeZoneFromCookie(args.request.headers.get("cookie")) }) : false,
  ]);
  return data({
    mode: "adult" as const,
    home: home.data,
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

/** The landing's query when Go Premium led here: it shows 'Activate Conscious Mode Now'. */
const premiumCta = (params: URLSearchParams) => params.get("source") === "header_premium_button" && params.get("cta") === "premium";

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = ({ data }) => (data ? pageMeta(data.meta) : []);

export default function Home({ loaderData }: Route.ComponentProps) {
  if (loaderData.mode === "conscious") return <ConsciousLanding premiumCta={loaderData.premiumCta} backTo={loaderData.backTo} />;
  return <HomeFeed data={loaderData.home} notice={loaderData.overGoal ? <GoalNudge /> : null} />;
}
