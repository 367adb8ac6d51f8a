import { describe, expect, it } from "vitest";
import { affinityOf, emptyProfile, hotScore, RANK, rankPage, type Candidate, type RankInput } from "~/features/feed/rank-score";

const DAY = 24 * 3600_000;
const NOW = Date.UTC(2026, 10, 28);

const clip = (id: string, over: Partial<Candidate> = {}): Candidate => ({
  id,
  categoryId: "cat-a",
  creatorId: `creator-${id}`,
  tagIds: [],
  quality: 0,
  publishedAt: NOW - DAY,
  ...over,
});

const input = (candidates: Candidate[], over: Partial<RankInput> = {}): RankInput => ({
  candidates,
  profile: emptyProfile(),
  seen: new Set(),
  known: new Set(),
  excluded: new Set(),
  previousCreators: [],
  position: 0,
  count: candidates.length,
  now: NOW,
  seed: "seed",
  ...over,
});

describe("affinityOf", () => {
  it("weighs each facet through its own tanh, tags averaged by the square root of their count, unknown items as 0", () => {
    const profile = emptyProfile();
    profile.category.set("cat-a", 2.5);
    profile.creator.set("maker", -1.2);
    profile.tag.set("t1", 7);
    profile.tag.set("t3", 0.4);
    const bounded = (weight: number) => RANK.tasteScale * Math.tanh(weight / RANK.tasteScale);
    const withTags = clip("x", { creatorId: "maker", tagIds: ["t1", "t2", "t3"] });
    expect(affinityOf(withTags, profile)).toBe(
      RANK.facetWeight.category * bounded(2.5) +
        RANK.facetWeight.creator * bounded(-1.2) +
        (RANK.facetWeight.tag * (bounded(7) + 0 + bounded(0.4))) / Math.sqrt(3),
    );
    expect(affinityOf(clip("y", { categoryId: "unknown" }), profile)).toBe(0);
  });
});

