import { and, eq, isNotNull, isNull, ne, or } from "drizzle-orm";
import { z } from "zod";
import { clips, contentSubmissions } from "~schema";
import { awardPoints, uploadReason } from "~/features/points/index.server";
import { sanitizeLine } from "~/features/forms";
import { AUDIENCES } from "~/lib/audience";
import {
  categoryExists,
  isPublishError,
  MAX_TAGS,
  MAX_TITLE_LENGTH,
  publishClip,
  withStoredFile,
  type PublishServices,
} from "~/features/publishing/index.server";
import { BlockedCopyError, takedownScreen } from "~/features/takedowns/index.server";
import type { Database } from "~/lib/database";
import { Conflict, InvalidFields, InvalidInput } from "~/lib/http/errors";
import { enqueueJob, jobsFor, PermanentJobError, type JobHandler } from "~/lib/jobs/index.server";
import { isUuidV4 } from "~/lib/uuid";
import { type Actor, writeAudit } from "./audit.server";
import { OUTCOME_MAIL_JOB, type OutcomeMailPayload } from "./outcome-mail.server";
import { accountEmails } from "./queues.server";

// Turning an approved submission's uploaded video into a clip (ADR 008). The moderator's request
// only checks the form and queues a job (ADR 050): the job transcodes with ffmpeg, checks
// the block list (a match is refused, unless the moderator overrides — audited), publishes, closes
// the submission and e-mails the sender.

export const PUBLISH_JOB = "publish-submission";

const optionalSeconds = z.preprocess(
  (value) => (typeof value === "string" && value.trim() !== "" ? Number(value) : typeof value === "number" ? value : null),
  z.number("publish.errors.seconds").min(0, "publish.errors.seconds").max(86_400, "publish.errors.seconds").nullable(),
);

export const publishFormSchema = z
  .object({
    title: z.preprocess(sanitizeLine, z.string().min(2, "publish.errors.title").max(MAX_TITLE_LENGTH, "publish.errors.title")),
    categorySlug: z.preprocess(sanitizeLine, z.string().min(1, "publish.errors.category")),
    startSeconds: optionalSeconds,
    endSeconds: optionalSeconds,
    // Submissions are offered to every audience; the moderator decides where the clip appears (ADR 017).
    audiences: z.array(z.enum(AUDIENCES, "publish.errors.audiences"), "publish.errors.audiences").min(1, "publish.errors.audiences"),
    /** Publish even though the video matches a blocked clip (audited). */
    override: z.preprocess((value) => value === "1" || value === true, z.boolean()).default(false),
  })
  .refine((f) => f.startSeconds === null || f.endSeconds === null || f.endSeconds > f.startSeconds, {
    path: ["endSeconds"],
    message: "publish.errors.cut",
  });
export type PublishForm = z.output<typeof publishFormSchema>;

const jobPayload = z.object({ submissionId: z.uuid(), actorUserId: z.string().nullable(), form: z.unknown() });

/** A submission that still holds a video in quarantine, has not become a clip yet and was not rejected. */
export async function publishableUpload(db: Database, id: string) {
  if (!isUuidV4(id)) return null;
  const [row] = await db
    .select()
    .from(contentSubmissions)
    .where(
      and(
        eq(contentSubmissions.id, id),
        eq(contentSubmissions.uploadKind, "video"),
        isNull(contentSubmissions.publishedClipId),
        ne(contentSubmissions.status, "rejected"),
      ),
    )
    .limit(1);
  return row?.uploadKey ? { ...row, uploadKey: row.uploadKey } : null;
}

/**
 * What the publish job turns into a clip: a video waiting in quarantine, either the sender's upload or the media a
 * moderator attached to a submission that carried only a link (`fromLink`, docs/decisions/191-publishing-a-link-only-submission.md).
 */
async function publishableForJob(db: Database, id: string) {
  const [row] = await db
    .select()
    .from(contentSubmissions)
    .where(
      and(
        eq(contentSubmissions.id, id),
        or(eq(contentSubmissions.uploadKind, "video"), isNull(contentSubmissions.uploadKind)),
        isNotNull(contentSubmissions.uploadKey),
        isNull(contentSubmissions.publishedClipId),
        ne(contentSubmissions.status, "rejected"),
      ),
    )
    .limit(1);
  return row?.uploadKey ? { ...row, uploadKey: row.uploadKey, fromLink: row.uploadKind === null } : null;
}

export const subjectOf = (id: string) => `submissions:${id}`;

/** Whether a publish job of the submission is queued or running (its outcome e-mail shares the subject, and does not count). */
export async function publishPending(db: Database, id: string): Promise<boolean> {
  const recent = await jobsFor(db, subjectOf(id), 5);
  return recent.some((job) => job.kind === PUBLISH_JOB && (job.state === "queued" || job.state === "running"));
}

/**
 * Checks the publish form and queues the work; answers at once with the job's id. Refusals are expected
 * errors with message keys of the `admin` namespace (ADR 024): bad fields 400 (InvalidFields), a submission
 * that cannot be published or is being published 409.
 */
