import { QUEUE_ENTRIES, type QueueName } from "~/features/forms";
import { findQueueRow } from "~/features/forms/index.server";
import { addBlock, closeMatch, openMatch } from "~/features/takedowns/index.server";
import type { Database } from "~/lib/database";
import { Conflict, NotFound } from "~/lib/http/errors";
import { isUuidV4 } from "~/lib/uuid";
import { type Actor, writeAudit } from "./audit.server";
import { setClipHidden } from "./clips-visibility.server";

// Takedowns from the desk: hiding the clip a report or removal claim names puts its fingerprints on
// the block list (one transaction: the clip, the block, their audit rows); copies found later are
// hidden or dismissed here too.

/** The clip an item names, when its queue can take clips down. */
async function itemClip(db: Database, queue: QueueName, id: string) {
  if (!QUEUE_ENTRIES[queue].takedown || !isUuidV4(id)) return null;
  const item = await findQueueRow(db, queue, id);
  return item && (item.form === "report" || item.form === "claim") ? item.row.clipId : null;
}

/** Hides the clips of these items and blocks their copies; each hide and block is audited on its own. */
export async function hideItemClips(db: Database, actor: Actor, queue: QueueName, ids: readonly string[]) {
  const reason = QUEUE_ENTRIES[queue].takedown;
  const hidden: string[] = [];
  const skipped: string[] = [];
  for (const id of new Set(ids)) {
    const clipId = await itemClip(db, queue, id);
    const result =
      clipId && reason
        ? await setClipHidden(db, actor, clipId, true, `${queue}/${id}`, async (tx) => {
            const blockId = await addBlock(tx, { clipId, reason, itemQueue: queue, itemId: id, by: actor.email });
            if (blockId)
              await writeAudit(tx, actor, { action: "clip_blocked", targetType: "clip", targetId: clipId, note: `${queue}/${id}` });
          })
        : { ok: false as const };
    (result.ok ? hidden : skipped).push(id);
  }
  return { hidden, skipped };
}

/**
 * Shows an item's clip again (an undo); its block is lifted with it. An item without a clip is NotFound, a
 * clip that is not hidden a Conflict (worded in `admin`, ADR 024).
 */
export async function showItemClip(db: Database, actor: Actor, queue: QueueName, id: string): Promise<void> {
  const clipId = await itemClip(db, queue, id);
  if (!clipId) throw new NotFound("item.failed");
  if (!(await setClipHidden(db, actor, clipId, false, `${queue}/${id}`)).ok) throw new Conflict("item.failed");
}

/**
 * A copy found by a scan: hidden (audited on the clip) or dismissed (audited on the match). A match that is
 * not open is NotFound, one closed meanwhile a Conflict.
 */
export async function decideCopy(db: Database, actor: Actor, matchId: string, action: "hide" | "dismiss"): Promise<void> {
  const match = await openMatch(db, matchId);
  if (!match) throw new NotFound("item.failed");
  if (action === "dismiss") {
    await db.transaction(async (tx) => {
      if (!(await closeMatch(tx, match.id, "dismissed", actor.email))) throw new Conflict("item.failed");
      await writeAudit(tx, actor, { action: "copy_dismissed", targetType: "clip", targetId: match.clipId, note: `block ${match.blockId}` });
    });
    return;
  }
  const result = await setClipHidden(
    db,
    actor,
    match.clipId,
    true,
    `copy of block ${match.blockId}, distance ${match.distance}`,
    async (tx) => {
      await closeMatch(tx, match.id, "hidden", actor.email);
    },
  );
  // Already hidden by someone else: the match is closed all the same.
  if (!result.ok) await closeMatch(db, match.id, "hidden", actor.email);
}
