// Flames' server entry: the toggle, a visitor's flamed clips and the merge on sign-in.
export { flamedClipIds, InvalidClipId, mergeAnonymousFlames, setFlame, type FlameOwner } from "./flames.server";
export { resolveFlameOwner } from "./flame-owner.server";
export { ANONYMOUS_ID_KEY, anonymousIdFrom } from "./anonymous-id";
