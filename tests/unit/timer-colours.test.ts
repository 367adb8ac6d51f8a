import { describe, expect, it } from "vitest";
import { categoryClock, formatElapsed, ON_SCREEN_CATEGORY_ATTRIBUTE, onScreenCategory, timerColour } from "~/features/conscious/timer";

describe("usage timer colour (docs/product.md §11.3)", () => {
  it.each([
    [0, "green"],
    [299, "green"],
    [300, "amber"],
    [899, "amber"],
    [900, "orange"],
    [1799, "orange"],
    [1800, "red"],
    [86_400, "red"],
  ] as const)("%i s is %s", (seconds, colour) => {
    expect(timerColour(seconds)).toBe(colour);
  });

  it("reads as mm:ss, with hours from an hour on", () => {
    expect(formatElapsed(0)).toBe("00:00");
    expect(formatElapsed(59)).toBe("00:59");
    expect(formatElapsed(61)).toBe("01:01");
    expect(formatElapsed(3599)).toBe("59:59");
    expect(formatElapsed(3661)).toBe("1:01:01");
  });
});

describe("time per category within a timer session", () => {
  const start = 1_000_000;
  it("credits each category the time it was on screen, in whole seconds", () => {
    const clock = categoryClock(start);
    clock.show("swing", start);
    clock.show("swing", start + 1_000);
    clock.show("bdsm", start + 2_500);
    clock.show(null, start + 4_000); // the page was hidden
    clock.show("bdsm", start + 9_000);
    expect(clock.take(start + 10_700)).toEqual({ swing: 2, bdsm: 3 });
  });
  it("never reports more than the session's whole seconds, and starts again after a save", () => {
    const clock = categoryClock(start);
    clock.show("feet", start + 400);
    clock.show("woman", start + 1_400);
    const seconds = Math.floor(2_300 / 1000);
    const taken = clock.take(start + 2_300);
    expect(Object.values(taken).reduce((n, s) => n + s, 0)).toBeLessThanOrEqual(seconds);
    expect(taken).toEqual({ feet: 1 });
    // The clip on screen stays on screen after the save.
    expect(clock.take(start + 4_300)).toEqual({ woman: 2 });
  });
  it("counts nothing before any clip is seen", () => {
    expect(categoryClock(start).take(start + 5_000)).toEqual({});
  });
});

describe("the category on screen", () => {
  const page = (visibilityState: string, slug: string | null) =>
    ({
      visibilityState,
      querySelector: (selector: string) => (selector === `[${ON_SCREEN_CATEGORY_ATTRIBUTE}]` && slug ? { getAttribute: () => slug } : null),
    }) as unknown as Document;
  it("reads the feed's marker while the page is visible", () => {
    expect(onScreenCategory(page("visible", "hotwife"))).toBe("hotwife");
    expect(onScreenCategory(page("hidden", "hotwife"))).toBeNull();
    expect(onScreenCategory(page("visible", null))).toBeNull();
  });
});
