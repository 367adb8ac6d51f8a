import { describe, expect, it } from "vitest";
import { emptyProfile, rankPage, type Candidate, type RankInput } from "~/features/feed/rank-score";
import { referenceRankPage } from "../support/rank-reference";

const DAY = 24 * 3600_000;
const NOW = Date.UTC(2026, 10, 28);

/** A small seeded generator (mulberry32), so a failing case can be replayed by its number. */
function generator(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(list: T[]) => list[int(list.length)]!;
  return { next, int, pick, chance: (p: number) => next() < p };
}

/** A random ranking input: few or many candidates, categories and creators, tastes liked and disliked, seen and known clips. */
function randomInput(caseNumber: number): RankInput {
  const r = generator(caseNumber);
  const size = r.chance(0.04) ? 300 + r.int(900) : r.int(120);
  const categories = Array.from({ length: 1 + r.int(14) }, (_, i) => `cat-${i}`);
  const creators = Array.from({ length: 1 + r.int(r.chance(0.3) ? 4 : 60) }, (_, i) => `creator-${i}`);
  const tags = Array.from({ length: 1 + r.int(30) }, (_, i) => `tag-${i}`);
  const candidates: Candidate[] = Array.from({ length: size }, (_, i) => ({
    id: `clip-${caseNumber}-${i}`,
    categoryId: r.pick(categories),
    creatorId: r.pick(creators),
    tagIds: Array.from(new Set(Array.from({ length: r.int(5) }, () => r.pick(tags)))),
    // Whole qualities and days often, so hot scores tie and only the draw tells clips apart.
    quality: r.chance(0.4) ? 0 : r.chance(0.5) ? r.int(12) : r.next() * 16 - 2,
    publishedAt: NOW - (r.chance(0.5) ? r.int(30) * DAY : Math.floor(r.next() * 900 * DAY)),
    ...(r.chance(0.25) ? { explore: true } : r.chance(0.3) ? { drawn: true } : {}),
  }));
  const profile = emptyProfile();
  if (!r.chance(0.3)) {
    const weight = () => (r.chance(0.2) ? 0.3 : r.next() * 8 - 3);
    for (const id of categories) if (r.chance(0.4)) profile.category.set(id, weight());
    for (const id of creators) if (r.chance(0.2)) profile.creator.set(id, weight());
    for (const id of tags) if (r.chance(0.3)) profile.tag.set(id, weight());
  }
  const ids = candidates.map((clip) => clip.id);
  const subset = (p: number) => new Set(ids.filter(() => r.chance(p)));
  const seen = subset(r.chance(0.5) ? 0 : r.next() * 0.9);
  const known = new Set([...seen, ...subset(r.next() * 0.5)]);
  const previousCreators = Array.from({ length: r.int(3) }, () => r.pick(creators));
  if (previousCreators.length === 2 && r.chance(0.5)) previousCreators[1] = previousCreators[0]!;
  return {
    candidates,
    profile,
    seen,
    known,
    excluded: subset(r.next() * 0.3),
    previousCreators,
    previousCategories: Array.from({ length: r.int(40) }, () => r.pick(categories)),
    position: r.int(60),
    count: r.chance(0.1) ? size + 5 : 1 + r.int(80),
    now: NOW,
    seed: r.int(2 ** 32).toString(16),
  };
}

describe("the feed's page ranking", () => {
  it("gives exactly the pages of the straightforward scan, reasons included, on 1 000 random inputs", { timeout: 120_000 }, () => {
    for (let n = 1; n <= 1000; n++) {
      const input = randomInput(n);
      expect(rankPage(input), `case ${n}`).toEqual(referenceRankPage(input));
    }
  });

  it("gives the same pages when the candidates repeat a clip", () => {
    for (let n = 1; n <= 100; n++) {
      const input = randomInput(10_000 + n);
      const candidates = [...input.candidates, ...input.candidates.filter((_, i) => i % 3 === 0)];
      expect(rankPage({ ...input, candidates }), `case ${n}`).toEqual(referenceRankPage({ ...input, candidates }));
    }
  });
});
