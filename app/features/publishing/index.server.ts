// The publishing feature's public entry: what the admin "Publish" action and
// `npm run clips` use. ffmpeg is looked up only when a function here runs.
export {
  publishClip,
  categoryExists,
  clipMediaKeys,
  type PublishServices,
  type PublishOptions,
  type PublishScreen,
  type PublishedClip,
  type PublishClipInput,
} from "./publish-clip.server";
export { planImport, type ImportEntry, type ImportPlan } from "./import-plan.server";
export { withStoredFile } from "./stored-file.server";
export { locateFfmpeg, runToolForBytes, type FfmpegTools } from "./ffmpeg.server";
export { MAX_TAGS, MAX_TITLE_LENGTH } from "./publish-input";
export { MIN_CLIP_SECONDS } from "./transcode.server";
export { makeRenditions, LADDER } from "./renditions.server";
export { renditionJobs, renderClip, startRenditionsBackfill, RENDITIONS_JOB, RENDITIONS_BACKFILL_JOB } from "./renditions-job.server";
export * from "./errors";
