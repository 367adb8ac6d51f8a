import { inArray, sql } from "drizzle-orm";
import { clips } from "~schema";
import type { Database } from "~/lib/database";
import type { Language } from "~/lib/i18n/languages";
import { clipCardFrom, tagsForClips, toClipCard } from "~/features/clips/index.server";
import { flamedClipIds, type FlameOwner } from "~/features/flames/index.server";
import type { SignalOwnerRef } from "~/features/signals/index.server";
import { FEED_LIMIT, FEED_PAGE_SIZE } from "./feed-filters";
import type { FeedClip, WhyReason } from "./feed-clip";
import { cachedFeedClips } from "./feed-cache.server";
import { ownLead } from "./own-lead.server";
import { rankedFeedPage, type RankQuery, type VisitorHistory } from "./rank.server";
import type { RankedClip } from "./rank-score";

export interface ForYouInput extends RankQuery {
  history: VisitorHistory;
  /** Whose "Not interested" marks count (null under GPC/DNT): a dismissed lead gives way to their own (ADR 183). */
  dismissedBy: SignalOwnerRef | null;
  /** The clips the browser holds this visit, in feed order; null when it sent none (the page is then ranked whole). */
  shown: string[] | null;
  offset: number;
  seed: string;
  mediaAllowed: boolean;
  flameOwner: FlameOwner | null;
  language: Language;
}

/**
 * One page of the "For you" feed (ADR 160): the filter's lead clip first, as on the stored home page (ADR 112) — or the
 * visitor's own when they marked it "Not interested" (ADR 183) — then the visitor's ranking, each clip with the reasons it was chosen. Without `shown`, the order up to the page is ranked
 * at once, so paging with the same history gives every clip once.
 */
export async function forYouPage(db: Database, input: ForYouInput): Promise<{ clips: FeedClip[]; total: number }> {
  const leadInput = { mediaAllowed: input.mediaAllowed, flameOwner: input.flameOwner, language: input.language };
  const query = { ...input.filters, audience: input.audience };
  const shared = await cachedFeedClips(db, { ...leadInput, query: { ...query, seed: "" }, offset: 0, limit: 1 });
  const lead = await ownLead(db, shared, { ...leadInput, query, owner: input.dismissedBy, dismissed: input.history.dismissed });
  const total = lead.total;
  const leadClip = lead.clips[0];
  if (!leadClip || input.offset >= total) return { clips: [], total };
  const end = Math.min(input.offset + FEED_PAGE_SIZE, total);
  const start = Math.max(input.offset, 1);
  let ranked: RankedClip[];
  let before: string[];
  if (input.shown) {
    before = [leadClip.id, ...input.shown];
    ranked = await rankedFeedPage(db, { ...input, shown: before, position: start, count: end - start });
  } else {
    const whole = await rankedFeedPage(db, { ...input, shown: [leadClip.id], position: 1, count: end - 1 });
    before = [leadClip.id, ...whole.slice(0, start - 1).map((clip) => clip.id)];
    ranked = whole.slice(start - 1);
  }
  if (ranked.length < end - start)
    ranked = [...ranked, ...(await poolFill(db, input, [...before, ...ranked.map((c) => c.id)], end - start - ranked.length))];
  const page = await feedClipsByIds(db, ranked, input);
  return { clips: input.offset === 0 ? [{ ...leadClip, why: [{ kind: "newest" }] }, ...page] : page, total };
}

/**
 * Deep in a long feed the candidates can run out before the feed's length (≤ 500): the rest of the places come from
 * the filter's pool in the visitor's shuffle (ADR 072), so every position of the feed has a clip.
 */
async function poolFill(db: Database, input: ForYouInput, taken: string[], count: number): Promise<RankedClip[]> {
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

/** The chosen clips as the feed shows them, in their order, with their reasons named in the visitor's language. */
async function feedClipsByIds(
  db: Database,
  ranked: RankedClip[],
  input: { mediaAllowed: boolean; flameOwner: FlameOwner | null; language: Language },
): Promise<FeedClip[]> {
  const ids = ranked.map((clip) => clip.id);
  if (ids.length === 0) return [];
  const [rows, chips, flamed, names] = await Promise.all([
    clipCardFrom(db).where(inArray(clips.id, ids)),
    tagsForClips(db, ids, input.language),
    flamedClipIds(db, input.flameOwner, ids),
    reasonNames(db, ranked, input.language),
  ]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ranked.flatMap(({ id, reasons }) => {
    const row = byId.get(id);
    if (!row) return [];
    const why = reasons.map((reason): WhyReason => {
      if (reason.kind !== "taste") return { kind: reason.kind };
      const named = names.get(reason.itemId);
      return { kind: "taste", facet: reason.facet, name: named?.name ?? "", slug: named?.slug ?? "" };
    });
    return [{ ...toClipCard(row, input), flamed: flamed.has(id), tags: chips.get(id) ?? [], why }];
  });
}

/** The names of the categories, creators and tags the reasons mention. */
async function reasonNames(db: Database, ranked: RankedClip[], language: Language): Promise<Map<string, { name: string; slug: string }>> {
  const ids = [...new Set(ranked.flatMap((clip) => clip.reasons.flatMap((reason) => (reason.kind === "taste" ? [reason.itemId] : []))))];
  if (ids.length === 0) return new Map();
  const list = `{${ids.join(",")}}`;
  const localName = sql.raw(language === "es" ? "name_es" : "name_en");
  const result = (await db.execute(sql`
    select id, slug, ${localName} as name from categories where id = any(${list}::uuid[])
    union all select id, slug, name from creators where id = any(${list}::uuid[])
    union all select id, slug, ${localName} as name from tags where id = any(${list}::uuid[])`)) as unknown as
    { rows: { id: string; slug: string; name: string }[] } | { id: string; slug: string; name: string }[];
  const rows = Array.isArray(result) ? result : result.rows;
  return new Map(rows.map((row) => [row.id, { name: row.name, slug: row.slug }]));
}
