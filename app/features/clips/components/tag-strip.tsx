import { useLayoutEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { useT } from "~/lib/i18n/react";
import type { TagChip } from "../clip-tags.server";
import { orderTagStrip, visibleTagCount } from "../tag-strip";

/** A card's tags: 3 to 5 by the card's width, expandable to all, 'hetero' last. */
export function TagStrip({ tags, tone = "card" }: { tags: TagChip[]; tone?: "card" | "overlay" }) {
  const { t } = useT("feed");
  const ref = useRef<HTMLDivElement>(null);
  const [limit, setLimit] = useState(3);
  const [expanded, setExpanded] = useState(false);
  const ordered = orderTagStrip(tags);

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    // Measured before the first paint, so the strip does not grow under the visitor's eyes.
    setLimit(visibleTagCount(el.clientWidth));
    if (typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(([entry]) => entry && setLimit(visibleTagCount(entry.contentRect.width)));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const shown = expanded ? ordered : ordered.slice(0, limit);
  const hidden = ordered.length - shown.length;
  return (
    <div ref={ref} className="flex flex-wrap gap-1.5">
      {shown.map((tag) => (
        <Link
          key={tag.slug}
          to={`/tag/${tag.slug}`}
          className={
            tone === "overlay"
              ? "rounded-full bg-black/45 px-2 py-0.5 text-xs text-white backdrop-blur-sm hover:bg-black/70"
              : "rounded-full bg-ink-800 px-2 py-0.5 text-xs text-ink-200 hover:bg-ink-700 hover:text-white"
          }
        >
          #{tag.name}
        </Link>
      ))}
      {hidden > 0 ? (
        <button
          type="button"
          onClick={() => setExpanded(true)}
          aria-expanded={false}
          className={`rounded-full px-2 py-0.5 text-xs hover:text-white ${tone === "overlay" ? "bg-black/45 text-white" : "text-ink-300"}`}
        >
          {t("tags.showMore", { count: hidden })}
        </button>
      ) : null}
    </div>
  );
}
