// The feed's ranking, as pure functions (docs/decisions/160-feed-ranking.md): the server (rank.server.ts) and the
// quality bench (`npm run bench:feed`) run exactly this code on the candidates they read.

export type Facet = "category" | "tag" | "creator";

/** A clip the ranking may choose, with what it knows of it. */
export interface Candidate {
  id: string;
  categoryId: string;
  creatorId: string;
  tagIds: string[];
  /** `clip_stats.quality` (0 without signals): the hot score before its age decay. */
  quality: number;
  /** Milliseconds since the epoch. */
  publishedAt: number;
  /** Found by the visitor's own random walk of the catalogue: exploration places take these first. */
  explore?: boolean;
  /** Found by the visitor's own random stretch of one of their tastes: drawn places take these first. */
  drawn?: boolean;
}

/** What the feed learned about a visitor: the decayed weight of each category, tag and creator. */
export interface TasteProfile {
  category: Map<string, number>;
  tag: Map<string, number>;
  creator: Map<string, number>;
}

export const emptyProfile = (): TasteProfile => ({ category: new Map(), tag: new Map(), creator: new Map() });

/** Why a clip was chosen, as the clip's menu says it ("Why this clip"). */
export type RankReason =
  | { kind: "taste"; facet: Facet; itemId: string }
  | { kind: "popular-week" }
  | { kind: "popular" }
  | { kind: "fresh" }
  | { kind: "new-to-you" }
  | { kind: "seen-before" };

export interface RankedClip {
  id: string;
  reasons: RankReason[];
}

/** The formula's constants (ADR 160). */
export const RANK = {
  /** Points of quality lost per doubling of age in days: a strong two-year-old clip still outranks an unwatched new one. */
  ageDecay: 1,
  hotWeight: 0.5,
  /** The personal part: weight × tanh(affinity / scale) × scale, so no single taste outweighs everything. */
  tasteWeight: 5,
  tasteScale: 2,
  facetWeight: { category: 1, creator: 1.2, tag: 0.6 } as Record<Facet, number>,
  /**
   * The visitor's own draw, up to this many points: among clips whose hot scores lie within a few points of each other
   * (the newest, the trending) each visitor gets their own sample, so newcomers do not all start on the same clips,
   * while a taste (one finished clip ≈ +4.6 points) and a strong record still lead.
   */
  jitter: 2,
  /** The draw's weight at an exploration place. */
  exploreDraw: 2,
  /** Every EXPLORE_EVERY-th place goes to a clip new to the visitor and outside their affinities. */
  exploreEvery: 5,
  /**
   * Places (position mod exploreEvery) that go to the best clip of the visitor's own random stretches of their tastes
   * when they have one: visitors of one taste spread over its whole catalogue instead of sharing its hottest clips.
   */
  drawnPlaces: [1, 2, 3] as readonly number[],
  /**
   * A drawn place goes to the best of all candidates instead when that clip's affinity exceeds the best drawn clip's
   * by more than this (a category liked to the full is 2): a liked creator's clip in a category the visitor always
   * skips does not take a place from the category they always finish, while clips the visitor likes alike still
   * spread over the drawn stretches.
   */
  drawnYield: 1,
  /** At most this many clips in a row from one creator. */
  maxSameCreator: 2,
  /** A weight at or below this is no affinity (for exploration and reasons). */
  tasteFloor: 0.3,
  /** The quality a clip needs to be called popular. */
  popularQuality: 5,
  /**
   * Points a clip loses per clip of its category already in the feed (this page and the clips shown before it),
   * unless the visitor likes that category: the feed runs through the catalogue's categories until the visitor
   * shows a taste, so a few clips teach it.
   */
  repeatPenalty: 2,
  /** Points an exploration place gives a clip of a category the visitor has no weight for yet. */
  unmetCategory: 10,
} as const;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The hot score at `now`: quality − ageDecay · log2(1 + age in days). */
export function hotScore(clip: Pick<Candidate, "quality" | "publishedAt">, now: number): number {
  const ageDays = Math.max(0, (now - clip.publishedAt) / DAY_MS);
  return clip.quality - RANK.ageDecay * Math.log2(1 + ageDays);
}

