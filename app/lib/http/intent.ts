import { z } from "zod";

/**
 * A page's `intent` field (which of its forms was posted) as one `z.enum` of the forms it has, so the route's schema is
 * built once, when the module loads, and its handler narrows on the intent instead of checking strings by hand.
 * `message` is the translation key of the refusal of any other intent; the intent is no visible field, so the
 * refusal is the form's message (InvalidFields.fromIssues).
 */
export const intentField = <const T extends readonly [string, ...string[]]>(intents: T, message: string) =>
  z.enum(intents, { error: message });
