// Tags' public entry: the tag page's views and the tag address rules shared by the browser and the server.
export { TagNotFound } from "./components/tag-not-found";
export { TagPage } from "./components/tag-page";
export { canonicalTagSlug, parseTagSort, tagPath, tagTitleFromSlug } from "./tag-match";
