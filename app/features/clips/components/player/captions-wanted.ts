import { read } from "./network-conditions";

// When the CC button's code loads (ADR 205). The button itself shows from the first paint (the server renders it in
// place); its code, about 1 KB, waits for the visitor's first press, key or wheel turn on the page, unless captions were turned
// on before, so a first visit whose lead clip has captions costs no more script than one whose lead has none. This
// module travels with the player's extras, loaded after hydration on every page with a player (browser only).

/** Where the visitor's captions choice is kept in this browser: a language, or `off`. */
export const CAPTIONS_CHOICE_KEY = "player-captions";

/**
 * The last click on the page. React drops a click on HTML it has not hydrated yet, such as the server's CC button
 * whose code is on its way; the button, once hydrated, acts on it when the element clicked is its own. But a click
 * that arrives once the code is in and before React has hydrated the button is hydrated at once and handed to the
 * button too: `event` lets the button act on one click once, whichever of the two reaches it first.
 *
 * `clip` is the clip whose CC button was clicked (its host's `data-clip-id`, "" without one; null for a click elsewhere),
 * read when the click happened: React may render the button anew rather than hydrate the server's (the feed's stage
 * changes meanwhile), and the element clicked is then no longer the button's.
 */
export const earlyClick: { target?: EventTarget | null; event?: Event | null; clip?: string | null } = {};

/** The attribute marking a CC button, server-rendered or not. */
export const CAPTIONS_BUTTON_ATTRIBUTE = "data-captions-button";

/** The clip of the host an element is in (its `data-clip-id`: the feed's stage, the video page's figure), "" without one. */
const hostClipOf = (element: Element): string => element.closest<HTMLElement>("[data-clip-id]")?.dataset.clipId ?? "";

/** The clip whose CC button `target` is in, or null when it is in none. */
export function captionsClipOf(target: EventTarget | null): string | null {
  const button = target instanceof Element ? target.closest(`[${CAPTIONS_BUTTON_ATTRIBUTE}]`) : null;
  return button ? hostClipOf(button) : null;
}

/**
 * Whether the early click (its `target`, and `clip` as captionsClipOf read it) is this button's: a click on it, or on
 * the CC button of the same clip that this one replaced.
 */
export function isOwnEarlyClick(button: Element | null, target: EventTarget, clip: string | null): boolean {
  if (!button) return false;
  if (typeof Node !== "undefined" && target instanceof Node && button.contains(target)) return true;
  return clip !== null && clip === hostClipOf(button);
}

/**
 * For the button's first render: whether the early click was on it (`isOwn` of its target, or of the clip whose CC
 * button it was on) and not yet acted on. It is taken, so the same click handed to the button's handler afterwards is
 * not acted on again.
 */
export function takeEarlyClick(isOwn: (target: EventTarget, clip: string | null) => boolean): boolean {
  const { target } = earlyClick;
  if (!target || !isOwn(target, earlyClick.clip ?? null)) return false;
  earlyClick.target = null;
  return true;
}

/**
 * For the button's click handler: whether this click is still to be acted on — false for the early click the first
 * render already acted on. A click acted on here is taken from the first render.
 */
export function clickToActOn(event: Event): boolean {
  if (event === earlyClick.event && earlyClick.target == null) return false;
  if (event === earlyClick.event) earlyClick.target = null;
  return true;
}

let wanted: Promise<unknown> | undefined;

/** Resolves when the CC button's code should load: at once when a language was chosen before, else at the visitor's first press, key or wheel turn. */
export function captionsWanted(): Promise<unknown> {
  return (wanted ??= new Promise((go) => {
    // A press, a key or a wheel turn: the visitor may be moving to a clip whose button has no server HTML to show.
    for (const type of ["pointerdown", "keydown", "wheel", "click"])
      addEventListener(
        type,
        (event) => go(type === "click" && Object.assign(earlyClick, { target: event.target, event, clip: captionsClipOf(event.target) })),
        true,
      );
    if ((read(() => localStorage, CAPTIONS_CHOICE_KEY) ?? "off") !== "off") go(0);
  }));
}
