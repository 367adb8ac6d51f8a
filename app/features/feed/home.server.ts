import { redirect } from "react-router";
import type { Services, Visitor } from "~/lib/context";
import { serverT } from "~/lib/i18n/server";
import { flamedClipIds } from "~/features/flames/index.server";
import { resolveLiker } from "~/features/flames/index.server";
import type { HomeDiscoveryData } from "./components/home-discovery";
import { FEED_PAGE_SIZE, feedSearch, parseFeedFilters } from "./feed-filters";
import { feedSeed } from "./feed-seed.server";
import { activeCategories, feedPage, platformStats, tagOptions } from "./feed.server";

const FILTER_KEYS = ["category", "tag", "period"];

/** Everything the adult home needs, in parallel; a failing part becomes the service banner, not a 500. */
export async function loadHomeDiscovery(input: {
  request: Request;
  services: Services;
  visitor: Visitor;
  userId?: string | null;
}): Promise<{ data: HomeDiscoveryData; setCookie?: string }> {
  const { request, services, visitor } = input;
  const { db, log, origin } = services;
  const url = new URL(request.url);
  const t = await serverT(visitor.language, "discovery");
  const secure = origin.startsWith("https:");

  const categories = await activeCategories(db).catch((error: unknown) => {
    log.error({ err: error }, "categories failed to load");
    return null;
  });
  const filters = parseFeedFilters(url.searchParams, categories ?? []);
  // 'all', aliases and defaults are cleaned out of the URL (SPEC: the URL is cleaned when the category is 'all').
  const canonical = feedSearch(filters);
  const asGiven = new URLSearchParams([...url.searchParams].filter(([key]) => FILTER_KEYS.includes(key)));
  if ((asGiven.size ? `?${asGiven}` : "") !== canonical) {
    const target = new URLSearchParams(canonical);
    for (const [key, value] of url.searchParams) if (!FILTER_KEYS.includes(key)) target.append(key, value);
    throw redirect(target.size ? `/?${target}` : "/");
  }

  const { seed, setCookie } = feedSeed(request, secure);
  const mediaAllowed = visitor.ageVerified || !visitor.ageGateEnabled;
  const [feed, tags, stats] = await Promise.all([
    feedPage(db, { ...filters, audience: visitor.audience, seed }, { offset: 0, limit: FEED_PAGE_SIZE, mediaAllowed }).catch(
      (error: unknown) => {
        log.error({ err: error }, "clips failed to load");
        return null;
      },
    ),
    tagOptions(db, visitor.language).catch(() => []),
    platformStats(db).catch(() => ({ videos: 0, categories: 0 })),
  ]);

  const { liker } = resolveLiker(request, { userId: input.userId });
  const flamed = feed
    ? await flamedClipIds(
        db,
        liker,
        feed.clips.map((c) => c.id),
      )
    : new Set<string>();
  const problems = [!feed && t("errors.clipsFailed"), !categories && t("errors.categoriesFailed")].filter(Boolean);

  return {
    setCookie,
    data: {
      filters,
      categories: (categories ?? []).map(({ slug, nameEn, nameEs, color }) => ({ slug, nameEn, nameEs, color })),
      tags,
      stats,
      feed: { clips: (feed?.clips ?? []).map((clip) => ({ ...clip, flamed: flamed.has(clip.id) })), total: feed?.total ?? 0 },
      error: problems.length ? problems.join(" ") : null,
    },
  };
}
