// The Flamed clips page's view, for its route only: kept off index.ts, which the first load imports (see
// clips/index.page.ts, ADR 011).
export { FlamedClipsPage } from "./components/flamed-clips-page";
