import type { Candidate } from "./rank-score";

/** Each shared pool's clips by id, made once per pool (a pool is replaced when read anew, never changed). */
const poolIndexes = new WeakMap<Candidate[], Map<string, number> | null>();

function poolIndex(pool: Candidate[]): Map<string, number> | null {
  let index = poolIndexes.get(pool);
  if (index === undefined) {
    index = new Map(pool.map((clip, at) => [clip.id, at]));
    // A pool naming a clip twice is merged the long way (it does not happen: the walks' ids are grouped).
    if (index.size !== pool.length) index = null;
    poolIndexes.set(pool, index);
  }
  return index;
}

/**
 * The shared candidates with the visitor's own in their places (theirs carry their walk's flag), then the rest of
 * theirs — in the order a Map of the shared ones, then set with the visitor's, holds them — without building that
 * Map of a thousand clips for every page: a fifth of a newcomer's ranking.
 */
export function withOwn(common: Candidate[], own: Candidate[]): { candidates: Candidate[]; byId: (id: string) => Candidate | undefined } {
  const index = poolIndex(common);
  if (!index) {
    const all = new Map(common.map((clip) => [clip.id, clip]));
    for (const clip of own) all.set(clip.id, clip);
    return { candidates: [...all.values()], byId: (id) => all.get(id) };
  }
  const candidates = common.slice();
  const extra = new Map<string, Candidate>();
  for (const clip of own) {
    const at = index.get(clip.id);
    if (at === undefined) extra.set(clip.id, clip);
    else candidates[at] = clip;
  }
  for (const clip of extra.values()) candidates.push(clip);
  return {
    candidates,
    byId: (id) => {
      const at = index.get(id);
      return at === undefined ? extra.get(id) : candidates[at];
    },
  };
}
