import { describe, expect, it } from "vitest";
import type { Candidate } from "~/features/feed/rank-score";
import { withOwn } from "~/features/feed/with-own";

const clip = (id: string, flag: object = {}): Candidate => ({
  id,
  categoryId: "c",
  creatorId: "r",
  tagIds: [],
  quality: 0,
  publishedAt: 0,
  ...flag,
});

/** What the ranking did before: a Map of the shared candidates, set with the visitor's own. */
function byMap(common: Candidate[], own: Candidate[]) {
  const all = new Map(common.map((c) => [c.id, c]));
  for (const c of own) all.set(c.id, c);
  return all;
}

describe("withOwn", () => {
  it("gives the candidates, in order, and the lookups that a Map of the shared ones set with the visitor's gives", () => {
    for (let n = 0; n < 200; n++) {
      const ids = Array.from({ length: 60 }, (_, i) => `id-${(i * 7919 + n * 31) % 97}`);
      const common = [...new Set(ids.slice(0, 30 + (n % 20)))].map((id) => clip(id));
      // The visitor's own overlap the shared ones and each other (a drawn and an explored walk may find one clip).
      const own = ids.slice(20 + (n % 30)).map((id, i) => clip(id, i % 2 ? { explore: true } : { drawn: true }));
      // Twice, so the second merge reads the pool's kept index.
      for (const round of [0, 1]) {
        const expected = byMap(common, own);
        const { candidates, byId } = withOwn(common, own);
        expect(candidates, `case ${n}, round ${round}`).toEqual([...expected.values()]);
        for (const id of [...ids, "missing"]) expect(byId(id)).toBe(expected.get(id));
      }
    }
  });

  it("merges a pool that names a clip twice as the Map did", () => {
    const common = [clip("a"), clip("b"), clip("a", { drawn: true })];
    const own = [clip("c", { explore: true }), clip("b", { explore: true })];
    expect(withOwn(common, own).candidates).toEqual([...byMap(common, own).values()]);
  });
});
