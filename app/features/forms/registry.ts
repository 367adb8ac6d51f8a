import type { z } from "zod";
import { claimSchema } from "./claim.schema";
import { contactSchema } from "./contact.schema";
import { partnershipSchema } from "./partnership.schema";
import { reportSchema } from "./report.schema";
import { submitSchema } from "./submit.schema";
import { UPLOAD_ACCEPT, UPLOAD_FIELD_NAME } from "./upload-rules";

import type { FieldKind, FormName } from "./queues";

// The registry of visitor forms: one entry per form says what it accepts (its Zod schema), where it
// lives (its addresses, the first canonical), which moderation queues its records land in, which
// of them run against the 48-hour clock, and what the moderator's item view shows. This half is
// safe for the browser; registry.server.ts adds each form's table and intake.

export { DEADLINE_HOURS, FORM_NAMES, QUEUES, type FieldKind, type FormName, type QueueName } from "./queues";

interface FormEntry {
  schema: z.ZodType;
  /** Where the form page is served; the first is canonical. */
  paths: readonly [string, ...string[]];
  /** Query parameters that prefill the content link with `<origin>/video/<id>`. */
  prefill: readonly string[];
  /** The field that carries a file, if the form takes one (ADR 008; rules in upload-rules.ts). */
  upload: { field: string; accept: string } | null;
  /** The fields a moderator reads, in order, and how to show them. */
  fields: readonly (readonly [name: string, kind: FieldKind])[];
}

export const FORMS = {
  submit: {
    schema: submitSchema,
    paths: ["/submit"],
    prefill: [],
    upload: { field: UPLOAD_FIELD_NAME, accept: UPLOAD_ACCEPT },
    fields: [
      ["creatorName", "line"],
      ["category", "choice"],
      ["tags", "line"],
      ["imageOrVideoLink", "url"],
      ["salesProfileLink", "url"],
      ["socialLinks", "text"],
      ["email", "email"],
    ],
  },
  report: {
    schema: reportSchema,
    paths: ["/report"],
    prefill: ["video", "contentId"],
    upload: null,
    fields: [
      ["contentUrl", "url"],
      ["description", "text"],
      ["email", "email"],
    ],
  },
  claim: {
    schema: claimSchema,
    paths: ["/claim-this-content", "/esse-conteudo-e-meu"],
    prefill: ["video"],
    upload: null,
    fields: [
      ["contentUrl", "url"],
      ["position", "choice"],
      ["email", "email"],
      ["phone", "line"],
      ["basis", "choice"],
      ["signature", "line"],
      ["goodFaith", "flag"],
      ["details", "text"],
      ["copyrightWork", "text"],
      ["address", "text"],
      ["accuracy", "flag"],
    ],
  },
  contact: {
    schema: contactSchema,
    paths: ["/contato"],
    prefill: [],
    upload: null,
    fields: [
      ["name", "line"],
      ["email", "email"],
      ["subject", "line"],
      ["message", "text"],
    ],
  },
  partnership: {
    schema: partnershipSchema,
    paths: ["/promote-content", "/promote-only-fans"],
    prefill: [],
    upload: null,
    fields: [
      ["salesPlatformUrl", "url"],
      ["socialNetworkUrl", "url"],
      ["email", "email"],
      ["phone", "line"],
    ],
  },
} as const satisfies Record<FormName, FormEntry>;
