// The watch history page's view, for its route only: kept off index.ts, which the first load imports (see
// clips/index.page.ts, ADR 011).
export { WatchHistoryView } from "./components/watch-history-page";
// What the feed learned: its page's and My account's view, off index.ts too.
export { FeedLearned } from "./components/feed-learned";
