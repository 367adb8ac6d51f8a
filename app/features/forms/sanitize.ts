// Text sanitising (docs/product.md §13.1, ADR 073), shared by the browser and the server so both judge
// the same value: the characters < > " ' are removed and the ends trimmed.

const UNSAFE = /[<>"']/g;

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
