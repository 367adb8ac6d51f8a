import { describe, expect, it } from "vitest";
import { orderTagStrip, visibleTagCount } from "~/features/clips/tag-strip";

describe("card tag strip (docs/product.md §5.5)", () => {
  it("moves the hetero tag to the end and keeps the rest in order", () => {
    const tags = ["hetero", "neon", "couple", "dance"].map((slug) => ({ slug, name: slug }));
    expect(orderTagStrip(tags).map((t) => t.slug)).toEqual(["neon", "couple", "dance", "hetero"]);
  });

  it("shows 3 to 5 tags depending on the card's width", () => {
    expect(visibleTagCount(200)).toBe(3);
    expect(visibleTagCount(360)).toBe(4);
    expect(visibleTagCount(600)).toBe(5);
  });
});
