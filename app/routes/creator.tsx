import { data, redirect } from "react-router";
import { CreatorNotFound } from "~/features/creators/components/creator-not-found";
import { CreatorPage } from "~/features/creators/components/creator-page";
import { loadCreatorPage } from "~/features/creators/creators.server";
import { getServices, getVisitor, mediaAllowedFor } from "~/lib/context";
import type { I18nHandle } from "~/lib/i18n/react";
import { serverT } from "~/lib/i18n/server";
import { pageMeta, notFoundMeta } from "~/lib/meta";
import { pageParam } from "~/lib/pagination";
import { slugify } from "~/lib/slug";
import type { Route } from "./+types/creator";

export const handle: I18nHandle = { i18n: ["creator", "feed"] };

export async function loader(args: Route.LoaderArgs) {
  const { db, origin } = getServices(args);
  const visitor = getVisitor(args);
  const t = await serverT(visitor.language, "creator");
  const url = new URL(args.request.url);
  const page = pageParam(url);
  const siteName = t("brand.name");
  // docs/product.md §3.3, §13.2: `/creator/Iris_Montaño` is the creator `iris-montano`.
  const slug = slugify(args.params.slug.slice(0, 200));
  const found = slug
    ? await loadCreatorPage(db, {
        slug,
        page,
        audience: visitor.audience,
        language: visitor.language,
        mediaAllowed: mediaAllowedFor(visitor),
      })
    : null;

  if (!found) {
    return data({ found: false as const, meta: notFoundMeta(t, { origin, path: url.pathname, siteName }) }, { status: 404 });
  }
  if (slug !== args.params.slug) throw redirect(`/creator/${slug}${url.search}`, 301);
  // A page past the last one does not exist (rather than quietly showing the last page).
  if (page > found.totalPages) throw data(null, { status: 404 });

  const { creator } = found;
  return data({
    found: true as const,
    page,
    creator: found,
    shareUrl: `${origin}/creator/${creator.slug}`,
    meta: {
      title: `${creator.name} · ${siteName}`,
      description: creator.bio || t("meta.description", { name: creator.name }),
      origin,
      path: `/creator/${creator.slug}${page > 1 ? `?page=${page}` : ""}`,
      siteName,
      type: "profile" as const,
      image: creator.avatarUrl ?? undefined,
    },
  });
}

export const meta: Route.MetaFunction = ({ data }) => (data ? pageMeta(data.meta) : []);

export default function Creator({ loaderData }: Route.ComponentProps) {
  if (!loaderData.found) return <CreatorNotFound />;
  return <CreatorPage data={loaderData.creator} page={loaderData.page} shareUrl={loaderData.shareUrl} />;
}
