// The clip catalogue's public entry for the browser and the server: what other features may use.
export { CARDS_ON_FIRST_SCREEN, ClipGridCard } from "./components/clip-grid-card";
export { CardCaption, CardCategoryBadge } from "./components/clip-card-parts";
export { FullContentAction } from "./components/full-content";
export { TagLinks } from "./components/tag-links";
export { TagStrip } from "./components/tag-strip";
export { ClipVideo } from "./components/player/clip-video";
export { PlayerBar } from "./components/player/player-bar";
export { prefersReducedMotion, START_AT, usePlayback, type Playback } from "./components/player/use-playback";
export { usePlayerKeys } from "./components/player/use-player-keys";
export { parseClipRef, type ClipRef } from "./clip-ref";
export type { ClipCard } from "./clip-card.server";
export type { TagChip } from "./clip-tags.server";
export { claimHref, reportHref } from "./clip-report-links";