describe("the feed's score (ADR 160)", () => {
  it("decays with the logarithm of age: a strong two-year-old clip outranks an unwatched new one", () => {
    expect(hotScore({ quality: 16, publishedAt: NOW - 730 * DAY }, NOW)).toBeGreaterThan(
      hotScore({ quality: 0, publishedAt: NOW }, NOW) + 5,
    );
    expect(hotScore({ quality: 3, publishedAt: NOW - 30 * DAY }, NOW)).toBeLessThan(hotScore({ quality: 3, publishedAt: NOW - DAY }, NOW));
  });

  it("puts the visitor's taste first, keeps every fifth place for something new outside it, and says why", () => {
    const liked = Array.from({ length: 8 }, (_, i) => clip(`l${i}`, { categoryId: "cat-liked" }));
    const other = Array.from({ length: 8 }, (_, i) => clip(`o${i}`, { quality: 2 }));
    const profile = emptyProfile();
    profile.category.set("cat-liked", 4);
    const page = rankPage(input([...other, ...liked], { profile, count: 10 }));
    expect(page.slice(0, 4).every((c) => c.id.startsWith("l"))).toBe(true);
    expect(page[4]!.id.startsWith("o")).toBe(true);
    expect(page[4]!.reasons).toContainEqual({ kind: "new-to-you" });
    expect(page[0]!.reasons).toContainEqual({ kind: "taste", facet: "category", itemId: "cat-liked" });
  });

  it("spreads a page without tastes over the categories, and explores a category the visitor has not met first", () => {
    // Six categories; the hottest clips all belong to the first one.
    const candidates = Array.from({ length: 6 }, (_, c) =>
      Array.from({ length: 6 }, (_, i) => clip(`c${c}-${i}`, { categoryId: `cat-${c}`, quality: c === 0 ? 6 : 1 })),
    ).flat();
    const page = rankPage(input(candidates, { count: 10 }));
    const categoryOf = (id: string) => id.split("-")[0];
    expect(new Set(page.map((c) => categoryOf(c.id))).size).toBeGreaterThanOrEqual(5);
    // The next page goes on through the categories the feed showed least, not from the hottest one again.
    const next = rankPage(
      input(candidates, { count: 4, position: 10, previousCategories: ["cat-0", "cat-0", "cat-1", "cat-2", "cat-3", "cat-4"] }),
    );
    expect(categoryOf(next[0]!.id)).toBe("c5");

    // A visitor who skipped categories 0–3 and likes 4: the exploration place goes to category 5, never met.
    const profile = emptyProfile();
    for (const c of [0, 1, 2, 3]) profile.category.set(`cat-${c}`, -0.7);
    profile.category.set("cat-4", 2);
    const explored = rankPage(input(candidates, { profile, position: 4, count: 1 }));
    expect(categoryOf(explored[0]!.id)).toBe("c5");
    expect(explored[0]!.reasons).toContainEqual({ kind: "new-to-you" });
  });

  it("a liked category still leads when every creator and tag has been skipped many times", () => {
    // After a long session every tag and creator sinks to the bound (they come with liked and skipped clips alike);
    // each facet saturates on its own, so the category still tells the clips apart.
    const profile = emptyProfile();
    profile.category.set("cat-liked", 8);
    profile.category.set("cat-other", -8);
    for (const id of ["t1", "t2"]) profile.tag.set(id, -8);
    for (const id of ["k1", "k2"]) profile.creator.set(id, -8);
    const liked = [
      clip("l1", { categoryId: "cat-liked", creatorId: "k1", tagIds: ["t1", "t2"] }),
      clip("l2", { categoryId: "cat-liked", creatorId: "k2", tagIds: ["t1"] }),
    ];
    const other = [
      clip("o1", { categoryId: "cat-other", creatorId: "k1", tagIds: ["t1", "t2"], quality: 6 }),
      clip("o2", { categoryId: "cat-other", creatorId: "k2", tagIds: ["t2"], quality: 6 }),
    ];
    const page = rankPage(input([...other, ...liked], { profile, count: 2 }));
    expect(page.map((c) => c.id).sort()).toEqual(["l1", "l2"]);
  });

  it("never runs more than two clips of a creator, across the page boundary too", () => {
    const same = Array.from({ length: 6 }, (_, i) => clip(`s${i}`, { creatorId: "one", quality: 9 }));
    const fill = Array.from({ length: 6 }, (_, i) => clip(`f${i}`));
    const page = rankPage(input([...same, ...fill], { previousCreators: ["one"], count: 9 }));
    const creators = ["one", ...page.map((c) => (c.id.startsWith("s") ? "one" : c.id))];
    for (let i = 2; i < creators.length; i++)
      expect(creators[i] === "one" && creators[i - 1] === "one" && creators[i - 2] === "one").toBe(false);
  });

  it("leaves out excluded clips, and shows seen ones only when nothing else is left", () => {
    const candidates = [clip("a", { quality: 9 }), clip("b"), clip("c")];
    const page = rankPage(input(candidates, { seen: new Set(["a"]), excluded: new Set(["c"]) }));
    expect(page.map((c) => c.id)).toEqual(["b", "a"]);
    expect(page[1]!.reasons).toContainEqual({ kind: "seen-before" });
  });

  it("gives three places in five to the visitor's own drawn stretches of their tastes, the first to the best of all", () => {
    const profile = emptyProfile();
    profile.category.set("cat-liked", 4);
    // The taste's hottest clips, shared by its visitors, outscore the visitor's own older stretch of it.
    const shared = Array.from({ length: 8 }, (_, i) => clip(`h${i}`, { categoryId: "cat-liked", quality: 6 }));
    const drawn = Array.from({ length: 8 }, (_, i) =>
      clip(`d${i}`, { categoryId: "cat-liked", publishedAt: NOW - 300 * DAY, drawn: true }),
    );
    const other = Array.from({ length: 4 }, (_, i) => clip(`o${i}`, { categoryId: "cat-other" }));
    const page = rankPage(input([...shared, ...drawn, ...other], { profile, count: 10 }));
    const kinds = page.map((c) => c.id[0]).join("");
    expect(kinds).toBe("hdddohddd" + "o");
    // Without tastes there are no drawn walks: every place but exploration is the best of all.
    const newcomer = rankPage(input([...shared, ...other], { count: 4 }));
    expect(newcomer.map((c) => c.id[0]).join("")).not.toContain("d");
  });

  it("gives a drawn place to the liked category's clip when the drawn one is a liked creator's in a category always skipped", () => {
    const profile = emptyProfile();
    // Finished every clip of one category, skipped every clip of another; one creator of both finished twice.
    profile.category.set("cat-liked", 8);
    profile.category.set("cat-skipped", -8);
    profile.creator.set("creator-both", 1.3);
    const liked = Array.from({ length: 10 }, (_, i) => clip(`l${i}`, { categoryId: "cat-liked" }));
    // The creator's stretch, drawn for the visitor: only their clips of the skipped category are left unseen.
    const drawnSkipped = Array.from({ length: 6 }, (_, i) =>
      clip(`s${i}`, { categoryId: "cat-skipped", creatorId: "creator-both", drawn: true }),
    );
    // A drawn stretch of the liked category still takes its places, though the shared clips score higher.
    const drawnLiked = clip("d0", { categoryId: "cat-liked", publishedAt: NOW - 300 * DAY, drawn: true });
    const page = rankPage(input([...liked, ...drawnSkipped, drawnLiked], { profile, count: 4 }));
    expect(page.map((c) => c.id[0]).join("")).toBe("ldll");
  });
});
