// Tags' server entry: a tag's page, its display name, and matching a search term against tags.
export { loadTagPage, matchingTagIds, tagDisplayName, tagMatchCondition } from "./tags.server";
