// Forms' server entry: the registry's forms (schemas and the fields a moderator reads), tables and
// queue cards for the moderation desk, the form pages' loader data and action, and the upload limits.
export { FORMS } from "./registry";
export { missingNoticeElements } from "./claim.schema";
export { FORM_TABLES, findQueueRow, queueCard, queueSource, type FormRow, type FormTable, type QueueItemRow } from "./registry.server";
export { formAction } from "./form-action.server";
export { formPageData } from "./form-page.server";
export { readSubmissionForm, type QuarantineOptions, type StoredUpload } from "./submission-upload.server";
export { IMAGE_MAX_BYTES, UPLOAD_ERRORS, VIDEO_MAX_BYTES, type UploadError } from "./upload-rules";
