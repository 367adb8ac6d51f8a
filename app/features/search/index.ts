// Search's public entry: the search page's form and results view, and the search term's rules.
export { SearchBox, SearchForm } from "./components/search-box";
export { SearchResultsView } from "./components/search-results";
export { parseSearchTerm, SEARCH_PAGE_SIZE } from "./search-term";
