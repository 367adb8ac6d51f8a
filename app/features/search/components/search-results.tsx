import { Link } from "react-router";
import { Pagination } from "~/components/ui/pagination";
import { ClipGridCard } from "~/features/clips";
import { useT } from "~/lib/i18n/react";
import type { SearchResults } from "../search.server";

export function SearchResultsView({
  term,
  results,
  page,
  totalPages,
}: {
  term: string;
  results: SearchResults;
  page: number;
  totalPages: number;
}) {
  const { t } = useT("search");
  const chip = "rounded-full border border-ink-700 px-3 py-1 text-sm text-ink-200 hover:border-ink-600 hover:text-white";
  return (
    <>
      <p className="text-ink-300">
        {t("page.resultsFor", { term })} · {t("page.clipCount", { count: results.total })}
      </p>
      {results.creators.length > 0 ? (
        <section aria-labelledby="search-creators" className="flex flex-col gap-2">
          <h2 id="search-creators" className="text-lg font-bold text-white">
            {t("page.creators")}
          </h2>
          <ul className="flex flex-wrap gap-2">
            {results.creators.map((creator) => (
              <li key={creator.slug}>
                <Link to={`/creator/${creator.slug}`} className={chip}>
                  {creator.name}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {results.tags.length > 0 ? (
        <section aria-labelledby="search-tags" className="flex flex-col gap-2">
          <h2 id="search-tags" className="text-lg font-bold text-white">
            {t("page.tags")}
          </h2>
          <ul className="flex flex-wrap gap-2">
            {results.tags.map((tag) => (
              <li key={tag.slug}>
                <Link to={`/tag/${tag.slug}`} className={chip}>
                  #{tag.name}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section aria-labelledby="search-clips" className="flex flex-col gap-4">
        <h2 id="search-clips" className="text-lg font-bold text-white">
          {t("page.clips")}
        </h2>
        {results.clips.length > 0 ? (
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
            {results.clips.map(({ clip, tags }) => (
              <li key={clip.id}>
                <ClipGridCard clip={clip} tags={tags} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-ink-300">{t("page.noResults", { term })}</p>
        )}
        <Pagination page={page} totalPages={totalPages} />
      </section>
    </>
  );
}
