// Search's server entry: the catalogue search the search page and the header's suggestions run.
export { searchCatalog } from "./search.server";
