// Search's public entry: the header's search box.
export { SearchBox } from "./components/search-box";
