// The clips feature's entry for views other features load after the first load (lazyView, ADR 128), kept apart
// from index.ts so that loading them does not bring the rest of the entry along.
export { FullContentAction } from "./components/full-content";
export { TagStrip } from "./components/tag-strip";
