import { data } from "react-router";
import { getUser } from "~/features/accounts/index.server";
import { resolveFlameOwner } from "~/features/flames/index.server";
import { FollowingPage } from "~/features/follows";
import { followingFeed, parseCursor } from "~/features/follows/index.server";
import { FeaturedCreators } from "~/features/points";
import { featuredCreators } from "~/features/points/index.server";
import { getServices, getVisitor, mediaAllowedFor } from "~/lib/context";
import { InvalidInput } from "~/lib/http/errors";
import type { I18nHandle } from "~/lib/i18n/react";
import { serverT } from "~/lib/i18n/server";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/following";

export const handle: I18nHandle = { i18n: ["follows", "feed", "points"] };

/**
 * The home feed's Following tab: the followed creators' clips, newest first, one keyset page per `?after=`.
 * Personal (who the visitor follows), so never stored by a shared cache and not indexed.
 */
export async function loader(args: Route.LoaderArgs) {
  const { db, origin } = getServices(args);
  const visitor = getVisitor(args);
  const t = await serverT(visitor.language, "follows");
  const url = new URL(args.request.url);
  const meta = {
    title: `${t("feed.title")} · ${t("brand.name")}`,
    description: t("feed.description"),
    origin,
    path: "/following",
    siteName: t("brand.name"),
    noindex: true,
  };
  const headers = { "Cache-Control": "private, no-store" };
  let after;
  try {
    after = parseCursor(url.searchParams.get("after"));
  } catch (error) {
    if (!(error instanceof InvalidInput)) throw error;
    return data({ invalid: true as const, meta }, { status: 400, headers });
  }
  const user = await getUser(args);
  const { flameOwner } = resolveFlameOwner(args.request, { userId: user?.id });
  const mediaAllowed = mediaAllowedFor(visitor);
  const [page, featured] = await Promise.all([
    followingFeed(db, { follower: flameOwner, audience: visitor.audience, after, mediaAllowed, language: visitor.language }),
    // What creators' points buy (docs/product.md §6.8): a place in this row.
    featuredCreators(db, { mediaAllowed }),
  ]);
  return data({ invalid: false as const, meta, page, featured, continued: after !== null, signedIn: Boolean(user) }, { headers });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = ({ data }) => (data ? pageMeta(data.meta) : []);

export default function Following({ loaderData }: Route.ComponentProps) {
  if (loaderData.invalid) return <FollowingPage invalid />;
  return (
    <>
      <FollowingPage page={loaderData.page} continued={loaderData.continued} signedIn={loaderData.signedIn} />
      <FeaturedCreators creators={loaderData.featured} />
    </>
  );
}
