// Flames' public entry for the browser and the server.
export { FlameButton, useFlame, type FlameState } from "./components/flame-button";
export { ANONYMOUS_ID_KEY, anonymousIdFrom, syncAnonymousId } from "./anonymous-id";
