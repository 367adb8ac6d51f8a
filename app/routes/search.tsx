import { activeCategories } from "~/features/clips/index.server";
import { data } from "react-router";
import { parseSearchTerm, SEARCH_PAGE_SIZE, SearchForm, SearchResultsView } from "~/features/search";
import { searchCatalog } from "~/features/search/index.server";
import { getServices, getVisitor, mediaAllowedFor } from "~/lib/context";
import { useT, type I18nHandle } from "~/lib/i18n/react";
import { serverT } from "~/lib/i18n/server";
import { pageMeta } from "~/lib/meta";
import { pageParam, totalPagesFor } from "~/lib/pagination";
import type { Route } from "./+types/search";

export const handle: I18nHandle = { i18n: ["search", "feed"] };

// Result pages are endless combinations of user input: never index them.
const noindexHeaders = { "X-Robots-Tag": "noindex" };

export async function loader(args: Route.LoaderArgs) {
  const { db, origin } = getServices(args);
  const visitor = getVisitor(args);
  const t = await serverT(visitor.language, "search");
  const url = new URL(args.request.url);
  const parsed = parseSearchTerm(url.searchParams.get("q"));
  const meta = (term: string | null) => ({
    title: term === null ? t("meta.emptyTitle") : t("meta.title", { term }),
    description: t("meta.description"),
    origin,
    path: term === null ? "/search" : `/search?q=${encodeURIComponent(term)}`,
    siteName: t("brand.name"),
    noindex: true,
  });

  if (parsed.kind === "empty") return data({ state: "empty" as const, meta: meta(null) }, { headers: noindexHeaders });
  if (parsed.kind === "tooShort") {
    return data(
      { state: "tooShort" as const, error: t("errors.tooShort"), meta: meta(parsed.term || null) },
      { status: 400, headers: noindexHeaders },
    );
  }

  const page = pageParam(url);
  const results = await searchCatalog(db, {
    term: parsed.term,
    audience: visitor.audience,
    language: visitor.language,
    page,
    mediaAllowed: mediaAllowedFor(visitor),
  });
  // Nothing found: something to try next, the categories (one short indexed query, only on an empty result).
  const nothing = results.total === 0 && results.creators.length === 0 && results.tags.length === 0;
  const suggestions = nothing
    ? (await activeCategories(db)).map((c) => ({ slug: c.slug, name: visitor.language === "es" ? c.nameEs : c.nameEn }))
    : [];
  return data(
    {
      state: "results" as const,
      term: parsed.term,
      suggestions,
      page,
      totalPages: totalPagesFor(results.total, SEARCH_PAGE_SIZE),
      results,
      meta: meta(parsed.term),
    },
    { headers: noindexHeaders },
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = ({ data }) => (data ? pageMeta(data.meta) : []);

export default function Search({ loaderData }: Route.ComponentProps) {
  const { t } = useT("search");
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-3">
        <h1 className="text-2xl font-black text-white">{t("page.heading")}</h1>
        <SearchForm variant="page" />
        {loaderData.state === "empty" ? <p className="text-ink-300">{t("page.intro")}</p> : null}
        {loaderData.state === "tooShort" ? (
          <p role="alert" className="text-flame-300">
            {loaderData.error}
          </p>
        ) : null}
      </header>
      {loaderData.state === "results" ? (
        <SearchResultsView
          term={loaderData.term}
          results={loaderData.results}
          page={loaderData.page}
          totalPages={loaderData.totalPages}
          suggestions={loaderData.suggestions}
        />
      ) : null}
    </div>
  );
}
