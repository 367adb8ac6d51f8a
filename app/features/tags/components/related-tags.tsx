import { useId } from "react";
import { Link } from "react-router";
import { useT } from "~/lib/i18n/react";
import type { TagChip } from "~/features/clips";

export function RelatedTags({ tags }: { tags: TagChip[] }) {
  const { t } = useT("tag");
  const headingId = useId();
  return (
    <aside aria-labelledby={headingId} className="flex flex-col gap-3 self-start rounded-2xl border border-ink-800 bg-ink-900 p-4">
      <h2 id={headingId} className="text-lg font-bold text-white">
        {t("related.heading")}
      </h2>
      {tags.length ? (
        <ul className="flex flex-wrap gap-2">
          {tags.map((tag) => (
            <li key={tag.slug}>
              <Link
                to={`/tag/${tag.slug}`}
                className="block rounded-full bg-ink-800 px-3 py-1 text-sm text-ink-200 hover:bg-ink-700 hover:text-white"
              >
                #{tag.name}
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-ink-300">{t("related.empty")}</p>
      )}
    </aside>
  );
}
