import type { SenderLanguage } from "~schema";
import { takeRateLimit, type RateLimitStore } from "~/lib/rate-limit.server";
import type { FieldErrors } from "./fields";
import type { FormName } from "./registry";
import { INTAKE } from "./registry.server";
import { UPLOAD_FIELD, type StoredUpload } from "./submission-upload.server";
import type { UploadError } from "./upload-rules";

export type { FormName } from "./registry";

/**
 * Per form and IP: 5 records in 10 minutes is plenty for a person, little for a bot. `FORM_LIMIT_PER_IP` sets the
 * count for a server whose visitors share one address (the end-to-end suite's browsers, all on 127.0.0.1).
 */
export const FORM_LIMIT = { window: 600, max: 5 };

export type ReceiveResult = { ok: true; id: string } | { ok: false; status: 400; errors: FieldErrors } | { ok: false; status: 429 };

interface Received {
  values: Record<string, unknown>;
  /** The submit form's file, already in quarantine, or why it was refused. */
  upload?: StoredUpload | null;
  uploadError?: UploadError | null;
  clientIp: string;
  userId: string | null;
  /** The visitor's language: the outcome e-mail is written in it. */
  language?: SenderLanguage;
  /** The site origin, to recognise links to our own clips. */
  origin: string;
}

/**
 * Validates one form's values with its schema and stores one record (a
 * single insert: nothing is half-written). Invalid input does not count
 * against the rate limit; stored or refused attempts do.
 */
export async function receiveForm(
  store: RateLimitStore,
  name: FormName,
  input: Received,
  perAddress: number = FORM_LIMIT.max,
): Promise<ReceiveResult> {
  const { db } = store;
  const checked = INTAKE[name](input.values);
  const uploadErrors: FieldErrors = input.uploadError ? { [UPLOAD_FIELD]: input.uploadError } : {};
  if (!checked.ok) return { ok: false, status: 400, errors: { ...checked.errors, ...uploadErrors } };
  if (input.uploadError) return { ok: false, status: 400, errors: uploadErrors };
  const limit = { window: FORM_LIMIT.window, max: perAddress };
  if (!(await takeRateLimit(store, `form:${name}:ip:${input.clientIp}`, limit))) return { ok: false, status: 429 };
  const id = await checked.store(db, {
    userId: input.userId,
    language: input.language ?? "en",
    origin: input.origin,
    upload: input.upload ?? null,
    now: new Date(),
  });
  return { ok: true, id };
}
