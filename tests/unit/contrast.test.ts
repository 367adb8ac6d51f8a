import { describe, expect, it } from "vitest";
import { deepenForWhiteText } from "~/lib/contrast";

const contrastWithWhite = (hex: string) => {
  const channel = (v: number) => {
    const c = v / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  const l = 0.2126 * channel(r!) + 0.7152 * channel(g!) + 0.0722 * channel(b!);
  return 1.05 / (l + 0.05);
};

describe("deepenForWhiteText", () => {
  it.each(["#f97316", "#14b8a6", "#facc15", "#ffffff", "#ec4899"])("darkens %s until white text reaches AA", (color) => {
    const deeper = deepenForWhiteText(color);
    expect(contrastWithWhite(deeper)).toBeGreaterThanOrEqual(4.5);
    // Same hue: every channel shrinks by the same factor (within rounding).
    const ratio = (hex: string, i: number) => parseInt(hex.slice(i, i + 2), 16);
    const scales = [1, 3, 5].map((i) => ratio(deeper, i) / Math.max(ratio(color, i), 1)).filter((_, i) => ratio(color, [1, 3, 5][i]!) > 40);
    expect(Math.max(...scales) - Math.min(...scales)).toBeLessThan(0.05);
  });

  it("leaves colours that already pass, and anything that is not #rrggbb, as they are", () => {
    expect(deepenForWhiteText("#7c2d12")).toBe("#7c2d12");
    expect(deepenForWhiteText("rebeccapurple")).toBe("rebeccapurple");
  });
});
