import { useId, useState } from "react";
import { TagLinks, type TagChip } from "~/features/clips";
import { useT } from "~/lib/i18n/react";

/** docs/product.md §6.2: 5 tags by default, 'Show all' reveals the rest. */
export const CREATOR_TAGS_SHOWN = 5;

export function CreatorTagList({ tags }: { tags: TagChip[] }) {
  const { t } = useT("creator");
  const [expanded, setExpanded] = useState(false);
  const headingId = useId();
  const listId = useId();
  if (tags.length === 0) return null;
  const shown = expanded ? tags : tags.slice(0, CREATOR_TAGS_SHOWN);
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-lg font-bold text-white">
        {t("tags.heading")}
      </h2>
      <div className="flex flex-wrap items-center gap-2">
        <TagLinks id={listId} tags={shown} />
        {tags.length > CREATOR_TAGS_SHOWN ? (
          <button
            type="button"
            aria-expanded={expanded}
            aria-controls={listId}
            onClick={() => setExpanded(!expanded)}
            className="rounded-full px-3 py-1 text-sm font-semibold text-flame-300 hover:text-flame-400"
          >
            {expanded ? t("tags.showLess") : t("tags.showAll", { count: tags.length })}
          </button>
        ) : null}
      </div>
    </section>
  );
}
