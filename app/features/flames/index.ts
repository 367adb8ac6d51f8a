// Flames' public entry for the browser and the server.
export { FlameButton, useFlame, type FlameState } from "./components/flame-button";
export { VISITOR_ID_KEY, visitorIdFrom, syncVisitorId } from "./visitor-id";
