import type { TagChip } from "./clip-tags.server";

/** Card tag strip (docs/product.md §5.5): the 'hetero' tag goes to the end. */
export function orderTagStrip(tags: TagChip[]): TagChip[] {
  return [...tags.filter((t) => t.slug !== "hetero"), ...tags.filter((t) => t.slug === "hetero")];
}

/**
 * 3 tags on narrow cards, 4 from 320 px, 5 from 440 px (docs/product.md §5.5). The strip applies these steps with
 * container queries (components/tag-strip.tsx), so the server's HTML already shows the right number: measuring
 * the width after hydration added a tag and moved the clip's title (a layout shift).
 */
export const TAG_STRIP_STEPS = [
  { fromWidth: 0, tags: 3 },
  { fromWidth: 320, tags: 4 },
  { fromWidth: 440, tags: 5 },
] as const;

export type TagStripWidth = (typeof TAG_STRIP_STEPS)[number]["fromWidth"];

/**
 * The collapsed strip: each tag it may show with the width from which it shows, and for each step the number of
 * tags left for '+N more' (0: no button at that width).
 */
export function tagStripLayout(tags: TagChip[]): { shown: { tag: TagChip; fromWidth: TagStripWidth }[]; more: number[] } {
  const ordered = orderTagStrip(tags);
  const widest = TAG_STRIP_STEPS.at(-1)!.tags;
  return {
    shown: ordered.slice(0, widest).map((tag, i) => ({ tag, fromWidth: TAG_STRIP_STEPS.find((step) => step.tags > i)!.fromWidth })),
    more: TAG_STRIP_STEPS.map((step) => Math.max(0, ordered.length - step.tags)),
  };
}
