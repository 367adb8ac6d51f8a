import { describe, expect, it } from "vitest";
import { drawnMoments } from "~/features/feed/rank.server";

const DAY = 24 * 3600_000;
const now = Date.parse("2026-11-29T12:00:00Z");

describe("a taste's drawn moments", () => {
  it("fall between the catalogue's oldest clip and now, never before the first clip", () => {
    const oldest = now - 200 * DAY;
    for (const edge of [0, 0.5, 0.999999]) {
      for (const moment of drawnMoments(now, oldest, () => edge)) {
        expect(Date.parse(moment)).toBeGreaterThanOrEqual(oldest);
        expect(Date.parse(moment)).toBeLessThanOrEqual(now);
      }
    }
    expect(new Set(drawnMoments(now, oldest)).size).toBe(6);
  });

  it("fall one in each sixth of the span, whatever the draws", () => {
    const oldest = now - 600 * DAY;
    for (const edge of [0, 0.5, 0.999999]) {
      const sixths = drawnMoments(now, oldest, () => edge).map((moment) => Math.floor((now - Date.parse(moment)) / (100 * DAY)));
      expect(sixths).toEqual([0, 1, 2, 3, 4, 5]);
    }
  });

  it("reach at most two years back in an older catalogue, and are now in an empty one", () => {
    const earliest = Math.min(...drawnMoments(now, now - 5000 * DAY, () => 0.999999).map(Date.parse));
    expect(earliest).toBeGreaterThan(now - 731 * DAY);
    expect(earliest).toBeLessThan(now - 729 * DAY);
    expect(drawnMoments(now, now).every((moment) => Date.parse(moment) === now)).toBe(true);
  });
});
