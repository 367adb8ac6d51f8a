import type { FieldErrors } from "./fields";

/** What a form route's action answers (message values are translation keys). */
export type FormActionData = { ok: true } | { ok: false; errors: FieldErrors; values: Record<string, string> };