export async function requestPublish(db: Database, actor: Actor, id: string, fields: Record<string, unknown>): Promise<{ jobId: string }> {
  const parsed = publishFormSchema.safeParse(fields);
  if (!parsed.success) throw InvalidFields.fromIssues(parsed.error.issues);
  if (!(await publishableUpload(db, id))) throw new Conflict("publish.errors.notPublishable");
  if (!(await categoryExists(db, parsed.data.categorySlug))) throw new InvalidInput("publish.errors.unknown-category", {}, "categorySlug");
  if (await publishPending(db, id)) throw new Conflict("publish.errors.pending");
  const jobId = await enqueueJob(
    db,
    PUBLISH_JOB,
    { submissionId: id, actorUserId: actor.userId, form: { ...parsed.data } },
    { subject: subjectOf(id), maxAttempts: 3 },
  );
  return { jobId };
}

/** The latest publish job of a submission, as its item page shows it. */
export async function publishState(db: Database, id: string) {
  const [job] = await jobsFor(db, subjectOf(id), 1);
  if (!job || job.kind !== PUBLISH_JOB) return null;
  const result = job.result ?? {};
  return {
    id: job.id,
    state: job.state,
    attempts: job.attempts,
    error: job.lastError,
    refusal: typeof result.blockId === "string" ? refusalOf(result) : null,
  };
}

function refusalOf(result: Record<string, unknown>) {
  return {
    blockId: String(result.blockId),
    clipId: typeof result.clipId === "string" ? result.clipId : null,
    clipTitle: String(result.clipTitle ?? ""),
    reason: String(result.reason ?? ""),
    distance: Number(result.distance),
    coverage: Number(result.coverage),
  };
}

export function publishJobHandler(services: PublishServices & { env?: NodeJS.ProcessEnv }): JobHandler {
  return async (raw, { log }) => {
    const payload = jobPayload.safeParse(raw);
    const form = publishFormSchema.safeParse(payload.success ? payload.data.form : null);
    if (!payload.success || !form.success) throw new PermanentJobError("bad publish payload");
    const { submissionId } = payload.data;
    const submission = await publishableForJob(services.db, submissionId);
    if (!submission) throw new PermanentJobError("publish.errors.notPublishable: the submission has no video waiting in quarantine");
    const actor = await actorFor(services.db, payload.data.actorUserId);
    const screen = takedownScreen(services.db, { override: form.data.override, env: services.env });
    let published;
    try {
      published = await withStoredFile(services.storage, submission.uploadKey, (videoPath) =>
        publishClip(services, clipInput(videoPath, submission, form.data), { screen, env: services.env }),
      );
    } catch (error) {
      // A copy of a blocked clip is an answer, not a failure: the moderator sees the match and may override.
      if (error instanceof BlockedCopyError) return { refused: true, ...error.match };
      if (isPublishError(error)) {
        log.warn({ err: error, submissionId }, "publishing a submission failed");
        throw new PermanentJobError(`publish.errors.${error.code}: ${error.message}`);
      }
      throw error;
    }
    await services.db.transaction(async (tx) => {
      const now = new Date();
      await tx
        .update(contentSubmissions)
        .set({
          status: "resolved",
          decidedAt: now,
          decisionReason: "published",
          publishedClipId: published.clipId,
          uploadKey: null,
          updatedAt: now,
        })
        .where(eq(contentSubmissions.id, submissionId));
      // The approved upload earns its creator points, more for a clip longer than 10 s; a link the moderator gave media
      // to earns a link's points, once per submission (docs/product.md §6.8).
      const [clip] = await tx.select({ creatorId: clips.creatorId }).from(clips).where(eq(clips.id, published.clipId));
      if (clip)
        await awardPoints(tx as unknown as Database, {
          creatorId: clip.creatorId,
          reason: submission.fromLink ? "link" : uploadReason(published.durationSeconds),
          clipId: published.clipId,
          submissionId,
        });
      await writeAudit(tx, actor, {
        action: "published",
        targetType: "submissions",
        targetId: submissionId,
        note: `/video/${published.slug}`,
      });
      if (form.data.override)
        await writeAudit(tx, actor, {
          action: "block_overridden",
          targetType: "clip",
          targetId: published.clipId,
          note: `submissions/${submissionId}`,
        });
      if (submission.status === "open") {
        const mail: OutcomeMailPayload = { queue: "submissions", id: submissionId, decision: "resolved", reason: "published", note: null };
        await enqueueJob(tx, OUTCOME_MAIL_JOB, { ...mail }, { subject: subjectOf(submissionId) });
      }
    });
    // The original leaves quarantine: the clip now has its own transcoded copy.
    await services.storage.delete(submission.uploadKey);
    return { clipId: published.clipId, slug: published.slug };
  };
}

function clipInput(videoPath: string, submission: NonNullable<Awaited<ReturnType<typeof publishableForJob>>>, form: PublishForm) {
  return {
    videoPath,
    title: form.title,
    creatorName: submission.creatorName,
    categorySlug: form.categorySlug,
    tags: submission.tags.split(",").slice(0, MAX_TAGS),
    // 'Full Content' opens the sender's sales page; for a link-only submission, the link itself.
    channelUrl: submission.fromLink ? submission.imageOrVideoLink : submission.salesProfileLink,
    startSeconds: form.startSeconds,
    endSeconds: form.endSeconds,
    audiences: form.audiences,
  };
}

/** The moderator who asked, named by their current e-mail (the job keeps only their id). */
async function actorFor(db: Database, userId: string | null): Promise<Actor> {
  if (!userId) return { userId: null, email: "cli" };
  return { userId, email: (await accountEmails(db, [userId])).get(userId) ?? "deleted moderator" };
}
