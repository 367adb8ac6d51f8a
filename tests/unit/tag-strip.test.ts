import { describe, expect, it } from "vitest";
import { orderTagStrip, tagStripLayout } from "~/features/clips/tag-strip";

const chips = (...slugs: string[]) => slugs.map((slug) => ({ slug, name: slug }));

describe("card tag strip (docs/product.md §5.5)", () => {
  it("moves the hetero tag to the end and keeps the rest in order", () => {
    expect(orderTagStrip(chips("hetero", "neon", "couple", "dance")).map((t) => t.slug)).toEqual(["neon", "couple", "dance", "hetero"]);
  });

  it("shows 3 tags on narrow strips, the 4th from 320 px and the 5th from 440 px, the rest behind '+N more'", () => {
    const { shown, more } = tagStripLayout(chips("a", "b", "c", "d", "e", "f", "hetero"));
    expect(shown.map(({ tag, fromWidth }) => [tag.slug, fromWidth])).toEqual([
      ["a", 0],
      ["b", 0],
      ["c", 0],
      ["d", 320],
      ["e", 440],
    ]);
    expect(more).toEqual([4, 3, 2]);
  });

  it("has no '+N more' at the widths where every tag shows", () => {
    expect(tagStripLayout(chips("a", "b", "c", "d")).more).toEqual([1, 0, 0]);
    expect(tagStripLayout(chips("a", "b")).more).toEqual([0, 0, 0]);
  });
});
