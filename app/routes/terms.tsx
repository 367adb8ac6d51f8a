import type { ShellHandle } from "~/components/shell/site-header";
import { StaticPage } from "~/components/static-page";
import type { I18nHandle } from "~/lib/i18n/react";
import { pageMeta } from "~/lib/meta";
import { staticPageData } from "~/lib/static-page.server";
import type { Route } from "./+types/terms";

export const handle: ShellHandle & I18nHandle = { hideAudience: true, i18n: ["legal"] };

export const loader = (args: Route.LoaderArgs) => staticPageData(args, "terms");

export const meta: Route.MetaFunction = ({ data }) => (data ? pageMeta(data) : []);

export default function Terms() {
  return <StaticPage page="terms" />;
}
