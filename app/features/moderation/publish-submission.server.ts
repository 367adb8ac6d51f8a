import { and, eq, isNull, ne } from "drizzle-orm";
import { z } from "zod";
import { contentSubmissions } from "../../../db/schema";
import { sanitizeLine } from "~/features/forms";
import { AUDIENCES } from "~/lib/audience";
import {
  isPublishError,
  MAX_TAGS,
  MAX_TITLE_LENGTH,
  publishClip,
  withStoredFile,
  type PublishServices,
} from "~/features/publishing/index.server";
import { isUuidV4 } from "~/lib/uuid";
import { type Actor, writeAudit } from "./audit.server";

// Turning an approved submission's uploaded video into a clip (DESIGN 14,
// issue 5 'Publish'). The moderator gives a title, a browse category and an
// optional cut; creator, tags and channel link come from the submission.

const optionalSeconds = z.preprocess(
  (value) => (typeof value === "string" && value.trim() !== "" ? Number(value) : null),
  z.number("publish.errors.seconds").min(0, "publish.errors.seconds").max(86_400, "publish.errors.seconds").nullable(),
);

export const publishFormSchema = z
  .object({
    title: z.preprocess(sanitizeLine, z.string().min(2, "publish.errors.title").max(MAX_TITLE_LENGTH, "publish.errors.title")),
    categorySlug: z.preprocess(sanitizeLine, z.string().min(1, "publish.errors.category")),
    startSeconds: optionalSeconds,
    endSeconds: optionalSeconds,
    // Submissions are offered to every audience; the moderator decides where the clip appears (DESIGN 6).
    audiences: z.array(z.enum(AUDIENCES, "publish.errors.audiences"), "publish.errors.audiences").min(1, "publish.errors.audiences"),
  })
  .refine((f) => f.startSeconds === null || f.endSeconds === null || f.endSeconds > f.startSeconds, {
    path: ["endSeconds"],
    message: "publish.errors.cut",
  });

/** Message keys of the `admin` namespace, per field, or for the whole form. */
export type PublishOutcome = { ok: true; clipId: string; slug: string } | { ok: false; errors: Record<string, string> };

/** A submission that still holds a video in quarantine, has not become a clip yet and was not rejected. */
export async function publishableUpload(db: PublishServices["db"], id: string) {
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

export async function publishSubmission(
  services: PublishServices,
  actor: Actor,
  id: string,
  fields: Record<string, unknown>,
): Promise<PublishOutcome> {
  const parsed = publishFormSchema.safeParse(fields);
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? "form")] ??= issue.message;
    return { ok: false, errors };
  }
  const submission = await publishableUpload(services.db, id);
  if (!submission) return { ok: false, errors: { form: "publish.errors.notPublishable" } };

  let published;
  try {
    published = await withStoredFile(services.storage, submission.uploadKey, (videoPath) =>
      publishClip(services, {
        videoPath,
        title: parsed.data.title,
        creatorName: submission.creatorName,
        categorySlug: parsed.data.categorySlug,
        tags: submission.tags.split(",").slice(0, MAX_TAGS),
        channelUrl: submission.salesProfileLink,
        startSeconds: parsed.data.startSeconds,
        endSeconds: parsed.data.endSeconds,
        audiences: parsed.data.audiences,
      }),
    );
  } catch (error) {
    if (!isPublishError(error)) throw error;
    services.log?.warn({ err: error, submissionId: id }, "publishing a submission failed");
    const field = error.code === "bad-cut" ? "endSeconds" : error.code === "unknown-category" ? "categorySlug" : "form";
    return { ok: false, errors: { [field]: `publish.errors.${error.code}` } };
  }

  await services.db.transaction(async (tx) => {
    await tx
      .update(contentSubmissions)
      .set({ status: "resolved", publishedClipId: published.clipId, uploadKey: null, updatedAt: new Date() })
      .where(eq(contentSubmissions.id, id));
    await writeAudit(tx, actor, { action: "published", targetType: "submissions", targetId: id, note: `/video/${published.slug}` });
  });
  // The original leaves quarantine: the clip now has its own transcoded copy.
  await services.storage.delete(submission.uploadKey);
  return { ok: true, clipId: published.clipId, slug: published.slug };
}
