import { useEffect, useState } from "react";
import { lazyView } from "~/lib/lazy-view";
import type { VideoRendition } from "../../clip-card.server";

// A clip's rendition is chosen once, when its video mounts, and kept until it unmounts: the player
// switches between clips, never in the middle of one (ADR 155).

type Extras = typeof import("./player-extras");
/** Loaded once the page has hydrated; until then (and on the server) clips start on the server's sources. */
let extras: Extras | null = null;
let loading: Promise<Extras> | null = null;
export const loadExtras = () => (loading ??= import("./player-extras").then((loaded) => (extras = loaded)));

/**
 * The player's settings (Data saver): the server renders them in place, so the button works as a native popover
 * before the script arrives; the browser loads them with the rest of the player's extras.
 */
export const PlayerSettings = lazyView(() => loadExtras().then((m) => m.SettingsPanel));

/** The rendition chosen in the browser for a clip mounted after the extras arrived, else null (the server's sources). */
export function useRendition(renditions: readonly VideoRendition[]): VideoRendition | null {
  // The server loads the extras too (it renders the settings in place) but knows nothing of the screen.
  const [rendition] = useState(() => (typeof window === "undefined" ? null : (extras?.pickRendition(renditions) ?? null)));
  useEffect(() => void loadExtras(), []);
  return rendition;
}
