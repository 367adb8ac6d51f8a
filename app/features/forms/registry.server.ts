import { and, eq, sql, type SQL } from "drizzle-orm";
import type { z } from "zod";
import { contactMessages, contentClaims, contentReports, contentSubmissions, partnershipApplications, type SenderLanguage } from "~schema";
import type { Database } from "~/lib/database";
import { validate, type FieldErrors } from "./fields";
import { isUuidV4 } from "~/lib/uuid";
import { DEADLINE_HOURS, QUEUE_ENTRIES, type FormName, type QueueName } from "./queues";
import { FORMS } from "./registry";
import type { StoredUpload } from "./submission-upload.server";
import { clipIdFromLink } from "~/features/clips/index.server";

// The server half of the form registry (registry.ts): each form's table, how a valid record is
// stored, and what a moderator's queue shows of it. Intake, queues, search, figures and the item
// view all read these entries, so a sixth form is one entry here and one in registry.ts.

export const FORM_TABLES = {
  submit: contentSubmissions,
  report: contentReports,
  claim: contentClaims,
  contact: contactMessages,
  partnership: partnershipApplications,
} as const;
export type FormTable = (typeof FORM_TABLES)[FormName];
export type FormRow<F extends FormName> = (typeof FORM_TABLES)[F]["$inferSelect"];

export interface IntakeMeta {
  userId: string | null;
  language: SenderLanguage;
  /** The site origin, to recognise links to our own clips. */
  origin: string;
  upload: StoredUpload | null;
  now: Date;
}

/** A form's values checked by its schema: either the errors, or how to store them. */
export type Intake = { ok: true; store: (db: Database, meta: IntakeMeta) => Promise<string> } | { ok: false; errors: FieldErrors };

const deadlineFrom = (now: Date) => new Date(now.getTime() + DEADLINE_HOURS * 3600_000);
const first = (rows: { id: string }[]) => rows[0]!.id;

/** Pairs a form's schema with its insert, so each insert receives exactly its own schema's output. */
function intake<S extends z.ZodType>(schema: S, insert: (db: Database, data: z.output<S>, meta: IntakeMeta) => Promise<string>) {
  return (values: Record<string, unknown>): Intake => {
    const checked = validate(schema, values);
    return checked.ok ? { ok: true, store: (db, meta) => insert(db, checked.data, meta) } : checked;
  };
}

const uploadColumns = (upload: StoredUpload | null) =>
  upload
    ? { uploadKey: upload.key, uploadKind: upload.kind, uploadType: upload.type, uploadBytes: upload.bytes, uploadName: upload.name }
    : {};

/** Each form's intake: validate with its schema, then one insert (nothing is half-written). */
export const INTAKE = {
  submit: intake(FORMS.submit.schema, async (db, { upload: _chosen, ...data }, { userId, language, upload }) =>
    first(
      await db
        .insert(contentSubmissions)
        .values({ ...data, userId, language, ...uploadColumns(upload) })
        .returning({ id: contentSubmissions.id }),
    ),
  ),
  report: intake(FORMS.report.schema, async (db, data, { userId, language, origin, now }) =>
    first(
      await db
        .insert(contentReports)
        .values({
          ...data,
          userId,
          language,
          createdAt: now,
          deadlineAt: deadlineFrom(now),
          clipId: await clipIdFromLink(db, data.contentUrl, origin),
        })
        .returning({ id: contentReports.id }),
    ),
  ),
  // The schema requires a complete notice for removal, so every removal claim starts its clock.
  claim: intake(FORMS.claim.schema, async (db, data, { userId, language, origin, now }) =>
    first(
      await db
        .insert(contentClaims)
        .values({
          ...data,
          userId,
          language,
          createdAt: now,
          deadlineAt: data.position === "removal" ? deadlineFrom(now) : null,
          clipId: await clipIdFromLink(db, data.contentUrl, origin),
        })
        .returning({ id: contentClaims.id }),
    ),
  ),
  contact: intake(FORMS.contact.schema, async (db, data, { userId, language }) =>
    first(
      await db
        .insert(contactMessages)
        .values({ ...data, userId, language })
        .returning({ id: contactMessages.id }),
    ),
  ),
  partnership: intake(FORMS.partnership.schema, async (db, data, { userId, language }) =>
    first(
      await db
        .insert(partnershipApplications)
        .values({ ...data, userId, language })
        .returning({ id: partnershipApplications.id }),
    ),
  ),
} satisfies Record<FormName, (values: Record<string, unknown>) => Intake>;

