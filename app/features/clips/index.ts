// The clip catalogue's public entry for the browser and the server: what other features may use.
export { ClipGridCard } from "./components/clip-grid-card";
export { parseVideoRef, type VideoRef } from "./video-id";
export type { ClipCard } from "./clip-card.server";
export type { TagChip } from "./clip-tags.server";
