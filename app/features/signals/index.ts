// Watch signals' public entry for the browser and the server.
export { signalBatch, type SignalEvent } from "./signals.schema";
export { countsAsView, MAX_SIGNAL_BATCH, qualityOf, SIGNAL_RETENTION_DAYS, SKIP_WITHIN_MS, VIEW_AFTER_MS } from "./signal-rules";
export { WatchDataSection } from "./components/watch-data-section";
export { flushSignals, openWatches, playedBefore, reportSignal, watchClip } from "./signal-queue";
export { settleSignals } from "./signal-settle";
export { emptyLearnedProfile, learnedNothing, type LearnedProfile } from "./feed-learned";
