// Watch signals' server entry: recording batches, the visitor's records (export, deletion, merge) and retention.
export {
  deleteSignals,
  mergeAnonymousSignals,
  pruneSignals,
  recordSignals,
  signalsExport,
  readSignalBody,
  ownerIs,
  type SignalOwnerRef,
} from "./signals.server";
export { watchDataExport } from "./signals-export.server";
export { asksNoProfile } from "./signal-owner.server";
export { commitSignals, type SignalOwner } from "./signal-writer.server";
export { scheduleSignalPrune, signalPruneHandler, SIGNALS_PRUNE_JOB } from "./signal-retention.server";
export { AFFINITY_HALF_LIFE_SECONDS, SIGNAL_WEIGHTS } from "./signal-rules";
export {
  HISTORY_PAGE_SIZE,
  historyOwner,
  historyOwnerForChange,
  historyPaused,
  removeFromHistory,
  setHistoryPaused,
  watchHistory,
  type HistoryEntry,
  type WatchHistoryPage,
} from "./watch-history.server";
export {
  dismissClip,
  dismissedAmong,
  feedOrderOf,
  feedStateOf,
  hasDismissedClips,
  setFeedOrder,
  FEED_ORDERS,
  type FeedOrder,
} from "./feed-choices.server";
export { signalVisitor } from "./signal-owner.server";
export { checkLearnedItem, forgetLearned, learnedProfile, resetLearned } from "./feed-learned.server";
