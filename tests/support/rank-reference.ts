// The feed's page ranking as first written (ADR 160): one straightforward scan of every candidate per place. The
// unit tests hold the server's rankPage to exactly its pages on random inputs.
import {
  affinityOf,
  hotScore,
  outsideTaste,
  RANK,
  reasonsFor,
  scoreOf,
  unitHash,
  type Candidate,
  type RankedClip,
  type RankInput,
} from "~/features/feed/rank-score";

/**
 * One page of the visitor's feed: the highest scores, with every exploreEvery-th place given to the best clip new to
 * the visitor and outside their affinities, never more than maxSameCreator in a row from one creator, and clips seen
 * in the last 7 days only once nothing else is left. Each chosen clip carries its reasons.
 */
export function referenceRankPage(input: RankInput): RankedClip[] {
  const { profile, now, seed } = input;
  const open = input.candidates.filter((clip) => !input.excluded.has(clip.id));
  const scored = open
    .map((clip) => ({ clip, score: scoreOf(clip, profile, { now, seed }), seen: input.seen.has(clip.id) }))
    .sort((a, b) => Number(a.seen) - Number(b.seen) || b.score - a.score || (a.clip.id < b.clip.id ? -1 : 1));
  const taken = new Set<string>();
  const creators = [...input.previousCreators];
  const onPage = new Map<string, number>();
  for (const id of input.previousCategories ?? []) onPage.set(id, (onPage.get(id) ?? 0) + 1);
  const page: RankedClip[] = [];
  const creatorAllowed = (creatorId: string) =>
    creators.length < RANK.maxSameCreator || creators.slice(-RANK.maxSameCreator).some((id) => id !== creatorId);
  const fits = (entry: (typeof scored)[number]) => !taken.has(entry.clip.id) && creatorAllowed(entry.clip.creatorId);
  const repeats = (clip: Candidate) =>
    (profile.category.get(clip.categoryId) ?? 0) > RANK.tasteFloor ? 0 : RANK.repeatPenalty * (onPage.get(clip.categoryId) ?? 0);
  // The best fitting clip by score less its category's repeats; `scored` runs unseen first, then by score, so the
  // walk stops at the first clip whose whole score cannot beat the best found.
  const bestFit = (only?: (entry: (typeof scored)[number]) => boolean) => {
    let best: (typeof scored)[number] | undefined;
    let bestScore = -Infinity;
    for (const entry of scored) {
      if (best && (entry.seen || entry.score <= bestScore)) break;
      if (!fits(entry) || (only && !only(entry))) continue;
      const score = entry.score - repeats(entry.clip);
      if (score > bestScore) [best, bestScore] = [entry, score];
    }
    return best;
  };

  for (let i = 0; i < input.count; i++) {
    const explore = (input.position + i) % RANK.exploreEvery === RANK.exploreEvery - 1;
    let chosen: (typeof scored)[number] | undefined;
    let exploring = false;
    if (explore) {
      // The best new clip outside the visitor's tastes, by hot score and the visitor's own draw, a category the
      // visitor has not met yet first. The visitor's own random stretch first, so visitors explore different parts
      // of the catalogue.
      for (const own of [true, false]) {
        let best = -Infinity;
        for (const entry of scored) {
          if (own && !entry.clip.explore) continue;
          if (entry.seen || input.known.has(entry.clip.id) || !fits(entry) || !outsideTaste(entry.clip, profile)) continue;
          const unmet = profile.category.has(entry.clip.categoryId) ? 0 : RANK.unmetCategory;
          const score = RANK.hotWeight * hotScore(entry.clip, now) + RANK.exploreDraw * unitHash(`${seed}~${entry.clip.id}`) + unmet;
          if (score > best) [best, chosen, exploring] = [score, entry, true];
        }
        if (chosen) break;
      }
    } else if (RANK.drawnPlaces.includes((input.position + i) % RANK.exploreEvery)) {
      // The best of the visitor's own stretches of their tastes (each walked for a facet they like).
      const drawn = bestFit((entry) => Boolean(entry.clip.drawn) && !entry.seen);
      const best = drawn && bestFit((entry) => !entry.seen);
      chosen = best && affinityOf(best.clip, profile) - affinityOf(drawn.clip, profile) > RANK.drawnYield ? best : drawn;
    }
    chosen ??= bestFit() ?? scored.find((entry) => !taken.has(entry.clip.id));
    if (!chosen) break;
    taken.add(chosen.clip.id);
    onPage.set(chosen.clip.categoryId, (onPage.get(chosen.clip.categoryId) ?? 0) + 1);
    creators.push(chosen.clip.creatorId);
    page.push({ id: chosen.clip.id, reasons: reasonsFor(chosen.clip, { profile, now, exploring, seen: chosen.seen, known: input.known }) });
  }
  return page;
}
