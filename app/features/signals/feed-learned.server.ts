import { sql } from "drizzle-orm";
import type { Database } from "~/lib/database";
import type { Language } from "~/lib/i18n/languages";
import { InvalidInput } from "~/lib/http/errors";
import { isUuidV4 } from "~/lib/uuid";
import { ownerIs, type SignalOwnerRef } from "./signals.server";
import { AFFINITY_HALF_LIFE_SECONDS } from "./signal-rules";
import { emptyLearnedProfile, LEARNED_FACETS, type LearnedFacet, type LearnedItem, type LearnedProfile } from "./feed-learned";

// "What the feed learned" (docs/decisions/166-what-the-feed-learned.md): the visitor's weights as the ranking reads
// them, named, with "Forget this" per item and "Reset everything".

/** The strongest likings shown per facet, and the strongest dislikes. */
export const LEARNED_LIKES = 8;
export const LEARNED_DISLIKES = 4;

const rowsOf = <T>(result: unknown) => (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

/**
 * The visitor's strongest likings and dislikes per facet, their weights decayed to `now` (the ranking's own
 * reading, app/features/feed/rank.server.ts), named in the visitor's language. A weight that decayed to nothing is not shown; an
 * item no longer in the catalogue (a deleted tag) is left out.
 */
export async function learnedProfile(
  db: Database,
  input: { owner: SignalOwnerRef; language: Language; now?: Date },
): Promise<LearnedProfile> {
  const now = (input.now ?? new Date()).toISOString();
  const localName = sql.raw(input.language === "es" ? "name_es" : "name_en");
  const result = await db.execute(sql`with decayed as (
        select facet, item_id,
          (weight * power(0.5::float8, date_part('epoch', ${now}::timestamptz - updated_at) / ${AFFINITY_HALF_LIFE_SECONDS}))::float8 as weight
        from visitor_affinities where ${ownerIs(input.owner)}),
      ranked as (
        select d.*, row_number() over (partition by facet, weight > 0 order by abs(weight) desc, item_id) as n
        from decayed d where abs(weight) >= 0.05)
      select r.facet, r.item_id as "itemId", r.weight, coalesce(c.${localName}, t.${localName}, k.name) as name,
        coalesce(c.slug, t.slug, k.slug) as slug
      from ranked r
        left join categories c on r.facet = 'category' and c.id = r.item_id
        left join tags t on r.facet = 'tag' and t.id = r.item_id
        left join creators k on r.facet = 'creator' and k.id = r.item_id
      where (r.weight > 0 and r.n <= ${LEARNED_LIKES}) or (r.weight < 0 and r.n <= ${LEARNED_DISLIKES})
      order by r.weight desc, r.item_id`);
  const profile = emptyLearnedProfile();
  for (const row of rowsOf<LearnedItem>(result)) {
    if (!row.name || !row.slug) continue;
    const item = { ...row, weight: Number(row.weight) };
    if (item.weight > 0) profile[row.facet].likes.push(item);
    else profile[row.facet].dislikes.unshift(item);
  }
  return profile;
}

/** A facet and an item id as "Forget this" posts them, else a translated 400. */
export function checkLearnedItem(facet: string, itemId: string): void {
  if (!LEARNED_FACETS.includes(facet as LearnedFacet) || !isUuidV4(itemId)) throw new InvalidInput("errors.invalidItem");
}

/** "Forget this": the one weight goes; the ranking no longer reads anything of the item for this visitor. */
export async function forgetLearned(db: Database, input: { owner: SignalOwnerRef; facet: string; itemId: string }): Promise<void> {
  checkLearnedItem(input.facet, input.itemId);
  await db.execute(
    sql`delete from visitor_affinities where ${ownerIs(input.owner)} and facet = ${input.facet} and item_id = ${input.itemId}::uuid`,
  );
}

/**
 * "Reset everything": every weight of the visitor goes, so the feed ranks as for a newcomer. The history and the clips
 * marked "Not interested" stay (they have their own controls on Watch history and in the feed).
 */
export async function resetLearned(db: Database, owner: SignalOwnerRef): Promise<void> {
  await db.execute(sql`delete from visitor_affinities where ${ownerIs(owner)}`);
}
