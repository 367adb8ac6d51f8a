import { Link } from "react-router";
import { useT } from "~/lib/i18n/react";
import { TAG_SORTS, tagPath, type TagSort } from "../tag-match";

/** The tag name and the Popular / Recent switch (links, so sorting works without JavaScript). */
export function TagHeader({ title, slug, sort }: { title: string; slug: string; sort: TagSort }) {
  const { t } = useT("tag");
  return (
    <header className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
      <h1 className="break-words text-3xl font-black text-white">
        <span aria-hidden="true" className="text-flame-400">
          #
        </span>
        {title}
      </h1>
      <nav aria-label={t("sort.label")} className="flex gap-1 self-start rounded-full border border-ink-700 p-1 sm:self-auto">
        {TAG_SORTS.map((option) => (
          <Link
            key={option}
            to={tagPath(slug, option)}
            preventScrollReset
            aria-current={option === sort ? "true" : undefined}
            className="rounded-full px-4 py-1.5 text-sm font-semibold text-ink-200 hover:text-white aria-[current=true]:bg-white aria-[current=true]:text-ink-950"
          >
            {t(`sort.${option}`)}
          </Link>
        ))}
      </nav>
    </header>
  );
}
