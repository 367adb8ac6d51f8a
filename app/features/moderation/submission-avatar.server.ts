import { and, eq, ne } from "drizzle-orm";
import { contentSubmissions, creators } from "~schema";
import type { Database } from "~/lib/database";
import { Conflict, InvalidInput } from "~/lib/http/errors";
import { enqueueJob } from "~/lib/jobs/index.server";
import { slugify } from "~/lib/slug";
import { copyObject, type Storage } from "~/lib/storage/index.server";
import { isUuidV4 } from "~/lib/uuid";
import { type Actor, writeAudit } from "./audit.server";
import { OUTCOME_MAIL_JOB, type OutcomeMailPayload } from "./outcome-mail.server";

/**
 * An image submission becomes a creator's picture (docs/decisions/172-owners-edit-their-page-through-the-desk.md): the
 * file is copied out of quarantine to `avatars/<creator>/<submission>.<ext>`, then one transaction sets the creator's
 * avatar, resolves the submission ('published') and writes the audit entry (`creator_avatar_set`); the quarantined file
 * and the replaced picture are deleted after the commit. Refusals: no such creator (400, beside the field), a
 * submission without an image waiting (409).
 */
export async function submissionToAvatar(
  services: { db: Database; storage: Storage },
  actor: Actor,
  input: { submissionId: string; creator: string },
): Promise<{ creatorSlug: string }> {
  const { db, storage } = services;
  if (!isUuidV4(input.submissionId)) throw new Conflict("avatar.errors.notImage");
  const [submission] = await db
    .select()
    .from(contentSubmissions)
    .where(
      and(
        eq(contentSubmissions.id, input.submissionId),
        eq(contentSubmissions.uploadKind, "image"),
        ne(contentSubmissions.status, "rejected"),
      ),
    );
  if (!submission?.uploadKey) throw new Conflict("avatar.errors.notImage");
  const [creator] = await db
    .select({ id: creators.id, slug: creators.slug })
    .from(creators)
    .where(eq(creators.slug, slugify(input.creator.replace(/^.*\/creator\//, ""))));
  if (!creator) throw new InvalidInput("avatar.errors.creator");
  const quarantined = submission.uploadKey;
  const key = `avatars/${creator.id}/${submission.id}${quarantined.slice(quarantined.lastIndexOf("."))}`;
  if (!(await copyObject(storage, quarantined, key, submission.uploadType ?? "application/octet-stream")))
    throw new Conflict("avatar.errors.notImage");
  let replaced: string | null;
  try {
    replaced = await db.transaction(async (tx) => {
      const [locked] = await tx
        .select({ uploadKey: contentSubmissions.uploadKey, status: contentSubmissions.status })
        .from(contentSubmissions)
        .where(eq(contentSubmissions.id, submission.id))
        .for("update");
      if (locked?.uploadKey !== quarantined || locked.status === "rejected") throw new Conflict("avatar.errors.notImage");
      const [before] = await tx.select({ avatarKey: creators.avatarKey }).from(creators).where(eq(creators.id, creator.id)).for("update");
      await tx.update(creators).set({ avatarKey: key, lastUpdatedAt: new Date() }).where(eq(creators.id, creator.id));
      const now = new Date();
      await tx
        .update(contentSubmissions)
        .set({ status: "resolved", decidedAt: now, decisionReason: "published", uploadKey: null, updatedAt: now })
        .where(eq(contentSubmissions.id, submission.id));
      await writeAudit(tx, actor, {
        action: "creator_avatar_set",
        targetType: "creator",
        targetId: creator.id,
        note: `submissions/${submission.id}`,
      });
      if (locked.status === "open") {
        const mail: OutcomeMailPayload = { queue: "submissions", id: submission.id, decision: "resolved", reason: "published", note: null };
        await enqueueJob(tx, OUTCOME_MAIL_JOB, { ...mail }, { subject: `submissions:${submission.id}` });
      }
      return before?.avatarKey ?? null;
    });
  } catch (error) {
    await storage.delete(key);
    throw error;
  }
  await storage.delete(quarantined);
  // Only pictures this site stored as avatars are removed: a key shared with a clip stays.
  if (replaced?.startsWith("avatars/") && replaced !== key) await storage.delete(replaced);
  return { creatorSlug: creator.slug };
}
