// Conscious Mode's entries for views loaded after the first load (lazyView, ADR 128), one file per moment they load
// so that loading one brings no other: the session timer on every page of the adult site (this file), the landing
// page (index.lazy-landing.ts) and the goal nudge (index.lazy-nudge.ts) on the home page, each for few visitors.
export { SessionTimer } from "./components/session-timer";
