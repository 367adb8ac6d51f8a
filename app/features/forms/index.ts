// Forms' public entry: the sanitising rules other features apply to visitor text, and the browser
// half of the form registry (queues, reasons, item fields) the moderation desk renders.
export { LINE_MAX, TEXT_MAX, sanitizeLine, sanitizeText } from "./sanitize";
export {
  DEADLINE_HOURS,
  DECISION_REASONS,
  FORMS,
  QUEUES,
  QUEUE_ENTRIES,
  isDecisionReason,
  isQueue,
  queueOf,
  type Decision,
  type DecisionReason,
  type FieldKind,
  type FormName,
  type QueueName,
} from "./registry";
export { missingNoticeElements } from "./claim.schema";
