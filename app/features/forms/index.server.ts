// Forms' server entry: the registry's tables and queue cards, for the moderation desk.
export { FORM_TABLES, findQueueRow, queueCard, queueSource, type FormRow, type FormTable, type QueueItemRow } from "./registry.server";
