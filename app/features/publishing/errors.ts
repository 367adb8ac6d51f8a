// Expected ways a publish or an import can fail. Each carries a stable `code`
// the admin UI turns into a translated message; `message` is English detail
// for logs and the CLI. No server imports here, so a route component may use
// the codes too.

export const PUBLISH_ERROR_CODES = [
  "ffmpeg-missing",
  "ffmpeg-failed",
  "no-video-stream",
  "bad-cut",
  "unknown-category",
  "invalid-input",
  "blocked-copy",
] as const;
export type PublishErrorCode = (typeof PUBLISH_ERROR_CODES)[number];

export class PublishError extends Error {
  override name = "PublishError";
  constructor(
    readonly code: PublishErrorCode,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/** ffmpeg or ffprobe cannot be found or started (an optional system dependency). */
export class FfmpegMissingError extends PublishError {
  override name = "FfmpegMissingError";
  constructor(message: string, options?: ErrorOptions) {
    super("ffmpeg-missing", message, options);
  }
}

/** ffmpeg ran but failed or timed out; `detail` is the tail of its stderr. */
export class FfmpegFailedError extends PublishError {
  override name = "FfmpegFailedError";
  constructor(
    message: string,
    readonly detail = "",
  ) {
    super("ffmpeg-failed", detail ? `${message}: ${detail}` : message);
  }
}

/** The file is not a readable video, has no video stream, or lasts zero seconds. */
export class NoVideoStreamError extends PublishError {
  override name = "NoVideoStreamError";
  constructor(message: string) {
    super("no-video-stream", message);
  }
}

/** Start/end outside 0 ≤ start < end ≤ duration (or a cut shorter than MIN_CLIP_SECONDS). */
export class BadCutError extends PublishError {
  override name = "BadCutError";
  constructor(
    message: string,
    readonly durationSeconds: number,
  ) {
    super("bad-cut", message);
  }
}

export class UnknownCategoryError extends PublishError {
  override name = "UnknownCategoryError";
  constructor(readonly categorySlug: string) {
    super("unknown-category", `unknown category: ${categorySlug}`);
  }
}

export function isPublishError(error: unknown): error is PublishError {
  return error instanceof PublishError;
}
