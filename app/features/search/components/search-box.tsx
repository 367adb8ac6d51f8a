import { useId } from "react";
import { Form, useLocation } from "react-router";
import { useT } from "~/lib/i18n/react";

/**
 * The header search box: a plain GET form to /search, so it works without
 * JavaScript. Its strings are in the common namespace every page has.
 */
export function SearchBox() {
  return <SearchForm variant="header" />;
}

/** `page` is the large box on /search; `header` collapses to a button on small screens. */
export function SearchForm({ variant }: { variant: "header" | "page" }) {
  const { t } = useT(variant === "page" ? "search" : "common");
  const id = useId();
  const location = useLocation();
  const current = location.pathname === "/search" ? (new URLSearchParams(location.search).get("q") ?? "") : "";
  const header = variant === "header";

  return (
    <Form
      method="get"
      action="/search"
      role="search"
      aria-label={header ? t("searchBox.landmark") : t("page.landmark")}
      className={header ? "flex min-w-9 flex-1 justify-end gap-1 sm:justify-center" : "flex w-full max-w-xl gap-2"}
    >
      <label htmlFor={id} className="sr-only">
        {t("searchBox.label")}
      </label>
      <input
        key={current}
        id={id}
        type="search"
        name="q"
        defaultValue={current}
        placeholder={t("searchBox.placeholder")}
        maxLength={255}
        enterKeyHint="search"
        // The phone header's search is a button that opens this page empty: the field waits for typing.
        autoFocus={!header && current === ""}
        className={`min-w-0 rounded-full border border-ink-700 bg-ink-900 text-white placeholder:text-ink-300 focus:border-flame-400 focus:outline-none focus-visible:ring-2 focus-visible:ring-flame-400 ${
          header ? "hidden w-full max-w-xs px-4 py-1.5 text-sm sm:block" : "flex-1 px-4 py-2.5"
        }`}
      />
      <button
        type="submit"
        aria-label={header ? t("searchBox.submit") : undefined}
        className={`flex shrink-0 items-center justify-center gap-2 rounded-full font-semibold focus-visible:outline-2 focus-visible:outline-flame-400 ${
          header ? "h-9 w-9 border border-ink-700 text-ink-200 hover:text-white" : "bg-flame-600 px-5 text-white hover:bg-flame-700"
        }`}
      >
        <SearchIcon />
        {header ? null : <span>{t("searchBox.submit")}</span>}
      </button>
    </Form>
  );
}

const SearchIcon = () => (
  <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2">
    <circle cx="11" cy="11" r="7" />
    <path d="m20 20-3.5-3.5" strokeLinecap="round" />
  </svg>
);
