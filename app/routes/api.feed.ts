import { data } from "react-router";
import { FEED_PAGE_SIZE, parseFeedFilters } from "~/features/feed/feed-filters";
import { feedSeed } from "~/features/feed/feed-seed.server";
import { activeCategories, feedPage } from "~/features/feed/feed.server";
import { flamedClipIds } from "~/features/flames/flames.server";
import { getUser } from "~/features/accounts/session.server";
import { resolveLiker } from "~/features/flames/liker.server";
import { getServices, getVisitor } from "~/lib/context";
import type { Route } from "./+types/api.feed";

/** GET ?category&tag&period&offset → one page of the visitor's shuffled feed. */
export async function loader(args: Route.LoaderArgs) {
  const { db, origin } = getServices(args);
  const visitor = getVisitor(args);
  const url = new URL(args.request.url);
  const offset = Number(url.searchParams.get("offset") ?? 0);
  if (!Number.isInteger(offset) || offset < 0 || offset > 10_000) return data({ error: "offset" }, { status: 400 });

  const filters = parseFeedFilters(url.searchParams, await activeCategories(db));
  const { seed, setCookie } = feedSeed(args.request, origin.startsWith("https:"));
  const mediaAllowed = visitor.ageVerified || !visitor.ageGateEnabled;
  const page = await feedPage(db, { ...filters, audience: visitor.audience, seed }, { offset, limit: FEED_PAGE_SIZE, mediaAllowed });
  const flamed = await flamedClipIds(
    db,
    resolveLiker(args.request, { userId: (await getUser(args))?.id }).liker,
    page.clips.map((c) => c.id),
  );
  return data(
    { clips: page.clips.map((clip) => ({ ...clip, flamed: flamed.has(clip.id) })), total: page.total },
    { headers: { "Cache-Control": "private, no-store", ...(setCookie ? { "Set-Cookie": setCookie } : {}) } },
  );
}
