import { data } from "react-router";
import { parseFeedFilters } from "~/features/feed/feed-filters";
import { feedSeed } from "~/features/feed/feed-seed.server";
import { cachedActiveCategories, cachedFeedJson } from "~/features/feed/feed-cache.server";
import { getUser } from "~/features/accounts/session.server";
import { resolveFlameOwner } from "~/features/flames/flame-owner.server";
import { getServices, getVisitor, mediaAllowedFor } from "~/lib/context";
import type { Route } from "./+types/api.feed";
import { secureCookies } from "~/lib/cookies";
import { JsonText } from "~/lib/http/json-text";

/** GET ?category&tag&period&offset → one page of the visitor's shuffled feed. */
export async function loader(args: Route.LoaderArgs) {
  const { db, origin } = getServices(args);
  const visitor = getVisitor(args);
  const url = new URL(args.request.url);
  const offset = Number(url.searchParams.get("offset") ?? 0);
  if (!Number.isInteger(offset) || offset < 0 || offset > 10_000) return data({ error: "offset" }, { status: 400 });

  const filters = parseFeedFilters(url.searchParams, await cachedActiveCategories(db));
  const { seed, setCookie } = feedSeed(args.request, secureCookies(origin));
  const mediaAllowed = mediaAllowedFor(visitor);
  const { flameOwner } = resolveFlameOwner(args.request, { userId: (await getUser(args))?.id });
  const page = await cachedFeedJson(db, {
    query: { ...filters, audience: visitor.audience, seed },
    offset,
    mediaAllowed,
    flameOwner,
    language: visitor.language,
  });
  return data(new JsonText(page), { headers: { "Cache-Control": "private, no-store", ...(setCookie ? { "Set-Cookie": setCookie } : {}) } });
}
