import { read } from "./network-conditions";

// When the CC button's code loads (ADR 205). The button itself shows from the first paint (the server renders it in
// place); its code, about 1 KB, waits for the visitor's first press, key or wheel turn on the page, unless captions were turned
// on before, so a first visit whose lead clip has captions costs no more script than one whose lead has none. This
// module travels with the player's extras, loaded after hydration on every page with a player (browser only).

/** Where the visitor's captions choice is kept in this browser: a language, or `off`. */
export const CAPTIONS_CHOICE_KEY = "player-captions";

/**
 * The last click on the page. React drops a click on HTML it has not hydrated yet, such as the server's CC button
 * whose code is on its way; the button, once hydrated, acts on it when the element clicked is its own.
 */
export const earlyClick: { target?: EventTarget | null } = {};

let wanted: Promise<unknown> | undefined;

/** Resolves when the CC button's code should load: at once when a language was chosen before, else at the visitor's first press, key or wheel turn. */
export function captionsWanted(): Promise<unknown> {
  return (wanted ??= new Promise((go) => {
    // A press, a key or a wheel turn: the visitor may be moving to a clip whose button has no server HTML to show.
    for (const type of ["pointerdown", "keydown", "wheel", "click"])
      addEventListener(type, (event) => go(type === "click" && (earlyClick.target = event.target)), true);
    if ((read(() => localStorage, CAPTIONS_CHOICE_KEY) ?? "off") !== "off") go(0);
  }));
}
