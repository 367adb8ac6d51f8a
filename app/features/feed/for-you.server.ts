import type { Database } from "~/lib/database";
import type { Language } from "~/lib/i18n/languages";
import { generationOf } from "~/lib/cache/generation.server";
import { toClipCard, type ClipCard, type ClipCardRow } from "~/features/clips/index.server";
import { flamedClipIds, heardFlames, type FlameOwner } from "~/features/flames/index.server";
import type { SignalOwnerRef } from "~/features/signals/index.server";
import { FEED_LIMIT, FEED_PAGE_SIZE } from "./feed-filters";
import type { FeedClip, WhyReason } from "./feed-clip";
import { cachedFeedClips, cachedPoolLead, flameCountsFor } from "./feed-cache.server";
import {
  CARD_TTL_MS,
  feedCardsOf,
  knowsNothingOf,
  NEWCOMER_ORDER_TTL_MS,
  pageFromOrder,
  visitorOrdersOf,
  type VisitorOrder,
} from "./visitor-feed.server";
import { ownLead } from "./own-lead.server";
import { hasMadePage, keepMadePage, madePage, type MadePageRef } from "./made-pages.server";
import { feedClipOf, feedWhy } from "./for-you-json.server";
import { rankedFeedPage, type RankQuery, type VisitorHistory } from "./rank.server";
import { newcomerSeed, type RankedClip } from "./rank-score";
import { perDatabase } from "~/lib/db/engine.server";

export interface ForYouInput extends RankQuery {
  /**
   * Who the ranking is for: `key` names the visitor and the version of what the feed knows of them (or, without a
   * profile, their seed), so their kept ranked pages are theirs alone (ADR 199); null when nothing is to be kept
   * (a visitor without a version, ADR 221). `history` reads their signals.
   */
  visitor: { key: string | null; history: () => Promise<VisitorHistory> };
  /** Whose "Not interested" marks count (null under GPC/DNT): a dismissed lead gives way to their own (ADR 183). */
  dismissedBy: SignalOwnerRef | null;
  /** The clips the browser holds this visit, in feed order; null when it sent none (the page is then ranked whole). */
  shown: string[] | null;
  offset: number;
  seed: string;
  mediaAllowed: boolean;
  flameOwner: FlameOwner | null;
  language: Language;
  /** The catalogue's generation as this request read it (docs/decisions/030-cache-generation.md); read here if absent. */
  generation?: number;
}

/** How many clips past the page asked for are ranked with it and kept for the visitor's next request (ADR 199). */
const RANK_AHEAD = FEED_PAGE_SIZE;
/** How deep a newcomers' shared order is ranked at least (ADR 232): their first five pages. */
const NEWCOMER_DEPTH = 5 * FEED_PAGE_SIZE - 1;

/** The shared orders being ranked now, by key: the newcomers who ask meanwhile wait for that one ranking. */
const rankingNow = perDatabase("newcomer-orders-ranking", () => new Map<string, Promise<RankedClip[]>>());

/**
 * One page of the "For you" feed (ADR 160): the filter's lead clip first, as on the stored home page (ADR 112) — or the
 * visitor's own when they marked it "Not interested" (ADR 183) — then the visitor's ranking, each clip with the reasons
 * it was chosen. Without `shown`, the order up to the page is ranked at once, so paging with the same history gives
 * every clip once. The ranking goes a page further than asked and is kept for the visitor (ADR 199): their next page,
 * asked for before anything they did moved their version, is served from it without a query for the ranking.
 *
 * A visitor the feed knows nothing of is a newcomer (ADR 232): their order is ranked with one of NEWCOMER_ORDERS seeds,
 * picked by their own, and that order — catalogue data only — is ranked once, kept and served to every newcomer whose
 * seed picks it. A visitor with any history never reads it; a newcomer's `shown` that disagrees with it is ranked for
 * them and not kept.
 */
