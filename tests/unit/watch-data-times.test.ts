import { describe, expect, it } from "vitest";
import { isoTimestamp } from "~/features/signals/signals-export.server";

// The watch data's times in an export: PostgreSQL's text of a timestamptz or a Date, as ISO 8601 in UTC.

describe("isoTimestamp", () => {
  it("writes PostgreSQL's text of a timestamptz as ISO 8601 in UTC, whatever its zone and fraction", () => {
    expect(isoTimestamp("2026-12-01 11:06:29.308+00")).toBe("2026-12-01T11:06:29.308Z");
    expect(isoTimestamp("2026-12-01 11:06:29.308123+00")).toBe("2026-12-01T11:06:29.308Z");
    expect(isoTimestamp("2026-12-01 11:06:29+00")).toBe("2026-12-01T11:06:29.000Z");
    expect(isoTimestamp("2026-12-01 12:36:29.5+05:30")).toBe("2026-12-01T07:06:29.500Z");
    expect(isoTimestamp("2026-12-01 03:06:29-08")).toBe("2026-12-01T11:06:29.000Z");
  });

  it("writes a Date as ISO 8601, and leaves what is no timestamp as it is", () => {
    expect(isoTimestamp(new Date(Date.UTC(2026, 11, 1, 11, 6, 29, 308)))).toBe("2026-12-01T11:06:29.308Z");
    expect(isoTimestamp(null)).toBeNull();
    expect(isoTimestamp("yesterday")).toBe("yesterday");
    expect(isoTimestamp(42)).toBe(42);
  });
});
