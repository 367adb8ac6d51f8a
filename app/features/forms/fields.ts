import { z } from "zod";
import { LINE_MAX, sanitizeLine, sanitizeText, TEXT_MAX } from "./sanitize";

// Zod building blocks for the form schemas. Sanitising is a preprocess step
// (it also turns a missing field into "", so required-field messages apply). Messages are translation keys of
// the `forms` namespace (ADR 074); the form component translates them.

/** A sanitised single-line field that must not be empty. */
export const requiredLine = (message: string, min = 1) => z.preprocess(sanitizeLine, z.string().min(min, message));

/** A sanitised single-line field that may be left empty (null). */
export const optionalLine = () => z.preprocess(sanitizeLine, z.string()).transform((value) => value || null);

/** An e-mail address that may be left empty (null). */
export const optionalEmail = () =>
  z
    .preprocess(
      sanitizeLine,
      z.string().refine((value) => value === "" || z.email().safeParse(value).success, "errors.emailInvalid"),
    )
    .transform((value) => value || null);

/** Sanitised free text, required, up to TEXT_MAX characters. */
export const requiredText = (message: string) => z.preprocess(sanitizeText, z.string().min(1, message).max(TEXT_MAX, "errors.tooLong"));

/** Sanitised optional free text; empty becomes null. */
export const optionalText = () =>
  z.preprocess(sanitizeText, z.string().max(TEXT_MAX, "errors.tooLong")).transform((value) => value || null);

/**
 * An http(s) address; `emptyMessage` when nothing was typed, if it differs. A link is never cut to
 * LINE_MAX like other single-line fields (a cut link leads nowhere): a longer one is refused.
 */
export const webUrl = (emptyMessage = "errors.urlInvalid") =>
  z.preprocess(
    sanitizeText,
    z
      .string()
      .min(1, emptyMessage)
      .max(LINE_MAX, "errors.urlTooLong")
      .pipe(z.url({ protocol: /^https?$/, error: "errors.urlInvalid" })),
  );

export const email = () => z.preprocess(sanitizeLine, z.email("errors.emailInvalid"));

// Loose on purpose: people write numbers in many ways.
const PHONE = /^(?=.*\d)[\d\s+\-()]{1,30}$/;

/** Optional everywhere (docs/product.md §13.3); empty becomes null. */
export const optionalPhone = () =>
  z
    .preprocess(
      sanitizeLine,
      z.string().refine((value) => value === "" || PHONE.test(value), "errors.phoneInvalid"),
    )
    .transform((value) => value || null);

export type FieldErrors = Record<string, string>;

/** The first message key per field, or null when the values are valid. */
export function validate<S extends z.ZodType>(
  schema: S,
  values: Record<string, unknown>,
): { ok: true; data: z.output<S> } | { ok: false; errors: FieldErrors } {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? "form");
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}

/** Plain string values of a form (files and repeated names are not used here). */
export function formValues(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === "string" && !key.startsWith("_")) values[key] = value;
  return values;
}
