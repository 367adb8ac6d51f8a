import { and, eq } from "drizzle-orm";
import { contentSubmissions, creators } from "~schema";
import { awardPoints } from "~/features/points/index.server";
import { slugify } from "~/lib/slug";
import { isDecisionReason, type Decision, type QueueName } from "~/features/forms";
import { queueSource } from "~/features/forms/index.server";
import type { Database } from "~/lib/database";
import { Conflict, InvalidInput, NotFound } from "~/lib/http/errors";
import { enqueueJob } from "~/lib/jobs/index.server";
import type { Storage } from "~/lib/storage/index.server";
import { isUuidV4 } from "~/lib/uuid";
import { type Actor, writeAudit } from "./audit.server";
import { OUTCOME_MAIL_JOB, type OutcomeMailPayload } from "./outcome-mail.server";
import { discardUpload } from "./quarantine.server";

// Resolving or rejecting items (ADR 053): a reason from the queue's short list,
// an optional note for the sender, one transaction per item with its audit row and its outcome
// e-mail queued as a job — so a bulk decision is still audited item by item.

export const NOTE_MAX = 1000;

export type DecisionRequest = { decision: Decision; reason: string; note: string };

/**
 * Checks the reason against the queue's list and the note's length; a bad one is InvalidInput worded in
 * `admin` (ADR 024).
 */
export function checkDecision(queue: QueueName, request: DecisionRequest): void {
  if (!isDecisionReason(request.decision, queue, request.reason)) throw new InvalidInput("decision.errors.reason");
  if (request.note.length > NOTE_MAX) throw new InvalidInput("decision.errors.note");
}

export interface DecisionOutcome {
  decided: string[];
  /** Already decided, or not in this queue: left as they were. */
  skipped: string[];
}

export async function decideItems(
  services: { db: Database; storage: Storage },
  actor: Actor,
  queue: QueueName,
  ids: readonly string[],
  request: DecisionRequest,
): Promise<DecisionOutcome> {
  const { db, storage } = services;
  const { table: t, where } = queueSource(queue);
  const note = request.note.trim() || null;
  const outcome: DecisionOutcome = { decided: [], skipped: [] };
  for (const id of new Set(ids)) {
    const decided =
      isUuidV4(id) &&
      (await db.transaction(async (tx) => {
        const now = new Date();
        const changed = await tx
          .update(t)
          .set({ status: request.decision, decidedAt: now, decisionReason: request.reason, updatedAt: now })
          .where(and(eq(t.id, id), eq(t.status, "open"), where))
          .returning({ id: t.id });
        if (changed.length === 0) return false;
        if (queue === "submissions" && request.decision === "resolved") await awardLink(tx as unknown as Database, id);
        await writeAudit(tx, actor, { action: request.decision, targetType: queue, targetId: id, note: auditNote(request.reason, note) });
        const payload: OutcomeMailPayload = { queue, id, decision: request.decision, reason: request.reason, note };
        await enqueueJob(tx, OUTCOME_MAIL_JOB, { ...payload }, { subject: `${queue}:${id}` });
        return true;
      }));
    (decided ? outcome.decided : outcome.skipped).push(id);
    // Refused material, possibly unlawful, is not kept in quarantine (ADR 008).
    if (decided && queue === "submissions" && request.decision === "rejected") await discardUpload(db, storage, id);
  }
  return outcome;
}

/**
 * An approved link submission (nothing uploaded) earns points for the creator it names, when the catalogue has one by
 * that name: a name matching no creator credits nobody.
 */
async function awardLink(tx: Database, submissionId: string): Promise<void> {
  const [submission] = await tx
    .select({ creatorName: contentSubmissions.creatorName, uploadKind: contentSubmissions.uploadKind })
    .from(contentSubmissions)
    .where(eq(contentSubmissions.id, submissionId));
  if (!submission || submission.uploadKind !== null) return;
  const [creator] = await tx
    .select({ id: creators.id })
    .from(creators)
    .where(eq(creators.slug, slugify(submission.creatorName)));
  if (creator) await awardPoints(tx, { creatorId: creator.id, reason: "link", submissionId });
}

/** One item's decision from its page: checked, then decided; an item decided already is a Conflict. */
export async function decideItem(
  services: { db: Database; storage: Storage },
  actor: Actor,
  queue: QueueName,
  id: string,
  request: DecisionRequest,
): Promise<void> {
  checkDecision(queue, request);
  const outcome = await decideItems(services, actor, queue, [id], request);
  if (outcome.decided.length === 0) throw new Conflict("decision.errors.decided");
}

/** "removed — note" as the audit log shows it. */
const auditNote = (reason: string, note: string | null) => (note ? `${reason} — ${note}` : reason);

/** Saves the private moderator note of an item (audited); an item that is not there is NotFound. */
export async function saveNote(db: Database, actor: Actor, queue: QueueName, id: string, note: string): Promise<void> {
  if (!isUuidV4(id)) throw new NotFound("item.failed");
  const { table: t, where } = queueSource(queue);
  const value = note.trim().slice(0, 5000) || null;
  await db.transaction(async (tx) => {
    const changed = await tx
      .update(t)
      .set({ moderatorNote: value, updatedAt: new Date() })
      .where(and(eq(t.id, id), where))
      .returning({ id: t.id });
    if (changed.length === 0) throw new NotFound("item.failed");
    await writeAudit(tx, actor, { action: "note_saved", targetType: queue, targetId: id, note: value });
  });
}
