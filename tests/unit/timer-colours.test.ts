import { describe, expect, it } from "vitest";
import { formatElapsed, timerColour } from "~/features/conscious/timer";

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
