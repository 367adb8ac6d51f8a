// Search's entry for the header's search box, which the root loads after the first load (lazyView, ADR 128):
// kept apart from index.ts so that loading it does not bring the results view along.
export { SearchBox } from "./components/search-box";