/**
 * The visitor's taste for a clip: each of its category, creator and tags weighs by its facet, through its own
 * tanh (one item's weight cannot outweigh everything, and many weak dislikes cannot bury a strong liking), tags
 * averaged by √count.
 */
export function affinityOf(clip: Candidate, profile: TasteProfile): number {
  return boundedAffinityOf(clip, boundedProfile(profile));
}

/** A taste profile's weights through their tanh: affinityOf's terms, looked up, never bounded again. */
export interface BoundedTaste {
  category: ReadonlyMap<string, number>;
  tag: ReadonlyMap<string, number>;
  creator: ReadonlyMap<string, number>;
}

/** The profile with every weight through its tanh (affinityOf's terms), made once for a ranking's many clips. */
export function boundedProfile(profile: TasteProfile): BoundedTaste {
  const through = (weights: Map<string, number>) => {
    const bounded = new Map<string, number>();
    for (const [id, weight] of weights) bounded.set(id, RANK.tasteScale * Math.tanh(weight / RANK.tasteScale));
    return bounded;
  };
  return { category: through(profile.category), tag: through(profile.tag), creator: through(profile.creator) };
}

/** affinityOf over a bounded profile: lookups and sums only (an item the visitor has no weight for adds 0). */
export function boundedAffinityOf(clip: Candidate, bounded: BoundedTaste): number {
  let tags = 0;
  for (const id of clip.tagIds) tags += bounded.tag.get(id) ?? 0;
  return (
    RANK.facetWeight.category * (bounded.category.get(clip.categoryId) ?? 0) +
    RANK.facetWeight.creator * (bounded.creator.get(clip.creatorId) ?? 0) +
    (clip.tagIds.length ? (RANK.facetWeight.tag * tags) / Math.sqrt(clip.tagIds.length) : 0)
  );
}

/** Whether the clip touches none of the visitor's positive affinities. */
export function outsideTaste(clip: Candidate, profile: TasteProfile): boolean {
  const liked = (map: Map<string, number>, id: string) => (map.get(id) ?? 0) > RANK.tasteFloor;
  return (
    !liked(profile.category, clip.categoryId) &&
    !liked(profile.creator, clip.creatorId) &&
    !clip.tagIds.some((id) => liked(profile.tag, id))
  );
}

const FNV_OFFSET = 0x811c9dc5;

/** FNV-1a over `text` from state `h`: hashing a seed once and each id from its state is hashing their concatenation. */
function fnv(h: number, text: string): number {
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h;
}

const unitOf = (h: number) => (h >>> 0) / 2 ** 32;

/** A number in [0, 1) from a string (FNV-1a): the visitor's jitter and exploration draws, stable for one seed. */
export function unitHash(text: string): number {
  return unitOf(fnv(FNV_OFFSET, text));
}

/**
 * How many orders newcomers share per filter (ADR 232): a visitor without any history is ranked from the catalogue and
 * a seed only, so their own seed picks one of this many seeds — many enough that the newcomers of a few seconds spread
 * over the catalogue as their own seeds spread them, few enough that each order is ranked once and served to many.
 */
export const NEWCOMER_ORDERS = 512;

/** The seed a newcomer's order is ranked with: one of NEWCOMER_ORDERS, picked by their own seed. */
export function newcomerSeed(seed: string): string {
  return `newcomer-${Math.floor(unitHash(seed) * NEWCOMER_ORDERS)}`;
}

/** score = hotWeight · hot + tasteWeight · scale · tanh(affinity / scale) + jitter (ADR 160). */
export function scoreOf(clip: Candidate, profile: TasteProfile, input: { now: number; seed: string }): number {
  return (
    RANK.hotWeight * hotScore(clip, input.now) + RANK.tasteWeight * affinityOf(clip, profile) + RANK.jitter * unitHash(input.seed + clip.id)
  );
}

