import { listItems, listParams, requireModerator } from "~/features/moderation/index.server";
import { ListPage } from "~/features/moderation";
import { getServices, getVisitor } from "~/lib/context";
import type { I18nHandle } from "~/lib/i18n/react";
import { serverT } from "~/lib/i18n/server";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/admin.search";

export const handle: I18nHandle = { i18n: ["admin"] };

/** /admin/search?q= — every queue at once, over URLs, e-mails, names, text and short ids. */
export async function loader(args: Route.LoaderArgs) {
  await requireModerator(args);
  const { db, origin } = getServices(args);
  const params = listParams(new URL(args.request.url));
  // Search looks at every state unless one is asked for.
  const state = new URL(args.request.url).searchParams.has("state") ? params.state : "all";
  const sort = new URL(args.request.url).searchParams.has("sort") ? params.sort : "newest";
  const list = params.q ? await listItems(db, { queue: null, ...params, state, sort }) : { items: [], hasNext: false };
  const t = await serverT(getVisitor(args).language, "admin");
  return {
    queue: null,
    ...params,
    state,
    sort,
    ...list,
    open: null,
    deadline: true,
    done: null,
    ref: null,
    now: new Date().toISOString(),
    meta: { title: t("search.heading"), description: t("title"), origin, path: "/admin/search", siteName: t("brand.name"), noindex: true },
  };
}

export const meta: Route.MetaFunction = ({ data }) => (data ? pageMeta(data.meta) : []);

export default function AdminSearch({ loaderData: d }: Route.ComponentProps) {
  return <ListPage {...d} bulk={null} />;
}
