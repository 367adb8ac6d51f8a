import { data } from "react-router";
import { HomeDiscovery } from "~/features/feed/components/home-discovery";
import { getUser } from "~/features/accounts/session.server";
import { loadHomeDiscovery } from "~/features/feed/home.server";
import { SafeLanding } from "~/features/safe-mode/components/safe-landing";
import { getServices, getVisitor } from "~/lib/context";
import type { I18nHandle } from "~/lib/i18n/react";
import { serverT } from "~/lib/i18n/server";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/home";

export const handle: I18nHandle = { i18n: ["discovery", "safe"] };

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
      meta: { ...base, title: t("meta.title"), description: t("meta.description"), siteName: t("brand.safeName") },
    });
  }

  const t = await serverT(visitor.language);
  const user = await getUser(args);
  const home = await loadHomeDiscovery({ request: args.request, services, visitor, userId: user?.id });
  return data(
    {
      mode: "adult" as const,
      home: home.data,
      meta: { ...base, title: t("meta.homeTitle"), description: t("meta.homeDescription"), siteName: t("brand.name") },
    },
    { headers: home.setCookie ? { "Set-Cookie": home.setCookie } : undefined },
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = ({ data }) => (data ? pageMeta(data.meta) : []);

export default function Home({ loaderData }: Route.ComponentProps) {
  return loaderData.mode === "safe" ? <SafeLanding premiumCta={loaderData.premiumCta} /> : <HomeDiscovery data={loaderData.home} />;
}
