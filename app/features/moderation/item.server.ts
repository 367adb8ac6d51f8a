import { QUEUE_ENTRIES, type FieldKind, type QueueName } from "~/features/forms";
import { FORMS, missingNoticeElements } from "~/features/forms/index.server";
import { findQueueRow } from "~/features/forms/index.server";
import { blocksOfClips } from "~/features/takedowns/index.server";
import type { Database } from "~/lib/database";
import { jobsFor } from "~/lib/jobs/index.server";
import { clipFileUrl, clipForItem } from "./clips-visibility.server";
import { publishState } from "./publish-submission.server";
import { accountEmails, neighbourItems } from "./queues.server";
import { submissionUploadView } from "./submission-upload-view.server";

// What the moderator's item page shows, built from the item's typed row and its form's entry in
// the registry: the fields the visitor sent (in the registry's order and kinds), the sender, the
// clock, a removal notice's completeness, the clip it names, the file it carries and its jobs.

export interface ItemField {
  name: string;
  kind: FieldKind;
  value: string | boolean | null;
}

const COPYRIGHT_ONLY = new Set(["copyrightWork", "address", "accuracy"]);

const shown = (value: unknown): string | boolean | null =>
  value === null || value === undefined
    ? null
    : typeof value === "boolean"
      ? value
      : value instanceof Date
        ? value.toISOString()
        : String(value);

export async function itemView(db: Database, queue: QueueName, id: string) {
  const found = await findQueueRow(db, queue, id);
  if (!found) return null;
  const { row } = found;
  const values = new Map<string, unknown>(Object.entries(row));
  const layout: readonly (readonly [string, FieldKind])[] = FORMS[found.form].fields;
  const account = row.userId ? ((await accountEmails(db, [row.userId])).get(row.userId) ?? null) : null;
  const clipId = found.form === "report" || found.form === "claim" ? found.row.clipId : null;
  const clipRow = clipId ? await clipForItem(db, clipId) : null;
  const [neighbours, jobs, blocks] = await Promise.all([
    neighbourItems(db, queue, id),
    jobsFor(db, `${queue}:${id}`, 5),
    clipRow ? blocksOfClips(db, [clipRow.id]) : Promise.resolve([]),
  ]);
  const notice =
    found.form === "claim" && (QUEUE_ENTRIES[queue].notice || found.row.basis !== null)
      ? { missing: missingNoticeElements({ ...found.row, position: "removal" }).map(([field]) => field), basis: found.row.basis }
      : null;
  return {
    queue,
    form: found.form,
    id: row.id,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    deadlineAt: row.deadlineAt?.toISOString() ?? null,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    decisionReason: row.decisionReason,
    moderatorNote: row.moderatorNote ?? "",
    language: row.language,
    /** The address the outcome goes to: the form's, else the signed-in sender's account. */
    sender: row.email ?? account,
    signedInAs: row.userId ? (account ?? row.userId) : null,
    // A notice on grounds of consent has no copyright elements to show.
    fields: layout
      .filter(([name]) => !(COPYRIGHT_ONLY.has(name) && values.get("basis") !== "copyright"))
      .map(([name, kind]) => ({ name, kind, value: shown(values.get(name)) })),
    notice,
    takedown: QUEUE_ENTRIES[queue].takedown,
    clip: clipRow && {
      ...clipRow,
      thumbnailUrl: clipRow.thumbnailKey ? clipFileUrl(clipRow.id, "thumbnail") : null,
      videoUrl: clipFileUrl(clipRow.id, "video"),
      blocked: blocks.some((b) => b.state !== "lifted"),
    },
    upload: found.form === "submit" ? await submissionUploadView(db, found.row) : null,
    publish: found.form === "submit" ? await publishState(db, row.id) : null,
    jobs: jobs.map((j) => ({
      id: j.id,
      kind: j.kind,
      state: j.state,
      attempts: j.attempts,
      error: j.lastError,
      createdAt: j.createdAt.toISOString(),
    })),
    neighbours,
  };
}
export type ItemView = NonNullable<Awaited<ReturnType<typeof itemView>>>;
