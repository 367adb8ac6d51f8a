// Forms' public entry: the sanitising rules other features apply to visitor text.
export { LINE_MAX, TEXT_MAX, sanitizeLine, sanitizeText } from "./sanitize";
