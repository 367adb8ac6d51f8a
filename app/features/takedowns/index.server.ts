// Takedowns that stay down (ADR 051, ADR 069): perceptual fingerprints, the block list, the matcher and
// the review of copies found in the catalogue.
export { addBlock, blocksOfClips, liftBlocks, BLOCK_JOB, SCAN_JOB, type BlockRequest } from "./block-list.server";
export { closeMatch, copiesPage, openCopiesCount, openMatch } from "./copies.server";
export { BACKFILL_JOB, scheduleBackfill, takedownJobs } from "./jobs.server";
export { findBlockedMatch, findCatalogueCopies, type BlockMatch } from "./matcher.server";
export { BlockedCopyError, takedownScreen, type Screened } from "./screen.server";
export { hashVideoFrames } from "./frames.server";
export { storeClipFingerprints } from "./catalogue.server";
export * from "./hash";
