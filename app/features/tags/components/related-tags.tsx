import { useId } from "react";
import { TagLinks, type TagChip } from "~/features/clips";
import { useT } from "~/lib/i18n/react";

export function RelatedTags({ tags }: { tags: TagChip[] }) {
  const { t } = useT("tag");
  const headingId = useId();
  return (
    <aside aria-labelledby={headingId} className="flex flex-col gap-3 self-start rounded-2xl border border-ink-800 bg-ink-900 p-4">
      <h2 id={headingId} className="text-lg font-bold text-white">
        {t("related.heading")}
      </h2>
      {tags.length ? <TagLinks tags={tags} /> : <p className="text-sm text-ink-300">{t("related.empty")}</p>}
    </aside>
  );
}
