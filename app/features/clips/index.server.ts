// The clip catalogue's server entry: card data, tag chips and categories for every clip list.
export { clipCardColumns, clipCardFrom, mediaUrl, toClipCard, type ClipCard, type ClipCardRow } from "./clip-card.server";
export { tagsForClips, withTagChips, type TagChip } from "./clip-tags.server";
export { activeCategories } from "./categories.server";
export { parseClipRef, type ClipRef } from "./clip-ref";
export { clipIdFromLink, clipRefMatch, clipRefFromLink, clipRefFromText } from "./clip-lookup.server";
export { loadClipPage } from "./clip-page.server";
