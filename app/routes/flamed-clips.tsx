import { redirect } from "react-router";
import { requireUser } from "~/features/accounts/index.server";
import { AccessRequiredBoundary } from "~/features/accounts";
import { FlamedClipsPage } from "~/features/flames/index.page";
import { flamedCategories, flamedClips, parseFlamedFilters, unflame } from "~/features/flames/index.server";
import { getServices, getVisitor, mediaAllowedFor } from "~/lib/context";
import type { I18nHandle } from "~/lib/i18n/react";
import { serverT } from "~/lib/i18n/server";
import { pageMeta } from "~/lib/meta";
import { pageParam } from "~/lib/pagination";
import { handleAction } from "~/lib/http/action.server";
import { z } from "zod";
import type { Route } from "./+types/flamed-clips";

export const handle: I18nHandle = { i18n: ["flamed", "accounts"] };

export async function loader(args: Route.LoaderArgs) {
  const user = await requireUser(args);
  const { db, origin } = getServices(args);
  const visitor = getVisitor(args);
  const url = new URL(args.request.url);
  const page = pageParam(url);
  const categories = await flamedCategories(db);
  const filters = parseFlamedFilters(url.searchParams, categories);
  const liked = await flamedClips(db, {
    ...filters,
    userId: user.id,
    audience: visitor.audience,
    page,
    mediaAllowed: mediaAllowedFor(visitor),
  });
  // Removing the last like of the last page leaves that page empty: show the new last page instead.
  if (page > liked.totalPages) {
    url.searchParams.delete("page");
    if (liked.totalPages > 1) url.searchParams.set("page", String(liked.totalPages));
    throw redirect(`${url.pathname}${url.search}`);
  }
  const t = await serverT(visitor.language, "flamed");
  return {
    page,
    filters,
    categories,
    liked,
    meta: {
      title: `${t("title")} · ${t("brand.name")}`,
      description: t("metaDescription"),
      origin,
      path: "/liked-videos",
      siteName: t("brand.name"),
      noindex: true,
    },
  };
}

/** Removes one like (the card's confirm step); React Router then reloads the list. A bad id is InvalidClipId (400). */
export const action = (args: Route.ActionArgs) =>
  handleAction(args, {
    namespace: "flamed",
    schema: z.object({ clipId: z.string().default("") }),
    handle: async ({ clipId }) => {
      const user = await requireUser(args);
      await unflame(getServices(args).db, { userId: user.id, clipId });
      return {};
    },
  });

export const meta: Route.MetaFunction = ({ data }) => (data ? pageMeta(data.meta) : []);

export default function FlamedClips({ loaderData }: Route.ComponentProps) {
  return (
    <FlamedClipsPage liked={loaderData.liked} filters={loaderData.filters} categories={loaderData.categories} page={loaderData.page} />
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AccessRequiredBoundary error={error} />;
}
