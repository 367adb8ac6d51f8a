// Forms' server entry: the registry's forms (schemas and the fields a moderator reads), tables and
// queue cards, for the moderation desk.
export { FORMS } from "./registry";
export { missingNoticeElements } from "./claim.schema";
export { FORM_TABLES, findQueueRow, queueCard, queueSource, type FormRow, type FormTable, type QueueItemRow } from "./registry.server";
