import { data } from "react-router";
import {
  cachedActiveCategories,
  cachedFeedJson,
  feedClips,
  feedSeed,
  forYouJson,
  forYouPage,
  NEWEST_FIRST,
  noHistory,
  parseFeedFilters,
  visitorHistory,
} from "~/features/feed/index.server";
import { getUser } from "~/features/accounts/index.server";
import { resolveFlameOwner, signedAnonymousId, type FlameOwner } from "~/features/flames/index.server";
import { asksNoProfile, feedStateOf, hasDismissedClips, type SignalOwnerRef } from "~/features/signals/index.server";
import { generationOf } from "~/lib/cache/generation.server";
import { getServices, getVisitor, mediaAllowedFor } from "~/lib/context";
import type { Route } from "./+types/api.feed";
import { secureCookies } from "~/lib/cookies";
import { JsonText } from "~/lib/http/json-text";
import { isUuidV4 } from "~/lib/uuid";

/** At most this many clips the browser holds (`shown`) are taken into account. */
const MAX_SHOWN = 48;

/**
 * GET ?category&tag&period&offset[&shown=id,id…] → one page of the visitor's feed in the order they chose: ranked for
 * them (For you, ADR 160), newest first, or the seeded shuffle (ADR 072). Personal: never stored by a shared cache.
 */
export async function loader(args: Route.LoaderArgs) {
  const { db, origin, secret } = getServices(args);
  const visitor = getVisitor(args);
  const url = new URL(args.request.url);
  const offset = Number(url.searchParams.get("offset") ?? 0);
  if (!Number.isInteger(offset) || offset < 0 || offset > 10_000) return data({ error: "offset" }, { status: 400 });
  const shownParam = url.searchParams.get("shown");
  const shown = shownParam === null ? null : shownParam.split(",").filter(Boolean);
  if (shown && (shown.length > MAX_SHOWN || !shown.every(isUuidV4))) return data({ error: "shown" }, { status: 400 });

  const { seed, setCookie } = feedSeed(args.request, secureCookies(origin));
  const mediaAllowed = mediaAllowedFor(visitor);
  const userId = (await getUser(args))?.id ?? null;
  const headers = { "Cache-Control": "private, no-store", ...(setCookie ? { "Set-Cookie": setCookie } : {}) };

  const anonymousId = userId ? null : signedAnonymousId(secret, args.request);
  const owner: SignalOwnerRef | null = userId ? { userId } : anonymousId ? { anonymousId } : null;
  // The catalogue's generation, read once for the page (the categories and the ranking are taken at it), beside the
  // order the visitor chose (For you until they choose, sent with every page so the feed's control shows it) and the
  // version of what the feed knows of them (their kept ranked pages hold while it stays, ADR 199): two reads at once.
  const [generation, { order, version, flames }] = await Promise.all([
    generationOf(db).current(),
    owner ? feedStateOf(db, owner) : { order: "for-you" as const, version: 0, flames: undefined },
  ]);
  // A visitor the state read found without a flame (PostgreSQL, read after the request arrived) has no flamed state
  // to ask of the page's clips (ADR 248). Only when the flame owner is that visitor: another owner (a bare id from
  // before ids were signed) is asked as before.
  const requestFlameOwner = resolveFlameOwner(args.request, { userId }).flameOwner;
  const flameOwner = flames === false && sameOwner(requestFlameOwner, owner) ? null : requestFlameOwner;
  const pageInput = { offset, mediaAllowed, flameOwner, language: visitor.language };
  const filters = parseFeedFilters(url.searchParams, await cachedActiveCategories(db, generation));
  // Global Privacy Control / Do Not Track: nothing personal is read (docs/product.md § Watch signals).
  const personal = owner && !asksNoProfile(args.request) ? owner : null;
  if (order !== "for-you") {
    const query = { ...filters, audience: visitor.audience, seed: order === "newest" ? NEWEST_FIRST : seed };
    // The clips the visitor marked "Not interested" leave these orders too: their pool is read for them, in SQL,
    // without the dismissed clips (the same order otherwise). Visitors without any share the cached pool.
    if (personal && (await hasDismissedClips(db, personal))) {
      const page = await feedClips(db, { ...pageInput, query: { ...query, dismissedBy: personal } });
      return data({ order, ...page }, { headers });
    }
    const page = await cachedFeedJson(db, { ...pageInput, query, generation });
    return data(new JsonText(`{"order":"${order}",${page.slice(1)}`), { headers });
  }
  // Under Global Privacy Control / Do Not Track: ranked without anything personal.
  const now = new Date();
  // A visitor without a version row (none yet, or all their signals gone) has nothing to key a kept ranking by:
  // version 0 could name a history from before the row went (ADR 221), so their pages are ranked anew.
  const visitorKey = !personal
    ? "seed"
    : version
      ? `${"userId" in personal ? `u:${personal.userId}` : `a:${personal.anonymousId}`}:${version}`
      : null;
  // Written out rather than spread from pageInput: an object spread here was a measurable part of a page's CPU.
  const page = await forYouPage(db, {
    offset,
    mediaAllowed,
    flameOwner,
    language: visitor.language,
    filters,
    audience: visitor.audience,
    now,
    visitor: { key: visitorKey, history: () => (personal ? visitorHistory(db, personal, now) : Promise.resolve(noHistory())) },
    dismissedBy: personal,
    shown,
    seed,
    generation,
  });
  return data(new JsonText(forYouJson(order, page)), { headers });
}

/** Whether the flame owner is the visitor the feed state was read for. */
function sameOwner(flameOwner: FlameOwner | null, owner: SignalOwnerRef | null): boolean {
  if (!flameOwner || !owner) return false;
  return "userId" in flameOwner
    ? "userId" in owner && owner.userId === flameOwner.userId
    : "anonymousId" in owner && owner.anonymousId === flameOwner.anonymousId;
}
