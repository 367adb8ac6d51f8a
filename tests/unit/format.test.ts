import { describe, expect, it } from "vitest";
import { formatLongDate, formatNumber } from "~/lib/i18n/format";

describe("Intl formatting", () => {
  it("formats long dates and numbers in each language", () => {
    expect(formatLongDate("2026-11-22T10:00:00Z", "en")).toBe("November 22, 2026");
    expect(formatLongDate("2026-11-22T10:00:00Z", "es")).toBe("22 de noviembre de 2026");
    expect(formatNumber(12800, "en")).toBe("12,800");
    expect(formatNumber(12800, "es")).toMatch(/^12[.\s\u00a0]?800$/);
  });
});
