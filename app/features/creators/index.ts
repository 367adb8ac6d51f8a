// Creators' public entry for the browser and the server.
export { CreatorAvatar } from "./components/creator-avatar";
export { CreatorNotFound } from "./components/creator-not-found";
export { CreatorPage } from "./components/creator-page";
