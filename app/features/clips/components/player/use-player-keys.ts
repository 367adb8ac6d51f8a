import { useEffect, useEffectEvent } from "react";

export interface PlayerKeys {
  togglePlay(): void;
  toggleMute(): void;
  /** Feed only: ↓ and → (the video page leaves the arrows to the page). */
  next?(): void;
  /** Feed only: ↑ and ←. */
  previous?(): void;
  /** Feed only: '?' opens the keyboard shortcuts. */
  help?(): void;
}

const TYPING = new Set(["INPUT", "SELECT", "TEXTAREA"]);
// Space on these already activates them.
const ACTIVATES_ON_SPACE = new Set(["BUTTON", "A", "SUMMARY"]);

/** The player's keys, on the whole page but never while typing or inside a dialog. */
export function usePlayerKeys(keys: PlayerKeys) {
  const onKey = useEffectEvent((event: KeyboardEvent) => {
    const target = event.target as HTMLElement;
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    if (TYPING.has(target.tagName) || target.isContentEditable || target.closest("dialog, [role=dialog], [popover]")) return;
    const key = event.key;
    if ((key === "ArrowDown" || key === "ArrowRight") && keys.next) keys.next();
    else if ((key === "ArrowUp" || key === "ArrowLeft") && keys.previous) keys.previous();
    else if (key === " " && !ACTIVATES_ON_SPACE.has(target.tagName)) keys.togglePlay();
    else if (key === "m" || key === "M") keys.toggleMute();
    else if (key === "?" && keys.help) keys.help();
    else return;
    event.preventDefault();
  });
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKey(event);
    window.addEventListener("keydown", listener);
    return () => window.removeEventListener("keydown", listener);
  }, []);
}
