import type { ActionReply } from "~/lib/http/action.server";

/** What a form route's action answers: the one action reply (ADR 024); messages are already translated. */
export type FormActionData = ActionReply;
