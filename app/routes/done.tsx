import type { ShellHandle } from "~/components/shell/site-header";
import { CalmPage } from "~/features/conscious";
import { siteNameFor } from "~/lib/brand-mode";
import { getServices, getVisitor } from "~/lib/context";
import type { I18nHandle } from "~/lib/i18n/react";
import { serverT } from "~/lib/i18n/server";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/done";

export const handle: ShellHandle & I18nHandle = { hideAudience: true, i18n: ["conscious"] };

/** The calm page a session ends on ("I'm done", or Close on the pause): nothing adult, in either brand (docs/product.md §11.9). */
export async function loader(args: Route.LoaderArgs) {
  const visitor = getVisitor(args);
  const t = await serverT(visitor.language, "conscious");
  const fromPause = new URL(args.request.url).searchParams.get("from") === "pause";
  return {
    fromPause,
    meta: {
      origin: getServices(args).origin,
      path: "/done",
      title: t("calm.title"),
      description: t("calm.description"),
      siteName: siteNameFor(t, visitor.brandMode),
      noindex: true,
    },
  };
}

export const meta: Route.MetaFunction = ({ data }) => (data ? pageMeta(data.meta) : []);

export default function Done({ loaderData }: Route.ComponentProps) {
  return <CalmPage fromPause={loaderData.fromPause} />;
}
