const HEX = /^#([0-9a-f]{6})$/i;
const channel = (value: number) => {
  const c = value / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};
const luminance = ([r, g, b]: number[]) => 0.2126 * channel(r!) + 0.7152 * channel(g!) + 0.0722 * channel(b!);

/**
 * A category's colour, darkened just enough (same hue) for white badge text to reach WCAG AA's
 * 4.5:1: moderators pick the colours, and bright ones (orange, teal…) would make the label unreadable.
 * Colours that are not #rrggbb are returned as they are.
 */
export function deepenForWhiteText(color: string): string {
  const hex = HEX.exec(color)?.[1];
  if (!hex) return color;
  const rgb = [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16));
  for (let scale = 1; scale > 0; scale -= 0.02) {
    const scaled = rgb.map((c) => Math.round(c * scale));
    if (1.05 / (luminance(scaled) + 0.05) >= 4.6) return `#${scaled.map((c) => c.toString(16).padStart(2, "0")).join("")}`;
  }
  return "#000000";
}
