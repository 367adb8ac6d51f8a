// The moderation half of the form registry: the forms' names, the queues their records land in,
// their deadlines and decision reasons. It imports no schema, so the desk's pages stay small in the
// browser (docs/decisions/043-first-load-javascript.md); registry.ts adds each form's schema and fields.

export const FORM_NAMES = ["submit", "report", "claim", "contact", "partnership"] as const;
export type FormName = (typeof FORM_NAMES)[number];

export const QUEUES = ["submissions", "reports", "claims-partnership", "claims-removal", "contact", "partnerships"] as const;
export type QueueName = (typeof QUEUES)[number];

/** TAKE IT DOWN Act: a valid removal request is acted on within 48 hours. */
export const DEADLINE_HOURS = 48;

/** How the item view shows a field: as typed, as a link, as a yes/no, or translated from a list. */
export type FieldKind = "line" | "text" | "url" | "email" | "flag" | "choice";

/** Why a moderator resolves or rejects an item; each queue offers the ones that make sense for it. */
export const DECISION_REASONS = {
  resolved: ["removed", "published", "accepted", "answered"],
  rejected: ["incomplete", "not_found", "no_violation", "not_eligible", "duplicate", "spam"],
} as const;
export type Decision = keyof typeof DECISION_REASONS;
export type DecisionReason = (typeof DECISION_REASONS)[Decision][number];

interface QueueEntry {
  form: FormName;
  /** Claims are split by position. */
  position?: "partnership" | "removal";
  /** Reports and removal notices run against the 48-hour clock. */
  deadline: boolean;
  /** The item may name a clip of this site (its content link). */
  clip: boolean;
  /** Removal notices: the item view checks the notice's elements. */
  notice: boolean;
  /** Hiding the item's clip is a takedown: its fingerprints join the block list with this reason. */
  takedown: "report" | "removal_claim" | null;
  reasons: { resolved: readonly DecisionReason[]; rejected: readonly DecisionReason[] };
}

export const QUEUE_ENTRIES = {
  submissions: {
    form: "submit",
    deadline: false,
    clip: false,
    notice: false,
    takedown: null,
    reasons: { resolved: ["published", "accepted"], rejected: ["not_eligible", "duplicate", "spam"] },
  },
  reports: {
    form: "report",
    deadline: true,
    clip: true,
    notice: false,
    takedown: "report",
    reasons: { resolved: ["removed", "accepted"], rejected: ["not_found", "no_violation", "duplicate", "spam"] },
  },
  "claims-partnership": {
    form: "claim",
    position: "partnership",
    deadline: false,
    clip: true,
    notice: false,
    takedown: null,
    reasons: { resolved: ["accepted", "answered"], rejected: ["not_found", "not_eligible", "duplicate", "spam"] },
  },
  "claims-removal": {
    form: "claim",
    position: "removal",
    deadline: true,
    clip: true,
    notice: true,
    takedown: "removal_claim",
    reasons: { resolved: ["removed"], rejected: ["incomplete", "not_found", "no_violation", "duplicate", "spam"] },
  },
  contact: {
    form: "contact",
    deadline: false,
    clip: false,
    notice: false,
    takedown: null,
    reasons: { resolved: ["answered"], rejected: ["spam"] },
  },
  partnerships: {
    form: "partnership",
    deadline: false,
    clip: false,
    notice: false,
    takedown: null,
    reasons: { resolved: ["accepted"], rejected: ["not_eligible", "duplicate", "spam"] },
  },
} as const satisfies Record<QueueName, QueueEntry>;

export const isQueue = (value: unknown): value is QueueName => (QUEUES as readonly unknown[]).includes(value);
export const isFormName = (value: unknown): value is FormName => (FORM_NAMES as readonly unknown[]).includes(value);

/** The queue a record of `form` lands in (claims by their position). */
export function queueOf(form: FormName, position?: string | null): QueueName {
  const found = QUEUES.find(
    (q) => QUEUE_ENTRIES[q].form === form && (!("position" in QUEUE_ENTRIES[q]) || QUEUE_ENTRIES[q].position === position),
  );
  return found ?? QUEUES.find((q) => QUEUE_ENTRIES[q].form === form)!;
}

export const isDecisionReason = (decision: Decision, queue: QueueName, value: unknown): value is DecisionReason =>
  (QUEUE_ENTRIES[queue].reasons[decision] as readonly unknown[]).includes(value);