export async function forYouPage(db: Database, input: ForYouInput): Promise<{ clips: FeedClip[]; total: number }> {
  const leadInput = { mediaAllowed: input.mediaAllowed, flameOwner: input.flameOwner, language: input.language };
  const query = { ...input.filters, audience: input.audience };
  const generation = input.generation ?? (await generationOf(db).current());
  const orders = visitorOrdersOf(db);
  const keyOf = (who: string, seed: string) =>
    JSON.stringify([who, generation, input.audience, input.filters.category, input.filters.tag, input.filters.period, seed]);
  const ownKey = input.visitor.key === null ? null : keyOf(input.visitor.key, input.seed);
  const ownKept = ownKey === null ? undefined : orders.get(ownKey);
  const history = ownKept?.history ?? (await input.visitor.history());
  const newcomer = !ownKept && knowsNothingOf(history);
  const seed = newcomer ? newcomerSeed(input.seed) : input.seed;
  // The key "newcomer" names no visitor: every visitor key names one (an account, a `spicy_uid`, or "seed").
  const orderKey = newcomer ? keyOf("newcomer", seed) : ownKey;
  const kept = newcomer ? orders.get(orderKey!) : ownKept;
  const keep = (order: VisitorOrder) => {
    if (orderKey !== null) orders.set(orderKey, order, newcomer ? NEWCOMER_ORDER_TTL_MS : undefined);
  };
  // The filter's lead as every visitor has it (its flame count and flamed state are read with the page's), unless
  // this visitor dismissed it: then their own, read for them.
  const pool = await cachedPoolLead(db, { query, mediaAllowed: input.mediaAllowed, language: input.language, generation });
  const shared = { clips: pool.lead ? [pool.lead] : [], total: pool.total };
  // Only a visitor whose "Not interested" marks count can have dismissed the lead.
  const lead = input.dismissedBy
    ? await ownLead(db, shared, { ...leadInput, query, owner: input.dismissedBy, dismissed: history.dismissed })
    : shared;
  const total = lead.total;
  const leadClip = lead.clips[0];
  if (!leadClip || input.offset >= total) return { clips: [], total };
  const end = Math.min(input.offset + FEED_PAGE_SIZE, total);
  const start = Math.max(input.offset, 1);
  // The shared pools are taken at the generation this request read (the kept ranking is keyed by it too). Made only
  // when something is ranked or filled: a page given from a kept order needs none of it.
  let ranking: (ForYouInput & { seed: string; history: VisitorHistory; generation: number }) | undefined;
  const rankInput = () => (ranking ??= { ...input, seed, history, generation });
  /**
   * The order from the lead on, at least to the page's end: kept, or ranked now `count` deep (a newcomers' order once
   * for all who ask meanwhile) and kept.
   */
  const depth = newcomer ? Math.max(end - 1 + RANK_AHEAD, NEWCOMER_DEPTH) : end - 1 + RANK_AHEAD;
  const wholeOrder = async (): Promise<{ ranked: RankedClip[]; fresh: boolean }> => {
    const count = depth;
    if (kept && kept.from === 1 && kept.before[0] === leadClip.id && kept.ranked.length >= end - 1)
      return { ranked: kept.ranked, fresh: false };
    const rank = () => rankedFeedPage(db, { ...rankInput(), shown: [leadClip.id], position: 1, count });
    if (!newcomer) {
      const ranked = await rank();
      keep({ before: [leadClip.id], from: 1, ranked, history });
      return { ranked, fresh: true };
    }
    const ranking = rankingNow(db);
    const key = `${orderKey}/${leadClip.id}/${count}`;
    let pending = ranking.get(key);
    // Those who wait for another request's ranking leave the cards ahead to it.
    const waits = pending !== undefined;
    if (!pending) {
      pending = rank().then((ranked) => {
        keep({ before: [leadClip.id], from: 1, ranked, history });
        return ranked;
      });
      ranking.set(key, pending);
      void pending.then(
        () => ranking.delete(key),
        () => ranking.delete(key),
      );
    }
    return { ranked: await pending, fresh: !waits };
  };
  let ranked: RankedClip[] | undefined;
  let before: string[];
  // The clips ranked ahead of the page by this request: their cards are read with the page's.
  let ahead: RankedClip[] = [];
  // The kept order the page is a slice of: a page made from it before may be given again (made-pages.server.ts).
  let from: readonly RankedClip[] | null = null;
  if (input.shown) {
    before = [leadClip.id, ...input.shown];
    ranked = kept && pageFromOrder(kept, { start, end, before });
    if (ranked) from = kept!.ranked;
    // A newcomer's browser usually holds the shared order's first pages: their next page is that order's.
    if (!ranked && newcomer) {
      const whole = await wholeOrder();
      ranked = pageFromOrder({ before: [leadClip.id], from: 1, ranked: whole.ranked, history }, { start, end, before });
      if (ranked) from = whole.ranked;
      if (ranked && whole.fresh) ahead = whole.ranked.slice(end - 1);
    }
    if (!ranked) {
      const order = await rankedFeedPage(db, { ...rankInput(), shown: before, position: start, count: end - start + RANK_AHEAD });
      // A newcomer's order ranked around what their browser holds is theirs: not kept under the shared key.
      if (!newcomer) {
        keep({ before, from: start, ranked: order, history });
        from = order;
      }
      ranked = order.slice(0, end - start);
      ahead = order.slice(end - start);
    }
  } else {
    const whole = await wholeOrder();
    if (whole.fresh) ahead = whole.ranked.slice(end - 1);
    before = [leadClip.id, ...whole.ranked.slice(0, start - 1).map((clip) => clip.id)];
    ranked = whole.ranked.slice(start - 1, end - 1);
    from = whole.ranked;
  }
  if (ranked.length < end - start)
    ranked = [...ranked, ...(await poolFill(db, rankInput(), [...before, ...ranked.map((c) => c.id)], end - start - ranked.length))];
  const freshLead = input.offset === 0 && lead === shared ? leadClip : null;
  // A first page led by the visitor's own lead (ADR 183) is read for them each time: not given again.
  const made: MadePageRef | null =
    from && (input.offset !== 0 || freshLead)
      ? { order: from, key: `${start}/${end}/${input.language}/${input.mediaAllowed ? "media" : "withheld"}`, lead: freshLead }
      : null;
  const ids = ranked.map((clip) => clip.id);
  const freshIds = freshLead ? [freshLead.id, ...ids] : ids;
  // What the page reads fresh, read first when a page made before may be given again (and used for a new one if not).
  let read: FreshReads | undefined;
  if (made && hasMadePage(made)) {
    // Listening for flames starts before any count is read, as for a page made now.
    await heardFlames(db);
    const [flamed, counts] = await Promise.all([flamedClipIds(db, input.flameOwner, freshIds), flameCountsFor(db, freshIds)]);
    const clips = madePage(made, { ids: freshIds, counts, flamed });
    if (clips) return { clips, total };
    read = { flamed, counts };
  }
  const page = await feedClipsByIds(db, ranked, { ...input, generation, ahead, lead: freshLead, read });
  const clips = input.offset !== 0 ? page.clips : [{ ...(page.lead ?? leadClip), why: NEWEST_WHY }, ...page.clips];
  if (made) keepMadePage(made, { clips, ids: freshIds, counts: page.counts, flamed: page.flamed, until: page.until });
  return { clips, total };
}

