/** Marks JSON text across module copies (the server runs from source, the routes from the build). */
const JSON_TEXT = Symbol.for("spicy-clips.json-text");

/**
 * A resource route's answer that is already JSON text, made from parts serialized once and shared
 * (app/features/feed/feed-cache.server.ts): `return data(new JsonText(text), init)`. Express sends the text
 * as it is (server/resource-routes.ts, ADR 106); anything else serializing it gets the same JSON through
 * `toJSON`.
 */
export class JsonText {
  readonly [JSON_TEXT] = true;
  constructor(readonly text: string) {}
  toJSON(): unknown {
    return JSON.parse(this.text);
  }
}

export function jsonTextOf(value: unknown): string | null {
  return typeof value === "object" && value !== null && (value as { [JSON_TEXT]?: boolean })[JSON_TEXT] === true
    ? (value as JsonText).text
    : null;
}
