// The clip page's views, for its route only: kept off index.ts, which the home page's first load imports, so that
// they do not move the modules of the first-load file (its gzip size depends on their order; ADR 011).
export { ClipDetail } from "./components/clip-detail";
export { ClipNotFound } from "./components/clip-not-found";
