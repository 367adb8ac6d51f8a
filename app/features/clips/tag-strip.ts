import type { TagChip } from "./clip-tags.server";

/** Card tag strip (docs/product.md §5.5): the 'hetero' tag goes to the end. */
export function orderTagStrip(tags: TagChip[]): TagChip[] {
  return [...tags.filter((t) => t.slug !== "hetero"), ...tags.filter((t) => t.slug === "hetero")];
}

/** 3 tags on narrow cards, 4 on medium, 5 on wide ones (docs/product.md §5.5). */
export function visibleTagCount(widthPx: number): number {
  return widthPx < 320 ? 3 : widthPx < 440 ? 4 : 5;
}
