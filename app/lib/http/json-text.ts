/** Marks JSON text across module copies (the server runs from source, the routes from the build). */
const JSON_TEXT = Symbol.for("spicy-clips.json-text");

/**
 * A resource route's answer that is already JSON — as text, or as its UTF-8 bytes — made from parts serialized once
 * and shared (app/features/feed/feed-cache.server.ts, for-you-json.server.ts): `return data(new JsonText(json), init)`.
 * Express sends it as it is (server/resource-routes.ts, ADR 106); bytes go out without being measured or encoded again
 * (docs/decisions/243-feed-pages-as-bytes.md). Anything else serializing it gets the same JSON through `toJSON`.
 */
export class JsonText {
  readonly [JSON_TEXT] = true;
  constructor(readonly json: string | Uint8Array) {}
  toJSON(): unknown {
    return JSON.parse(typeof this.json === "string" ? this.json : Buffer.from(this.json).toString("utf8"));
  }
}

/** The JSON a route returned as `JsonText`, as it was made (text or bytes); null for anything else. */
export function jsonTextOf(value: unknown): string | Uint8Array | null {
  return typeof value === "object" && value !== null && (value as { [JSON_TEXT]?: boolean })[JSON_TEXT] === true
    ? (value as JsonText).json
    : null;
}
