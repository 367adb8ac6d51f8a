// Flames' server entry: the toggle, a visitor's flamed clips and the merge on sign-in.
export { flamedClipIds, InvalidClipId, mergeAnonymousFlames, setFlame, type FlameOwner } from "./flames.server";
export { anonymousIdCookie, anonymousOwner, issueAnonymousId, resolveFlameOwner, signedAnonymousId } from "./flame-owner.server";
export { ANONYMOUS_ID_KEY, anonymousIdFrom } from "./anonymous-id";
export { flamedCategories, flamedClips, unflame } from "./flamed-clips.server";
export { parseFlamedFilters } from "./flamed-filters";
export { heardFlames, onHeardFlamesForgotten, type HeardFlames } from "./heard-flames.server";
