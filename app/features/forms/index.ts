// Forms' public entry for the browser: the sanitising rules other features apply to visitor text, and
// the moderation half of the registry (queues, reasons) the desk renders. It carries no Zod schema, so
// importing it costs the desk's pages nothing (docs/decisions/043-first-load-javascript.md).
export { LINE_MAX, TEXT_MAX, sanitizeLine, sanitizeText } from "./sanitize";
export {
  DEADLINE_HOURS,
  DECISION_REASONS,
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
} from "./queues";
