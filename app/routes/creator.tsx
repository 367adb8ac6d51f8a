import { data, redirect } from "react-router";
import { CreatorNotFound, CreatorPage } from "~/features/creators";
import { type CreatorSort, loadCreatorPage, renamedCreatorSlug } from "~/features/creators/index.server";
import { getUser } from "~/features/accounts/index.server";
import { followsCreator } from "~/features/follows/index.server";
import { getServices, getVisitor, mediaAllowedFor } from "~/lib/context";
import type { I18nHandle } from "~/lib/i18n/react";
import { serverT } from "~/lib/i18n/server";
import { pageMeta, notFoundMeta } from "~/lib/meta";
import { pageParam } from "~/lib/pagination";
import { slugify } from "~/lib/slug";
import type { Route } from "./+types/creator";

export const handle: I18nHandle = { i18n: ["creator", "feed", "follows"] };

export async function loader(args: Route.LoaderArgs) {
  const { db, origin } = getServices(args);
  const visitor = getVisitor(args);
  const t = await serverT(visitor.language, "creator");
  const url = new URL(args.request.url);
  const page = pageParam(url);
  const sortParam = url.searchParams.get("sort");
  const sort: CreatorSort = sortParam === "popular" ? "popular" : "recent";
  const siteName = t("brand.name");
  // docs/product.md §3.3, §13.2: `/creator/Iris_Montaño` is the creator `iris-montano`.
  const slug = slugify(args.params.slug.slice(0, 200));
  const found = slug
    ? await loadCreatorPage(db, {
        slug,
        page,
        sort,
        audience: visitor.audience,
        language: visitor.language,
        mediaAllowed: mediaAllowedFor(visitor),
      })
    : null;

  if (!found) {
    // A creator renamed on the desk: the old address moves permanently to the current one.
    const renamed = slug ? await renamedCreatorSlug(db, slug) : null;
    if (renamed) throw redirect(`/creator/${renamed}${url.search}`, 301);
    return data({ found: false as const, meta: notFoundMeta(t, { origin, path: url.pathname, siteName }) }, { status: 404 });
  }
  if (slug !== args.params.slug) throw redirect(`/creator/${slug}${url.search}`, 301);
  // 'recent' is the default and any other value is not a sort: the canonical URL names 'popular' only.
  if (sortParam !== null && sortParam !== "popular") {
    url.searchParams.delete("sort");
    throw redirect(`/creator/${slug}${url.searchParams.size ? `?${url.searchParams}` : ""}`, 301);
  }
  // A page past the last one does not exist (rather than quietly showing the last page).
  if (page > found.totalPages) throw data(null, { status: 404 });

  const { creator } = found;
  // Only a member's page is rendered for them alone: an anonymous page may be shared (server/micro-cache.ts),
  // so it carries no follow state and the button asks /api/follows.
  const user = await getUser(args);
  const following = user ? await followsCreator(db, { userId: user.id }, creator.slug) : null;
  return data({
    found: true as const,
    page,
    sort,
    following,
    creator: found,
    shareUrl: `${origin}/creator/${creator.slug}`,
    meta: {
      title: `${creator.name} · ${siteName}`,
      description: creator.bio || t("meta.description", { name: creator.name }),
      origin,
      path: `/creator/${creator.slug}${creatorSearch(sort, page)}`,
      siteName,
      type: "profile" as const,
      image: creator.avatarUrl ?? undefined,
    },
  });
}

function creatorSearch(sort: CreatorSort, page: number): string {
  const params = new URLSearchParams();
  if (sort === "popular") params.set("sort", sort);
  if (page > 1) params.set("page", String(page));
  return params.size ? `?${params}` : "";
}

export const meta: Route.MetaFunction = ({ data }) => (data ? pageMeta(data.meta) : []);

export default function Creator({ loaderData }: Route.ComponentProps) {
  if (!loaderData.found) return <CreatorNotFound />;
  return (
    <CreatorPage
      data={loaderData.creator}
      page={loaderData.page}
      shareUrl={loaderData.shareUrl}
      following={loaderData.following}
      sort={loaderData.sort}
    />
  );
}
