import type { ShellHandle } from "~/components/shell/site-header";
import { StaticPage } from "~/components/static-page";
import type { I18nHandle } from "~/lib/i18n/react";
import { getVisitor } from "~/lib/context";
import { pageMeta } from "~/lib/meta";
import { staticPageData } from "~/lib/static-page.server";
import type { Route } from "./+types/about";

export const handle: ShellHandle & I18nHandle = { hideAudience: true, i18n: ["legal"] };

export function loader(args: Route.LoaderArgs) {
  // The companion site has its own About text: no adult wording in safe mode.
  return staticPageData(args, getVisitor(args).brandMode === "safe" ? "aboutSafe" : "about");
}

export const meta: Route.MetaFunction = ({ data }) => (data ? pageMeta({ ...data, path: "/sobre-nos" }) : []);

export default function About({ loaderData }: Route.ComponentProps) {
  return <StaticPage page={loaderData.page as "about" | "aboutSafe"} />;
}