export interface RankInput {
  candidates: Candidate[];
  profile: TasteProfile;
  /** Clips the visitor saw in the last 7 days: left out unless the filter has nothing else. */
  seen: Set<string>;
  /** Clips the visitor ever saw (as far as the kept events go): not "new to you". */
  known: Set<string>;
  /** Clips marked "Not interested", and those already in the visitor's feed this visit: never chosen. */
  excluded: Set<string>;
  /** Creators of the clips just before this page, the nearest last. */
  previousCreators: string[];
  /** Categories of the clips the visitor's feed showed before this page (they count as on the page for repeats). */
  previousCategories?: string[];
  /** Feed position of the page's first clip (exploration places are positions 4, 9, 14…). */
  position: number;
  count: number;
  now: number;
  seed: string;
}

/** A scored candidate; `index` is its place among the candidates (the last tie-break of the page's order). */
interface Scored {
  clip: Candidate;
  hot: number;
  affinity: number;
  score: number;
  seen: boolean;
  index: number;
}

/**
 * Whether `a` comes before `b` in the page's order of choice: unseen first, then by score, then by id (a clip the
 * candidates repeat, by its place among them).
 */
function precedes(a: Scored, b: Scored): boolean {
  if (a.seen !== b.seen) return !a.seen;
  if (a.score !== b.score) return a.score > b.score;
  if (a.clip.id !== b.clip.id) return a.clip.id < b.clip.id;
  return a.index < b.index;
}

const inOrder = (a: Scored, b: Scored) => (precedes(a, b) ? -1 : precedes(b, a) ? 1 : 0);

/** How many of a category's candidates are put in order at first: a page takes only the first few of each. */
const RUN_HEAD = 4;

/**
 * Candidates of one category in the page's order: its first one not taken is `next`. Within a category the repeat
 * penalty is one number, so the category's best fitting clip is its first that fits. Only the head of a category is
 * put in order at first (`entries`); the rest (`rest`, unordered) is ordered when a place reaches past the head.
 */
interface Run {
  categoryId: string;
  entries: Scored[];
  rest: Scored[];
  next: number;
}

function runsOf(entries: Scored[]): Run[] {
  const runs = new Map<string, Run>();
  for (const entry of entries) {
    const run = runs.get(entry.clip.categoryId);
    if (run) run.rest.push(entry);
    else runs.set(entry.clip.categoryId, { categoryId: entry.clip.categoryId, entries: [], rest: [entry], next: 0 });
  }
  return [...runs.values()];
}

/** The run's k-th entry in order, ordering as much of its rest as that needs. */
function entryAt(run: Run, k: number): Scored | undefined {
  if (k < run.entries.length) return run.entries[k];
  if (run.rest.length === 0) return undefined;
  if (run.entries.length === 0 && run.rest.length > 2 * RUN_HEAD) {
    // The head: the first RUN_HEAD by one pass, kept in order; the others stay for later.
    const head: Scored[] = [];
    for (const entry of run.rest) {
      if (head.length === RUN_HEAD && !precedes(entry, head[RUN_HEAD - 1]!)) continue;
      let at = head.length === RUN_HEAD ? RUN_HEAD - 1 : head.length;
      while (at > 0 && precedes(entry, head[at - 1]!)) at--;
      head.splice(at, 0, entry);
      if (head.length > RUN_HEAD) head.pop();
    }
    const last = head[head.length - 1]!;
    run.entries = head;
    run.rest = run.rest.filter((entry) => precedes(last, entry));
  } else {
    run.entries.push(...run.rest.sort(inOrder));
    run.rest = [];
  }
  return entryAt(run, k);
}

/** A clip ranked by a score of its own (exploration), best first, ties in the page's order. */
interface Ranked {
  entries: Scored[];
  next: number;
}

/**
 * One page of the visitor's feed: the highest scores, with every exploreEvery-th place given to the best clip new to
 * the visitor and outside their affinities, never more than maxSameCreator in a row from one creator, and clips seen
 * in the last 7 days only once nothing else is left. Each chosen clip carries its reasons.
 *
 * Each place is chosen without scanning or ordering every candidate: the candidates are split by category once (the
 * repeat penalty is the same for a whole category), each category put in order only as far as its places reach, and
 * the exploration scores, fixed for the page, are computed and sorted once. The choices are exactly those of one scan
 * per place (tests/unit/rank-equivalence.test.ts).
 */
