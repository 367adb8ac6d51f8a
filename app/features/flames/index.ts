// Flames' public entry for the browser and the server.
export { FlameButton, useFlame, type FlameState } from "./components/flame-button";
export { FlameRefusalNote } from "./components/flame-refusal-note";
export { ANONYMOUS_ID_KEY, anonymousIdFrom, syncAnonymousId } from "./anonymous-id";
export { ensureAnonymousId } from "./ensure-anonymous-id";
