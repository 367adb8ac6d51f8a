// Text sanitising (docs/product.md §13.1, ADR 073), shared by the browser and the server so both judge
// the same value: the characters < > " ' and control characters (NUL, which PostgreSQL cannot store, and the
// rest of C0 and DEL; tab and line breaks stay) are removed and the ends trimmed.

// eslint-disable-next-line no-control-regex -- control characters are what this removes
const UNSAFE = /[<>"'\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

/** docs/product.md §13.1: single-line fields are cut to this length (links are refused beyond it instead, see webUrl). */
export const LINE_MAX = 255;
/**
 * Free text (descriptions, messages, social links) keeps its full length up to
 * this limit; longer text is a validation error, never silently cut.
 */
export const TEXT_MAX = 5000;

const asString = (value: unknown) => (typeof value === "string" ? value : "");

export function sanitizeText(value: unknown): string {
  return asString(value).replace(UNSAFE, "").trim();
}

export function sanitizeLine(value: unknown): string {
  // Line breaks have no place in a single-line field.
  return sanitizeText(asString(value).replace(/[\r\n]+/g, " "))
    .slice(0, LINE_MAX)
    .trim();
}
