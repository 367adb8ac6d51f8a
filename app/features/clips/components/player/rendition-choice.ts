import type { VideoRendition } from "../../clip-card.server";

// Which encoding of a clip to play (docs/decisions/155-renditions-and-progressive-mp4.md). Pure, so the
// rule is tested on its own and reads the same in the browser and on the server.

export interface PlaybackConditions {
  /** The box the video fills, in CSS pixels. */
  boxWidth: number;
  boxHeight: number;
  devicePixelRatio: number;
  /** Data saver (the player's switch, or the browser's Save-Data): the smallest rung, always. */
  saveData: boolean;
  /** Measured on earlier clips, else the browser's estimate (navigator.connection.downlink); null: unknown. */
  throughputKbps: number | null;
}

/** Screens denser than this gain little from more pixels on a clip this size; phones stop here. */
export const MAX_DENSITY = 2;
/** A rung may be stretched this much before it looks soft. */
export const UPSCALE_TOLERANCE = 1.25;
/**
 * On mobile data a phone's screen counts at most this many pixels per point: a 390-point-wide phone plays the 540p
 * rung rather than 720p, as short-video apps serve their phones (ADR 206).
 */
export const MOBILE_DATA_DENSITY = 1.5;
/** Share of the throughput a clip may use: the rest covers the neighbours' first bytes and variation. */
const THROUGHPUT_SHARE = 0.6;
/** Renditions from smallest to largest picture. */
const ascending = (renditions: readonly VideoRendition[]) => [...renditions].sort((a, b) => a.width * a.height - b.width * b.height);

/**
 * The smallest rung sharp enough for the box, then lowered until it fits the throughput budget. Data saver
 * means the smallest. Null when the clip has no renditions yet. "Sharp enough" is judged on the clip's own
 * shape fitted into the box: where a taller screen crops the clip's sides, those pixels add no detail.
 */
export function chooseRendition(renditions: readonly VideoRendition[], conditions: PlaybackConditions): VideoRendition | null {
  const rungs = ascending(renditions);
  if (rungs.length === 0) return null;
  if (conditions.saveData) return rungs[0]!;
  const density = Math.min(Math.max(conditions.devicePixelRatio, 1), MAX_DENSITY);
  const sharpEnough = (r: VideoRendition) => {
    // The scale at which the rung fits the box; it must not be stretched past the tolerance.
    const scale = Math.min((conditions.boxWidth * density) / r.width, (conditions.boxHeight * density) / r.height);
    return scale <= UPSCALE_TOLERANCE;
  };
  const bySize = rungs.find(sharpEnough) ?? rungs.at(-1)!;
  if (conditions.throughputKbps === null) return bySize;
  const budget = conditions.throughputKbps * THROUGHPUT_SHARE;
  const affordable = rungs.filter((r) => r.kbps <= budget && rungs.indexOf(r) <= rungs.indexOf(bySize));
  return affordable.at(-1) ?? rungs[0]!;
}
