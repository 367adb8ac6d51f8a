// Flames' entry for views other features load after the first load (lazyView, ADR 128): a refused flame's note is
// seen by few, and the feed's rail is in the home page's first load.
export { FlameRefusalNote } from "./components/flame-refusal-note";
