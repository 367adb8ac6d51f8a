import type { UploadKind } from "~schema/forms";

// Uploads (docs/product.md §9.3, §13.6, ADR 008): what the submit form accepts. Shared by the
// browser (a quick check of what the file claims to be) and the server (which
// judges the bytes themselves, see media-sniff.ts).

/** The submit form's file field. */
export const UPLOAD_FIELD_NAME = "upload";

/** Video upload max (docs/product.md §15.1): 52 428 800 bytes. */
export const VIDEO_MAX_BYTES = 50 * 1024 * 1024;
/** Image upload max (docs/product.md §15.1): 5 242 880 bytes. */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;

export const UPLOAD_TYPES: Record<string, { kind: UploadKind; ext: string }> = {
  "video/mp4": { kind: "video", ext: "mp4" },
  "video/webm": { kind: "video", ext: "webm" },
  "video/quicktime": { kind: "video", ext: "mov" },
  "image/jpeg": { kind: "image", ext: "jpg" },
  "image/png": { kind: "image", ext: "png" },
  "image/webp": { kind: "image", ext: "webp" },
};

/** The file picker's `accept` list. */
export const UPLOAD_ACCEPT = Object.keys(UPLOAD_TYPES).join(",");

export const maxBytesFor = (kind: UploadKind) => (kind === "video" ? VIDEO_MAX_BYTES : IMAGE_MAX_BYTES);

/** Message keys of the `forms` namespace. */
export const UPLOAD_ERRORS = {
  type: "errors.uploadType",
  videoTooLarge: "errors.videoTooLarge",
  imageTooLarge: "errors.imageTooLarge",
  tooLarge: "errors.uploadTooLarge",
  unreadable: "errors.uploadUnreadable",
  failed: "errors.uploadFailed",
  /** This address has uploaded its day's allowance (UPLOAD_QUOTA_PER_ADDRESS_MB, ADR 099). */
  quota: "errors.uploadQuota",
  /** Uploads waiting for moderation fill their space (UPLOAD_QUOTA_TOTAL_MB). */
  full: "errors.uploadsFull",
} as const;
export type UploadError = (typeof UPLOAD_ERRORS)[keyof typeof UPLOAD_ERRORS];

export const tooLargeError = (kind: UploadKind): UploadError =>
  kind === "video" ? UPLOAD_ERRORS.videoTooLarge : UPLOAD_ERRORS.imageTooLarge;

/**
 * The browser's first opinion of a chosen file, from its declared type and
 * size, so nobody waits for 50 MB to travel only to be refused. Null when
 * nothing was chosen or the file looks acceptable; the server still checks.
 */
export function checkChosenFile(file: { name: string; size: number; type: string }): UploadError | null {
  if (file.name === "" && file.size === 0) return null;
  const accepted = UPLOAD_TYPES[file.type];
  if (!accepted || file.size === 0) return UPLOAD_ERRORS.type;
  return file.size > maxBytesFor(accepted.kind) ? tooLargeError(accepted.kind) : null;
}
