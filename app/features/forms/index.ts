// Forms' public entry for the browser: the sanitising rules other features apply to visitor text, the
// moderation half of the registry (queues, reasons) the desk renders, and the form pages with their schemas.
// A page gets only what it uses: the bundler drops the re-exports a page does not import, so the desk's pages
// carry no Zod schema (`npm run budgets`, docs/decisions/043-first-load-javascript.md).
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
export { FormPage } from "./components/form-page";
export { SiteForm } from "./components/site-form";
export { FORMS } from "./registry";
export { SUBMIT_CATEGORIES } from "./submit.schema";
