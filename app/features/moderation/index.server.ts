// The desk's server entry for routes, the server and other features: moderators, queues, decisions, the audit
// log (actions are written in the transaction that makes them), catalogue edits and the desk's jobs.
export { type Actor, AUDIT_PAGE_SIZE, type AuditAction, auditPage, writeAudit } from "./audit.server";
export { grantModerators, isModerator, requireModerator } from "./moderators.server";
export { deskPage } from "./desk-page.server";
export { deskFigures } from "./figures.server";
export { siteStatistics } from "./statistics.server";
export { clipFile, clipFileUrl, findClipForModeration, isWithheldMedia, setClipHidden } from "./clips-visibility.server";
export { quarantinedUpload, quarantineResponse } from "./quarantine.server";
export { clipForEdit, creatorForEdit, editClip, editCreator } from "./catalogue-edits.server";
export { attachCaptions, CAPTION_MAX_BYTES, removeCaptions } from "./captions.server";
export { decideCopy, hideItemClips, showItemClip } from "./takedown-actions.server";
export { checkDecision, decideItem, decideItems, saveNote } from "./decisions.server";
export { itemView } from "./item.server";
export { PUBLISH_JOB, publishJobHandler, requestPublish } from "./publish-submission.server";
export { checkLinkPublishable, LINK_MEDIA, LINK_MEDIA_ERRORS, LINK_MEDIA_FIELD, requestLinkPublish } from "./publish-link.server";
export { listItems, nextOpenItem, openCount } from "./queues.server";
export { retryFailedJob } from "./jobs-admin.server";
export { listParams } from "./list-params.server";
export { OUTCOME_MAIL_JOB, outcomeMailHandler } from "./outcome-mail.server";
export { categoryEditForm, clipEditForm, creatorEditForm } from "./catalogue-edits.schema";
export { categoriesForEdit, editCategory } from "./category-edits.server";
export { submissionToAvatar } from "./submission-avatar.server";
