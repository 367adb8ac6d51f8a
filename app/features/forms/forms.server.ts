import { eq, or, sql } from "drizzle-orm";
import type { z } from "zod";
import { clips, contactMessages, contentClaims, contentReports, contentSubmissions, partnershipApplications } from "../../../db/schema";
import type { Database } from "~/lib/db.server";
import { takeRateLimit } from "~/lib/rate-limit.server";
import { parseVideoRef } from "~/features/clips";
import { claimSchema } from "./claim.schema";
import { contactSchema } from "./contact.schema";
import { validate, type FieldErrors } from "./fields";
import { promoteSchema } from "./promote.schema";
import { reportSchema } from "./report.schema";
import { submitSchema } from "./submit.schema";
import { UPLOAD_FIELD, type StoredUpload } from "./submission-upload.server";
import type { UploadError } from "./upload-rules";

export type FormName = "submit" | "report" | "claim" | "contact" | "promote";

/** Per form and IP: 5 records in 10 minutes is plenty for a person, little for a bot. */
export const FORM_LIMIT = { window: 600, max: 5 };

export type ReceiveResult = { ok: true; id: string } | { ok: false; status: 400; errors: FieldErrors } | { ok: false; status: 429 };

interface Received {
  values: Record<string, unknown>;
  /** The submit form's file, already in quarantine, or why it was refused. */
  upload?: StoredUpload | null;
  uploadError?: UploadError | null;
  clientIp: string;
  userId: string | null;
  /** The site origin, to recognise links to our own clips. */
  origin: string;
}

/**
 * Validates one form's values with its schema and stores one record (a
 * single insert: nothing is half-written). Invalid input does not count
 * against the rate limit; stored or refused attempts do.
 */
export async function receiveForm(db: Database, name: FormName, input: Received): Promise<ReceiveResult> {
  const store = STORES[name];
  const checked = validate(store.schema, input.values);
  const uploadErrors: FieldErrors = input.uploadError ? { [UPLOAD_FIELD]: input.uploadError } : {};
  if (!checked.ok) return { ok: false, status: 400, errors: { ...checked.errors, ...uploadErrors } };
  if (input.uploadError) return { ok: false, status: 400, errors: uploadErrors };
  if (!(await takeRateLimit(db, `form:${name}:ip:${input.clientIp}`, FORM_LIMIT))) return { ok: false, status: 429 };
  // (TypeScript cannot pair a store's schema output with its own insert.)
  const id = await store.insert(db, checked.data as never, { userId: input.userId, origin: input.origin, upload: input.upload ?? null });
  return { ok: true, id };
}

type Insert<S extends z.ZodType> = (
  db: Database,
  data: z.output<S>,
  meta: { userId: string | null; origin: string; upload: StoredUpload | null },
) => Promise<string>;
const store = <S extends z.ZodType>(schema: S, insert: Insert<S>) => ({ schema, insert });

const STORES = {
  submit: store(submitSchema, async (db, { upload: _chosen, ...data }, { userId, upload }) =>
    first(
      await db
        .insert(contentSubmissions)
        .values({ ...data, userId, ...uploadColumns(upload) })
        .returning({ id: contentSubmissions.id }),
    ),
  ),
  report: store(reportSchema, async (db, data, { userId, origin }) =>
    first(
      await db
        .insert(contentReports)
        .values({ ...data, userId, clipId: await clipIdFromUrl(db, data.contentUrl, origin) })
        .returning({ id: contentReports.id }),
    ),
  ),
  claim: store(claimSchema, async (db, data, { userId, origin }) =>
    first(
      await db
        .insert(contentClaims)
        .values({ ...data, userId, clipId: await clipIdFromUrl(db, data.contentUrl, origin) })
        .returning({ id: contentClaims.id }),
    ),
  ),
  contact: store(contactSchema, async (db, data, { userId }) =>
    first(
      await db
        .insert(contactMessages)
        .values({ ...data, userId })
        .returning({ id: contactMessages.id }),
    ),
  ),
  promote: store(promoteSchema, async (db, data, { userId }) =>
    first(
      await db
        .insert(partnershipApplications)
        .values({ ...data, userId })
        .returning({ id: partnershipApplications.id }),
    ),
  ),
} satisfies Record<FormName, unknown>;

const uploadColumns = (upload: StoredUpload | null) =>
  upload
    ? { uploadKey: upload.key, uploadKind: upload.kind, uploadType: upload.type, uploadBytes: upload.bytes, uploadName: upload.name }
    : {};

const first = (rows: { id: string }[]) => rows[0]!.id;

/**
 * The clip a link names when it points at /video/<id or slug> on this site
 * (whatever the clip's status: a report may concern a clip already hidden).
 */
export async function clipIdFromUrl(db: Database, url: string, origin: string): Promise<string | null> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.host !== new URL(origin).host) return null;
  // The URL parser has already percent-encoded anything a slug cannot hold.
  const match = /^\/video\/([^/]+)\/?$/.exec(parsed.pathname);
  const ref = parseVideoRef(match?.[1]);
  if (!ref) return null;
  const where =
    ref.kind === "uuid"
      ? eq(clips.id, ref.id)
      : ref.idPrefix
        ? or(eq(clips.slug, ref.slug), sql`left(${clips.id}::text, 8) = ${ref.idPrefix}`)
        : eq(clips.slug, ref.slug);
  const [row] = await db
    .select({ id: clips.id })
    .from(clips)
    .where(where)
    .orderBy(sql`${clips.slug} = ${ref.kind === "slug" ? ref.slug : ""} desc`, clips.id)
    .limit(1);
  return row?.id ?? null;
}