/** A page's flame counts and the visitor's flamed states, read after the request arrived. */
type FreshReads = { flamed: Set<string>; counts: Map<string, number> };

/** The reason every feed's lead is there. */
const NEWEST_WHY: WhyReason[] = [{ kind: "newest" }];

/**
 * Deep in a long feed the candidates can run out before the feed's length (≤ 500): the rest of the places come from
 * the filter's pool in the visitor's shuffle (ADR 072), so every position of the feed has a clip.
 */
async function poolFill(
  db: Database,
  input: ForYouInput & { history: VisitorHistory },
  taken: string[],
  count: number,
): Promise<RankedClip[]> {
  const pool = await cachedFeedClips(db, {
    query: { ...input.filters, audience: input.audience, seed: input.seed },
    offset: 0,
    limit: FEED_LIMIT,
    mediaAllowed: input.mediaAllowed,
    flameOwner: null,
    language: input.language,
  });
  const skip = new Set([...taken, ...input.history.dismissed]);
  return pool.clips
    .filter((clip) => !skip.has(clip.id))
    .slice(0, count)
    .map((clip) => ({ id: clip.id, reasons: [] }));
}

/**
 * The chosen clips as the feed shows them, in their order, with their reasons named in the visitor's language: cards
 * and names kept per generation (shared, ADR 199), flame counts and the visitor's flamed state read fresh.
 */