/** A queue's table and the condition selecting its records (claims are split by position). */
export function queueSource(queue: QueueName): { table: FormTable; where: SQL | undefined } {
  const entry = QUEUE_ENTRIES[queue];
  const table = FORM_TABLES[entry.form];
  const where = "position" in entry ? eq(contentClaims.position, entry.position) : undefined;
  return { table, where };
}

const text = (expression: SQL) => sql<string | null>`${expression}`;
const none = sql<string | null>`null::text`;
const noClip = sql<string | null>`null::uuid`;

/**
 * What a queue row shows of an item, as SQL over its own table: what it is about, its link, who
 * sent it, the clip it names and whether a file waits in quarantine. Every form answers the same
 * columns, so the queues and the search across them are one UNION ALL.
 */
const QUEUE_CARDS = {
  submit: (t = contentSubmissions) => ({
    summary: text(sql`${t.creatorName} || ' · ' || ${t.category} || ' · ' || ${t.tags}`),
    link: text(sql`${t.imageOrVideoLink}`),
    email: text(sql`${t.email}`),
    name: text(sql`${t.creatorName}`),
    clipId: noClip,
    attachment: text(sql`case when ${t.uploadKey} is not null then ${t.uploadKind} end`),
  }),
  report: (t = contentReports) => ({
    summary: text(sql`${t.description}`),
    link: text(sql`${t.contentUrl}`),
    email: text(sql`${t.email}`),
    name: none,
    clipId: text(sql`${t.clipId}`),
    attachment: none,
  }),
  claim: (t = contentClaims) => ({
    summary: text(sql`coalesce(${t.details}, ${t.copyrightWork}, '')`),
    link: text(sql`${t.contentUrl}`),
    email: text(sql`${t.email}`),
    name: text(sql`${t.signature}`),
    clipId: text(sql`${t.clipId}`),
    attachment: none,
  }),
  contact: (t = contactMessages) => ({
    summary: text(sql`${t.subject} || ': ' || ${t.message}`),
    link: none,
    email: text(sql`${t.email}`),
    name: text(sql`${t.name}`),
    clipId: noClip,
    attachment: none,
  }),
  partnership: (t = partnershipApplications) => ({
    summary: text(sql`${t.socialNetworkUrl}`),
    link: text(sql`${t.salesPlatformUrl}`),
    email: text(sql`${t.email}`),
    name: none,
    clipId: noClip,
    attachment: none,
  }),
} satisfies Record<FormName, () => Record<"summary" | "link" | "email" | "name" | "clipId" | "attachment", SQL<string | null>>>;

export const queueCard = (queue: QueueName) => QUEUE_CARDS[QUEUE_ENTRIES[queue].form]();

/** One item of a queue with its typed row, or null. */
export type QueueItemRow = { [F in FormName]: { form: F; row: FormRow<F> } }[FormName];

export async function findQueueRow(db: Database, queue: QueueName, id: string): Promise<QueueItemRow | null> {
  // Ids are version-4 UUIDs (docs/product.md §13.2); anything else would be a database error, not "not found".
  if (!isUuidV4(id)) return null;
  const { table, where } = queueSource(queue);
  // The five tables share no row type, so Drizzle cannot type a select over their union; the row is the form's own
  // (queueSource chose the table from the same entry), which the cast below states.
  const [row] = await db
    .select()
    .from(table as typeof contentSubmissions)
    .where(and(eq(table.id, id), where))
    .limit(1);
  return row ? ({ form: QUEUE_ENTRIES[queue].form, row } as QueueItemRow) : null;
}
