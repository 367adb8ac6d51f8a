import { describe, expect, it } from "vitest";
import { countsAsView, qualityOf } from "~/features/signals";

describe("the view rule", () => {
  it("counts after 3 s, or half of a clip shorter than 6 s", () => {
    expect(countsAsView(2999, 60)).toBe(false);
    expect(countsAsView(3000, 60)).toBe(true);
    expect(countsAsView(1999, 4)).toBe(false);
    expect(countsAsView(2000, 4)).toBe(true);
  });
});

describe("a clip's quality", () => {
  const base = { flames: 0, views: 0, watches: 0, completions: 0, skips: 0, shares: 0 };
  it("is 0 without signals and grows with flames and views", () => {
    expect(qualityOf(base)).toBe(0);
    expect(qualityOf({ ...base, flames: 10 })).toBeGreaterThan(qualityOf({ ...base, flames: 5 }));
    expect(qualityOf({ ...base, views: 100 })).toBeCloseTo(Math.log(101));
  });
  it("rewards completions and punishes skips, shrunk while a clip has few watches", () => {
    const finished = qualityOf({ ...base, views: 50, watches: 50, completions: 50 });
    const skipped = qualityOf({ ...base, views: 50, watches: 50, skips: 50 });
    expect(finished).toBeGreaterThan(skipped);
    expect(qualityOf({ ...base, watches: 1, completions: 1 })).toBeLessThan(0.3);
  });
});