async function feedClipsByIds(
  db: Database,
  ranked: RankedClip[],
  input: {
    mediaAllowed: boolean;
    flameOwner: FlameOwner | null;
    language: Language;
    generation: number;
    ahead: RankedClip[];
    /** The shared lead shown first on this page: its flame count and flamed state are read with the page's. */
    lead: FeedClip | null;
    /** The page's flame counts and flamed states, when this request has read them already. */
    read?: FreshReads;
  },
): Promise<{ clips: FeedClip[]; lead: FeedClip | null; counts: Map<string, number>; flamed: Set<string>; until: number }> {
  const ids = ranked.map((clip) => clip.id);
  const fresh = input.lead ? [input.lead.id, ...ids] : ids;
  if (fresh.length === 0) return { clips: [], lead: null, counts: new Map(), flamed: new Set(), until: 0 };
  const cache = feedCardsOf(db);
  const both = [...ranked, ...input.ahead];
  const nameIds = [...new Set(both.flatMap((clip) => clip.reasons.flatMap((reason) => (reason.kind === "taste" ? [reason.itemId] : []))))];
  // Listening for flames starts before any card is read, so no flame falls between a card's count and what is heard.
  await heardFlames(db);
  const [cards, flamed, counts, names] = await Promise.all([
    ids.length ? cache.cardsOf([...ids, ...input.ahead.map((clip) => clip.id)], input.language, input.generation) : new Map(),
    input.read?.flamed ?? flamedClipIds(db, input.flameOwner, fresh),
    input.read?.counts ?? flameCountsFor(db, fresh),
    nameIds.length
      ? cache.namesOf(nameIds, input.language, input.generation)
      : Promise.resolve(new Map<string, { name: string; slug: string }>()),
  ]);
  const lead = input.lead && { ...input.lead, flames: counts.get(input.lead.id) ?? input.lead.flames, flamed: flamed.has(input.lead.id) };
  // The page is as fresh as its oldest card (a page made again is given only while that card would be).
  let until = Date.now() + CARD_TTL_MS;
  const clips = ranked.flatMap(({ id, reasons }) => {
    const card = cards.get(id);
    if (!card) return [];
    until = Math.min(until, card.at + CARD_TTL_MS);
    const why = feedWhy(
      reasons.map((reason) => reason.kind),
      () =>
        reasons.map((reason): WhyReason => {
          if (reason.kind !== "taste") return { kind: reason.kind };
          const named = names.get(reason.itemId);
          return { kind: "taste", facet: reason.facet, name: named?.name ?? "", slug: named?.slug ?? "" };
        }),
    );
    const clip = shownCardOf(card.row, input.mediaAllowed);
    return [feedClipOf(clip, { flames: counts.get(id) ?? clip.flames, flamed: flamed.has(id), tags: card.tags, why })];
  });
  return { clips, lead, counts, flamed, until };
}

/**
 * Each kept card as the feed shows it, made once per card row and media permission (a pure function of both, catalogue
 * data only; the page adds the flame count, flamed state, tags and reasons around it): making it per page was a tenth
 * of a ranked page's CPU time.
 */
const shownCards = new WeakMap<ClipCardRow, { allowed?: ClipCard; withheld?: ClipCard }>();

function shownCardOf(row: ClipCardRow, mediaAllowed: boolean): ClipCard {
  let made = shownCards.get(row);
  if (!made) shownCards.set(row, (made = {}));
  return mediaAllowed ? (made.allowed ??= toClipCard(row, { mediaAllowed })) : (made.withheld ??= toClipCard(row, { mediaAllowed }));
}