export function rankPage(input: RankInput): RankedClip[] {
  const { profile, now, seed } = input;
  const seedState = fnv(FNV_OFFSET, seed);
  // A visitor without tastes (a newcomer, or GPC/DNT): every affinity is 0 and every clip outside their tastes.
  const tasteless = profile.category.size === 0 && profile.creator.size === 0 && profile.tag.size === 0;
  // Each weight through its tanh once, not once per clip that carries it (a ranking scores thousands of clips).
  const bounded = tasteless ? null : boundedProfile(profile);
  const scored: Scored[] = [];
  const unseen: Scored[] = [];
  for (const clip of input.candidates) {
    if (input.excluded.has(clip.id)) continue;
    const hot = hotScore(clip, now);
    const affinity = bounded ? boundedAffinityOf(clip, bounded) : 0;
    const score = RANK.hotWeight * hot + RANK.tasteWeight * affinity + RANK.jitter * unitOf(fnv(seedState, clip.id));
    const entry = { clip, hot, affinity, score, seen: input.seen.has(clip.id), index: scored.length };
    scored.push(entry);
    if (!entry.seen) unseen.push(entry);
  }
  const taken = new Set<string>();
  const creators = [...input.previousCreators];
  const onPage = new Map<string, number>();
  for (const id of input.previousCategories ?? []) onPage.set(id, (onPage.get(id) ?? 0) + 1);
  const page: RankedClip[] = [];
  // The creator a clip may not have at this place: the one of the last maxSameCreator clips, when they share it.
  let barred = false;
  let barredCreator: string | undefined;
  const fits = (entry: Scored) => !taken.has(entry.clip.id) && !(barred && entry.clip.creatorId === barredCreator);
  // The first clip of a list that fits; the taken ones at its head are passed for good.
  const firstFitting = (ranked: Ranked) => {
    const { entries } = ranked;
    while (ranked.next < entries.length && taken.has(entries[ranked.next]!.clip.id)) ranked.next++;
    for (let k = ranked.next; k < entries.length; k++) if (fits(entries[k]!)) return entries[k];
    return undefined;
  };
  const penalty = (categoryId: string) =>
    (profile.category.get(categoryId) ?? 0) > RANK.tasteFloor ? 0 : RANK.repeatPenalty * (onPage.get(categoryId) ?? 0);

  // The best fitting unseen clip by score less its category's repeats, ties to the earlier in the order; when no
  // unseen clip fits, the first seen one that does.
  let allRuns: Run[] | undefined;
  let seenOnes: Ranked | undefined;
  let drawnRuns: Run[] | undefined;
  const bestOf = (runs: Run[]) => {
    let best: Scored | undefined;
    let bestScore = -Infinity;
    for (const run of runs) {
      let head = entryAt(run, run.next);
      while (head && taken.has(head.clip.id)) head = entryAt(run, ++run.next);
      let k = run.next;
      let entry = head;
      while (entry && !fits(entry)) entry = entryAt(run, ++k);
      if (!entry) continue;
      const score = entry.score - penalty(run.categoryId);
      if (score > bestScore || (best && score === bestScore && precedes(entry, best))) [best, bestScore] = [entry, score];
    }
    return best;
  };
  const bestFit = () =>
    bestOf((allRuns ??= runsOf(unseen))) ??
    firstFitting((seenOnes ??= { entries: scored.filter((entry) => entry.seen).sort(inOrder), next: 0 }));
  // The first clip not taken in the page's order, whatever its creator.
  const anyOpen = () => {
    let first: Scored | undefined;
    for (const entry of scored) if (!taken.has(entry.clip.id) && (!first || precedes(entry, first))) first = entry;
    return first;
  };

  // Exploration: new clips outside the visitor's tastes by hot score, the visitor's own draw and a category not met
  // yet — a score fixed for the page — the visitor's own random stretch first.
  const exploreState = fnv(FNV_OFFSET, `${seed}~`);
  const explorersOf = (own: boolean): Ranked => ({
    entries: unseen
      .filter(
        (entry) => (!own || entry.clip.explore) && !input.known.has(entry.clip.id) && (tasteless || outsideTaste(entry.clip, profile)),
      )
      .map((entry) => {
        const unmet = profile.category.has(entry.clip.categoryId) ? 0 : RANK.unmetCategory;
        const score = RANK.hotWeight * entry.hot + RANK.exploreDraw * unitOf(fnv(exploreState, entry.clip.id)) + unmet;
        return { entry, score };
      })
      .sort((a, b) => b.score - a.score || inOrder(a.entry, b.entry))
      .map(({ entry }) => entry),
    next: 0,
  });
  let ownExplorers: Ranked | undefined;
  let allExplorers: Ranked | undefined;

  for (let i = 0; i < input.count; i++) {
    const place = (input.position + i) % RANK.exploreEvery;
    const last = creators[creators.length - 1];
    barred = creators.length >= RANK.maxSameCreator && creators.slice(-RANK.maxSameCreator).every((id) => id === last);
    barredCreator = last;
    let chosen: Scored | undefined;
    let exploring = false;
    if (place === RANK.exploreEvery - 1) {
      chosen = firstFitting((ownExplorers ??= explorersOf(true))) ?? firstFitting((allExplorers ??= explorersOf(false)));
      exploring = Boolean(chosen);
    } else if (RANK.drawnPlaces.includes(place)) {
      // The best of the visitor's own stretches of their tastes (each walked for a facet they like), unless the best
      // of all is clearly more to their taste.
      const drawn = bestOf((drawnRuns ??= runsOf(unseen.filter((entry) => entry.clip.drawn))));
      const best = drawn && bestOf((allRuns ??= runsOf(unseen)));
      chosen = best && best.affinity - drawn.affinity > RANK.drawnYield ? best : drawn;
    }
    chosen ??= bestFit() ?? anyOpen();
    if (!chosen) break;
    taken.add(chosen.clip.id);
    onPage.set(chosen.clip.categoryId, (onPage.get(chosen.clip.categoryId) ?? 0) + 1);
    creators.push(chosen.clip.creatorId);
    page.push({ id: chosen.clip.id, reasons: reasonsFor(chosen.clip, { profile, now, exploring, seen: chosen.seen, known: input.known }) });
  }
  return page;
}

