// Flames' public entry for the browser and the server.
export { FlameButton, FlameRefusalNote, useFlame, type FlameState } from "./components/flame-button";
export { ANONYMOUS_ID_KEY, anonymousIdFrom, syncAnonymousId } from "./anonymous-id";
export { ensureAnonymousId } from "./ensure-anonymous-id";
