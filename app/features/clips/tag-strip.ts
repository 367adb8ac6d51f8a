import type { TagChip } from "./clip-tags.server";

/** SPEC 4 card tag strip: the 'hetero' tag goes to the end. */
export function orderTagStrip(tags: TagChip[]): TagChip[] {
  return [...tags.filter((t) => t.slug !== "hetero"), ...tags.filter((t) => t.slug === "hetero")];
}

/** 3 tags on narrow cards, 4 on medium, 5 on wide ones (SPEC: 3 to 5 by width). */
export function visibleTagCount(widthPx: number): number {
  return widthPx < 320 ? 3 : widthPx < 440 ? 4 : 5;
}
