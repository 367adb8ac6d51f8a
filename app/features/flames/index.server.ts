// Flames' server entry: the toggle, a visitor's flamed clips and the merge on sign-in.
export { flamedClipIds, InvalidClipId, mergeVisitorFlames, setFlame, type Liker } from "./flames.server";
export { resolveLiker } from "./liker.server";
export { visitorIdFrom } from "./visitor-id";
