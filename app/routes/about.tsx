import type { ShellHandle } from "~/components/shell/site-header";
import { StaticPage, staticPageKey, type StaticPageKey } from "~/components/static-page";
import type { I18nHandle } from "~/lib/i18n/react";
import { getVisitor } from "~/lib/context";
import { pageMeta } from "~/lib/meta";
import { staticPageData } from "~/lib/static-page.server";
import type { Route } from "./+types/about";

export const handle: ShellHandle & I18nHandle = { hideAudience: true, i18n: ["legal"] };

export const loader = (args: Route.LoaderArgs) => staticPageData(args, staticPageKey("about", getVisitor(args).brandMode));

export const meta: Route.MetaFunction = ({ data }) => (data ? pageMeta({ ...data, path: "/sobre-nos" }) : []);

export default function About({ loaderData }: Route.ComponentProps) {
  return <StaticPage page={loaderData.page as StaticPageKey} />;
}
