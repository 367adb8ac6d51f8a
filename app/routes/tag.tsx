import { data } from "react-router";
import { canonicalTagSlug, parseTagSort, TagNotFound, TagPage, tagPath, tagTitleFromSlug } from "~/features/tags";
import { loadTagPage, tagDisplayName } from "~/features/tags/index.server";
import { getServices, getVisitor, mediaAllowedFor } from "~/lib/context";
import type { I18nHandle } from "~/lib/i18n/react";
import { serverT } from "~/lib/i18n/server";
import { pageMeta, notFoundMeta } from "~/lib/meta";
import { pageParam } from "~/lib/pagination";
import type { Route } from "./+types/tag";

export const handle: I18nHandle = { i18n: ["tag", "feed"] };

export async function loader(args: Route.LoaderArgs) {
  const { db, origin } = getServices(args);
  const visitor = getVisitor(args);
  const t = await serverT(visitor.language, "tag");
  const url = new URL(args.request.url);
  const page = pageParam(url);
  const sort = parseTagSort(url.searchParams.get("sort"));
  const siteName = t("brand.name");
  const term = args.params.slug;
  const slug = canonicalTagSlug(term);
  const [found, displayName] = await Promise.all([
    loadTagPage(db, {
      term,
      sort,
      page,
      audience: visitor.audience,
      language: visitor.language,
      mediaAllowed: mediaAllowedFor(visitor),
    }),
    tagDisplayName(db, slug, visitor.language),
  ]);
  const title = tagTitleFromSlug(term, displayName);
  if (!found) {
    return data({ found: false as const, meta: notFoundMeta(t, { origin, path: url.pathname, siteName }) }, { status: 404 });
  }
  if (page > found.totalPages) throw data(null, { status: 404 });

  return data({
    found: true as const,
    tag: found,
    title,
    slug,
    sort,
    page,
    meta: {
      title: `#${title} · ${siteName}`,
      description: t("meta.description", { count: found.stats.videos, tag: title }),
      origin,
      path: tagPath(slug, sort, page),
      siteName,
    },
  });
}

export const meta: Route.MetaFunction = ({ data }) => (data ? pageMeta(data.meta) : []);

export default function Tag({ loaderData }: Route.ComponentProps) {
  if (!loaderData.found) return <TagNotFound />;
  return <TagPage data={loaderData.tag} title={loaderData.title} slug={loaderData.slug} sort={loaderData.sort} page={loaderData.page} />;
}
