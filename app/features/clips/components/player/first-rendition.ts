import type { VideoRendition } from "../../clip-card.server";
import { MAX_DENSITY, UPSCALE_TOLERANCE } from "./rendition-choice";

/** Before anything is known about the network (the server's render), a clip starts on this rung or below. */
export const FIRST_CLIP_SHORT_SIDE = 360;

/** Pixel ratios the server's media queries tell apart, up to MAX_DENSITY (denser screens count as MAX_DENSITY). */
const DENSITIES = [1, 1.5, MAX_DENSITY];

/**
 * The media query under which a rung is sharp enough for the feed's box (a 9:16 column as tall as the screen) — the
 * rule of `chooseRendition` without the network, for the browser to apply before any script runs: the box's width
 * times the pixel ratio is at most the tolerance times the rung's width, or its height the rung's height.
 */
export function sharpEnoughMedia(rendition: { width: number; height: number }): string {
  const width = UPSCALE_TOLERANCE * rendition.width;
  const height = Math.max((UPSCALE_TOLERANCE * rendition.width * 16) / 9, UPSCALE_TOLERANCE * rendition.height);
  return DENSITIES.flatMap((density) => {
    // The densest band takes every screen above the one before it.
    const band = density === MAX_DENSITY ? "" : `(max-resolution: ${density}dppx) and `;
    return [`${band}(max-width: ${Math.floor(width / density)}px)`, `${band}(max-height: ${Math.floor(height / density)}px)`];
  }).join(", ");
}

/**
 * The ladder, smallest first, with the rungs the server renders as the video's sources marked `first` (ADR 155):
 * those of at most 360p (else the smallest), each with the media query under which the browser takes it, the largest
 * of them without one. The browser takes the first source that matches, so the screen's size and pixel ratio decide
 * before any script runs; the network is not known yet, so the first frame comes from a small file.
 */
export function withFirstRenditions(renditions: readonly VideoRendition[]): VideoRendition[] {
  const ascending = [...renditions].sort((a, b) => a.width * a.height - b.width * b.height);
  const low = ascending.filter((r) => Math.min(r.width, r.height) <= FIRST_CLIP_SHORT_SIDE).length || 1;
  return ascending.map((r, i) => {
    if (i >= low) return r;
    return i < low - 1 ? { ...r, first: true, media: sharpEnoughMedia(r) } : { ...r, first: true };
  });
}
