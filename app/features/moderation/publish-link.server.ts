import { and, eq, isNull, ne } from "drizzle-orm";
import { contentSubmissions } from "~schema";
import type { QuarantineOptions, StoredUpload, UploadError } from "~/features/forms/index.server";
import { categoryExists } from "~/features/publishing/index.server";
import type { Database } from "~/lib/database";
import { Conflict, InvalidFields, InvalidInput } from "~/lib/http/errors";
import { enqueueJob } from "~/lib/jobs/index.server";
import type { Storage } from "~/lib/storage/index.server";
import { isUuidV4 } from "~/lib/uuid";
import type { Actor } from "./audit.server";
import { PUBLISH_JOB, publishFormSchema, publishPending, subjectOf } from "./publish-submission.server";

/**
 * Publishing a submission that carried only a link (docs/decisions/191-publishing-a-link-only-submission.md): the
 * moderator uploads the clip's video with the publish form; it waits in quarantine as the submission's file (the
 * sender's upload kind stays empty: they sent a link), and the publish job makes the clip, whose 'Full Content' opens
 * the link, and earns the link's points.
 */

/** The moderator's video: streamed to `quarantine/desk/`, judged by its bytes like any upload. */
export const LINK_MEDIA_FIELD = "media";
export const LINK_MEDIA: QuarantineOptions = { folder: "desk", kinds: ["video"], field: LINK_MEDIA_FIELD };

/** An upload refusal as a key of the desk's namespace. */
export const LINK_MEDIA_ERRORS: Record<UploadError, string> = {
  "errors.uploadType": "publish.errors.mediaType",
  "errors.videoTooLarge": "publish.errors.mediaTooLarge",
  "errors.imageTooLarge": "publish.errors.mediaType",
  "errors.uploadTooLarge": "publish.errors.mediaTooLarge",
  "errors.uploadUnreadable": "publish.errors.mediaUnreadable",
  "errors.uploadFailed": "publish.errors.mediaFailed",
  "errors.uploadQuota": "publish.errors.mediaFailed",
  "errors.uploadsFull": "publish.errors.mediaFailed",
};

const linkOnly = (id: string) =>
  and(
    eq(contentSubmissions.id, id),
    isNull(contentSubmissions.uploadKind),
    isNull(contentSubmissions.publishedClipId),
    ne(contentSubmissions.status, "rejected"),
  );

/**
 * Checked before the moderator's file is read: a submission with an upload of its own, one already published or
 * rejected is refused (409), and so is one whose publishing is under way.
 */
export async function checkLinkPublishable(db: Database, id: string): Promise<void> {
  if (!isUuidV4(id)) throw new Conflict("publish.errors.notLink");
  const [row] = await db.select({ id: contentSubmissions.id }).from(contentSubmissions).where(linkOnly(id)).limit(1);
  if (!row) throw new Conflict("publish.errors.notLink");
  if (await publishPending(db, id)) throw new Conflict("publish.errors.pending");
}

/**
 * Checks the publish form, keeps the moderator's video as the submission's quarantined file (replacing one attached
 * before, whose file is deleted after the commit) and queues the publish job, in one transaction. Without a new file
 * the one attached before is published (after a failure, or to override a blocked-copy refusal). The caller deletes
 * `media` when this throws.
 */
export async function requestLinkPublish(
  services: { db: Database; storage: Storage },
  actor: Actor,
  id: string,
  fields: Record<string, unknown>,
  media: StoredUpload | null,
): Promise<{ jobId: string }> {
  const { db, storage } = services;
  const parsed = publishFormSchema.safeParse(fields);
  if (!parsed.success) throw InvalidFields.fromIssues(parsed.error.issues);
  if (!isUuidV4(id)) throw new Conflict("publish.errors.notLink");
  if (!(await categoryExists(db, parsed.data.categorySlug))) throw new InvalidInput("publish.errors.unknown-category", {}, "categorySlug");
  const { jobId, replaced } = await db.transaction(async (tx) => {
    const [row] = await tx.select({ uploadKey: contentSubmissions.uploadKey }).from(contentSubmissions).where(linkOnly(id)).for("update");
    if (!row) throw new Conflict("publish.errors.notLink");
    if (await publishPending(tx as unknown as Database, id)) throw new Conflict("publish.errors.pending");
    if (!media && !row.uploadKey) throw new InvalidInput("publish.errors.mediaMissing", {}, LINK_MEDIA_FIELD);
    if (media)
      await tx
        .update(contentSubmissions)
        .set({ uploadKey: media.key, uploadType: media.type, uploadBytes: media.bytes, uploadName: media.name, updatedAt: new Date() })
        .where(eq(contentSubmissions.id, id));
    const jobId = await enqueueJob(
      tx,
      PUBLISH_JOB,
      { submissionId: id, actorUserId: actor.userId, form: { ...parsed.data } },
      { subject: subjectOf(id), maxAttempts: 3 },
    );
    return { jobId, replaced: media && row.uploadKey !== media.key ? row.uploadKey : null };
  });
  if (replaced) await storage.delete(replaced);
  return { jobId };
}
