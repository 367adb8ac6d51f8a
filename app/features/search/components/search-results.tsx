import { Link } from "react-router";
import { Pagination } from "~/components/ui/pagination";
import { CARDS_ON_FIRST_SCREEN, ClipGridCard } from "~/features/clips";
import { useT } from "~/lib/i18n/react";
import type { SearchResults } from "../search.server";

/** The creators or the tags that match, as chips; nothing when none does. */
function ChipSection({ id, title, links }: { id: string; title: string; links: { to: string; label: string }[] }) {
  if (links.length === 0) return null;
  return (
    <section aria-labelledby={id} className="flex flex-col gap-2">
      <h2 id={id} className="text-lg font-bold text-white">
        {title}
      </h2>
      <ul className="flex flex-wrap gap-2">
        {links.map((link) => (
          <li key={link.to}>
            <Link
              to={link.to}
              className="rounded-full border border-ink-700 px-3 py-1 text-sm text-ink-200 hover:border-ink-600 hover:text-white"
            >
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function SearchResultsView({
  term,
  results,
  page,
  totalPages,
  suggestions = [],
}: {
  term: string;
  results: SearchResults;
  page: number;
  totalPages: number;
  /** Categories to try when nothing matched. */
  suggestions?: { slug: string; name: string }[];
}) {
  const { t } = useT("search");
  return (
    <>
      <p className="text-ink-300">
        {t("page.resultsFor", { term })} · {t("page.clipCount", { count: results.total })}
      </p>
      <ChipSection
        id="search-creators"
        title={t("page.creators")}
        links={results.creators.map((creator) => ({ to: `/creator/${creator.slug}`, label: creator.name }))}
      />
      <ChipSection
        id="search-tags"
        title={t("page.tags")}
        links={results.tags.map((tag) => ({ to: `/tag/${tag.slug}`, label: `#${tag.name}` }))}
      />
      <section aria-labelledby="search-clips" className="flex flex-col gap-4">
        <h2 id="search-clips" className="text-lg font-bold text-white">
          {t("page.clips")}
        </h2>
        {results.clips.length > 0 ? (
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
            {results.clips.map(({ clip, tags }, index) => (
              <li key={clip.id}>
                <ClipGridCard clip={clip} tags={tags} priority={index < CARDS_ON_FIRST_SCREEN} />
              </li>
            ))}
          </ul>
        ) : (
          <>
            <p className="text-ink-300">{t("page.noResults", { term })}</p>
            {suggestions.length > 0 ? (
              <nav aria-label={t("page.tryNext")} className="flex flex-col gap-2">
                <p className="text-sm font-semibold text-white">{t("page.tryNext")}</p>
                <ul className="flex flex-wrap gap-2">
                  {suggestions.map((category) => (
                    <li key={category.slug}>
                      <Link
                        to={`/?category=${category.slug}`}
                        className="inline-flex rounded-full border border-ink-700 px-3 py-1.5 text-sm text-ink-200 hover:border-flame-400 hover:text-white"
                      >
                        {category.name}
                      </Link>
                    </li>
                  ))}
                  <li>
                    <Link
                      to="/"
                      className="inline-flex rounded-full bg-flame-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-flame-700"
                    >
                      {t("page.browseAll")}
                    </Link>
                  </li>
                </ul>
              </nav>
            ) : null}
          </>
        )}
        <Pagination page={page} totalPages={totalPages} />
      </section>
    </>
  );
}
