import { count, desc } from "drizzle-orm";
import { moderationAudit } from "~schema";
import type { Database } from "~/lib/database";

export interface Actor {
  userId: string | null;
  email: string;
}

export const CLI_ACTOR: Actor = { userId: null, email: "cli" };

export type AuditAction =
  | "note_saved"
  | "resolved"
  | "rejected"
  | "published"
  | "clip_hidden"
  | "clip_shown"
  | "clip_edited"
  | "captions_attached"
  | "captions_removed"
  | "creator_edited"
  | "category_edited"
  | "creator_claim_approved"
  | "creator_claim_rejected"
  | "creator_page_edit_approved"
  | "creator_page_edit_rejected"
  | "creator_avatar_set"
  | "clip_blocked"
  | "block_lifted"
  | "block_overridden"
  | "copy_dismissed"
  | "job_retried"
  | "moderator_granted"
  | "moderator_revoked";

type Tx = Pick<Database, "insert">;

/** Call inside the transaction that makes the change, so the log never disagrees with the data. */
export async function writeAudit(
  tx: Tx,
  actor: Actor,
  entry: { action: AuditAction; targetType: string; targetId: string; note?: string | null },
) {
  await tx.insert(moderationAudit).values({
    actorUserId: actor.userId,
    actorEmail: actor.email,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    note: entry.note ?? null,
  });
}

export const AUDIT_PAGE_SIZE = 50;

export async function auditPage(db: Database, page: number) {
  const rows = await db
    .select()
    .from(moderationAudit)
    .orderBy(desc(moderationAudit.createdAt), desc(moderationAudit.id))
    .limit(AUDIT_PAGE_SIZE)
    .offset((page - 1) * AUDIT_PAGE_SIZE);
  const [total] = await db.select({ n: count() }).from(moderationAudit);
  return {
    total: total?.n ?? 0,
    entries: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
  };
}