/** The true reasons a clip is where it is, strongest first (at most three). */
export function reasonsFor(
  clip: Candidate,
  input: { profile: TasteProfile; now: number; exploring: boolean; seen: boolean; known: Set<string> },
): RankReason[] {
  const reasons: RankReason[] = [];
  if (input.seen) reasons.push({ kind: "seen-before" });
  const tastes: { facet: Facet; itemId: string; weight: number }[] = [
    { facet: "category" as const, itemId: clip.categoryId, weight: input.profile.category.get(clip.categoryId) ?? 0 },
    { facet: "creator" as const, itemId: clip.creatorId, weight: input.profile.creator.get(clip.creatorId) ?? 0 },
    ...clip.tagIds.map((itemId) => ({ facet: "tag" as const, itemId, weight: input.profile.tag.get(itemId) ?? 0 })),
  ]
    .filter((taste) => taste.weight > RANK.tasteFloor)
    .sort((a, b) => b.weight - a.weight);
  for (const taste of tastes.slice(0, 2)) reasons.push({ kind: "taste", facet: taste.facet, itemId: taste.itemId });
  if (input.exploring || (!input.known.has(clip.id) && tastes.length === 0)) reasons.push({ kind: "new-to-you" });
  const ageMs = input.now - clip.publishedAt;
  if (clip.quality >= RANK.popularQuality) reasons.push({ kind: ageMs <= 7 * DAY_MS ? "popular-week" : "popular" });
  else if (ageMs <= 2 * DAY_MS) reasons.push({ kind: "fresh" });
  return reasons.slice(0, 3);
}
