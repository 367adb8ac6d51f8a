import { redirect } from "react-router";
import { mediaAllowedFor, type Services, type Visitor } from "~/lib/context";
import { serverT } from "~/lib/i18n/server";
import { resolveFlameOwner, signedAnonymousId } from "~/features/flames/index.server";
import { asksNoProfile } from "~/features/signals/index.server";
import { noteLeadRead } from "~/lib/cache/personal-reads.server";
import type { HomeFeedData } from "./components/home-feed";
import { feedSearch, parseFeedFilters, type TagOption } from "./feed-filters";
import { cachedActiveCategories, cachedFeedLead, cachedPlatformStats, cachedTagOptions } from "./feed-cache.server";
import { ownLead } from "./own-lead.server";

const FILTER_KEYS = ["category", "tag", "period"];

/**
 * Everything the adult home needs, in parallel; a failing part becomes the service banner, not a 500.
 *
 * Nothing here reads the visitor's shuffle seed: the page shows the feed's lead clip, the same for every
 * visitor of a filter, and the browser asks /api/feed for the visitor's own order (ADR 112). So an
 * anonymous visitor's home is one stored page for all of them (server/micro-cache.ts), and a first visit
 * sets no cookie here (/api/feed gives the seed).
 */
export async function loadHomeFeed(input: {
  request: Request;
  services: Services;
  visitor: Visitor;
  userId?: string | null;
}): Promise<{ data: HomeFeedData }> {
  const { request, services, visitor } = input;
  const { db, log } = services;
  const url = new URL(request.url);
  const t = await serverT(visitor.language, "feed");

  const categories = await cachedActiveCategories(db).catch((error: unknown) => {
    log.error({ err: error }, "categories failed to load");
    return null;
  });
  const filters = parseFeedFilters(url.searchParams, categories ?? []);
  // 'all', aliases and defaults are cleaned out of the URL (docs/product.md §5.1).
  const canonical = feedSearch(filters);
  const asGiven = new URLSearchParams([...url.searchParams].filter(([key]) => FILTER_KEYS.includes(key)));
  if ((asGiven.size ? `?${asGiven}` : "") !== canonical) {
    const target = new URLSearchParams(canonical);
    for (const [key, value] of url.searchParams) if (!FILTER_KEYS.includes(key)) target.append(key, value);
    throw redirect(target.size ? `/?${target}` : "/");
  }

  const mediaAllowed = mediaAllowedFor(visitor);
  const { flameOwner } = resolveFlameOwner(request, { userId: input.userId });
  const anonymousId = input.userId ? null : signedAnonymousId(services.secret, request);
  // Whose "Not interested" marks the lead obeys (none under GPC/DNT, which read nothing personal; ADR 183).
  const owner = asksNoProfile(request) ? null : input.userId ? { userId: input.userId } : anonymousId ? { anonymousId } : null;
  const leadInput = { query: { ...filters, audience: visitor.audience }, mediaAllowed, flameOwner, language: visitor.language };
  const [feed, tags, stats] = await Promise.all([
    cachedFeedLead(db, leadInput)
      .then((shared) => {
        // The stored page names its lead: a visitor who dismissed it is rendered their own page (server/micro-cache.ts).
        noteLeadRead(shared.clips.slice(0, 1).map((clip) => clip.id));
        return ownLead(db, shared, { ...leadInput, owner });
      })
      .catch((error: unknown) => {
        log.error({ err: error }, "clips failed to load");
        return null;
      }),
    cachedTagOptions(db, { language: visitor.language, audience: visitor.audience, category: filters.category }).catch((error: unknown) => {
      log.error({ err: error }, "tag filter failed to load");
      return [];
    }),
    cachedPlatformStats(db).catch(() => ({ videos: 0, categories: 0 })),
  ]);

  const problems = [!feed && t("errors.clipsFailed"), !categories && t("errors.categoriesFailed")].filter(Boolean);

  return {
    data: {
      filters,
      categories: (categories ?? []).map(({ slug, nameEn, nameEs, color }) => ({ slug, nameEn, nameEs, color })),
      tags: withChosenTag(tags, filters.tag),
      stats,
      signedIn: Boolean(input.userId),
      feed: { clips: feed?.clips ?? [], total: feed?.total ?? 0 },
      error: problems.length ? problems.join(" ") : null,
    },
  };
}

/** A chosen tag that no clip of the category carries still shows as chosen (with 0), so the filter never hides its own state. */
function withChosenTag(options: TagOption[], chosen: string | null): TagOption[] {
  if (!chosen || options.some((option) => option.slug === chosen)) return options;
  return [{ slug: chosen, name: chosen.replaceAll("-", " "), clips: 0 }, ...options];
}
