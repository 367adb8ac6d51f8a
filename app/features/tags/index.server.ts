// Tags' server entry: matching a search term against tags.
export { matchingTagIds, tagMatchCondition } from "./tags.server";
