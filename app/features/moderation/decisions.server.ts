import { and, eq } from "drizzle-orm";
import { isDecisionReason, type Decision, type QueueName } from "~/features/forms";
import { queueSource } from "~/features/forms/index.server";
import type { Database } from "~/lib/db.server";
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
export type DecisionError = "reason" | "note" | "items";

/** Checks the reason against the queue's list and the note's length. */
export function checkDecision(queue: QueueName, request: DecisionRequest): DecisionError | null {
  if (!isDecisionReason(request.decision, queue, request.reason)) return "reason";
  if (request.note.length > NOTE_MAX) return "note";
  return null;
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

/** "removed — note" as the audit log shows it. */
const auditNote = (reason: string, note: string | null) => (note ? `${reason} — ${note}` : reason);

export async function saveNote(db: Database, actor: Actor, queue: QueueName, id: string, note: string) {
  if (!isUuidV4(id)) return false;
  const { table: t, where } = queueSource(queue);
  const value = note.trim().slice(0, 5000) || null;
  return db.transaction(async (tx) => {
    const changed = await tx
      .update(t)
      .set({ moderatorNote: value, updatedAt: new Date() })
      .where(and(eq(t.id, id), where))
      .returning({ id: t.id });
    if (changed.length === 0) return false;
    await writeAudit(tx, actor, { action: "note_saved", targetType: queue, targetId: id, note: value });
    return true;
  });
}
