import { useState } from "react";
import { Link } from "react-router";
import { useT } from "~/lib/i18n/react";
import type { TagChip } from "../clip-tags.server";
import { orderTagStrip, TAG_STRIP_STEPS, tagStripLayout, type TagStripWidth } from "../tag-strip";

// Container queries on the strip's own width (Tailwind needs the classes written out).
/** A tag shown from this width on. */
const SHOWN_FROM: Record<TagStripWidth, string> = { 0: "", 320: "hidden @min-[320px]:block", 440: "hidden @min-[440px]:block" };
/** The '+N more' count of one step, shown at that step's widths only. */
const STEP_ONLY: Record<TagStripWidth, string> = {
  0: "@min-[320px]:hidden",
  320: "hidden @min-[320px]:inline @min-[440px]:hidden",
  440: "hidden @min-[440px]:inline",
};
/** The button, hidden from the first width at which every tag shows (never at 0: there is no button then). */
const HIDDEN_FROM: Record<TagStripWidth, string> = { 0: "", 320: "@min-[320px]:hidden", 440: "@min-[440px]:hidden" };

/** A card's tags: 3 to 5 by the card's width, expandable to all, 'hetero' last. */
export function TagStrip({ tags, tone = "card" }: { tags: TagChip[]; tone?: "card" | "overlay" }) {
  const { t } = useT("feed");
  const [expanded, setExpanded] = useState(false);
  const { shown, more } = tagStripLayout(tags);
  const chip =
    tone === "overlay"
      ? "rounded-full bg-black/45 px-2 py-0.5 text-xs text-white backdrop-blur-sm hover:bg-black/70"
      : "rounded-full bg-ink-800 px-2 py-0.5 text-xs text-ink-200 hover:bg-ink-700 hover:text-white";
  const links = (expanded ? orderTagStrip(tags).map((tag) => ({ tag, fromWidth: 0 as const })) : shown).map(({ tag, fromWidth }) => (
    <Link key={tag.slug} to={`/tag/${tag.slug}`} className={`${SHOWN_FROM[fromWidth]} ${chip}`}>
      #{tag.name}
    </Link>
  ));
  const allShownFrom = TAG_STRIP_STEPS.find((_, i) => more[i] === 0)?.fromWidth ?? 0;

  return (
    <div className="@container">
      <div className="flex flex-wrap gap-1.5">
        {links}
        {!expanded && more[0]! > 0 ? (
          <button
            type="button"
            onClick={() => setExpanded(true)}
            aria-expanded={false}
            className={`rounded-full px-2 py-0.5 text-xs hover:text-white ${tone === "overlay" ? "bg-black/45 text-white" : "text-ink-300"} ${HIDDEN_FROM[allShownFrom]}`}
          >
            {TAG_STRIP_STEPS.map((step, i) =>
              more[i]! > 0 ? (
                <span key={step.fromWidth} className={STEP_ONLY[step.fromWidth]}>
                  {t("tags.showMore", { count: more[i] })}
                </span>
              ) : null,
            )}
          </button>
        ) : null}
      </div>
    </div>
  );
}
