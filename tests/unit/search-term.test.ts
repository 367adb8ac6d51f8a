import { describe, expect, it } from "vitest";
import { escapeLike, likeTerm, parseSearchTerm, sanitizeSearchTerm } from "~/features/search/search-term";

describe("search term sanitising (docs/product.md §13.1)", () => {
  it("removes < > \" ', collapses whitespace and trims", () => {
    expect(sanitizeSearchTerm(`  <script>"neon" 'glow'</script>  `)).toBe("scriptneon glow/script");
    expect(sanitizeSearchTerm("neon \t\n  glow")).toBe("neon glow");
  });

  it("caps the term at 255 characters without splitting a character or leaving a trailing space", () => {
    expect(sanitizeSearchTerm("a".repeat(300))).toHaveLength(255);
    expect(Array.from(sanitizeSearchTerm("🔥".repeat(300)))).toHaveLength(255);
    expect(sanitizeSearchTerm(`${"a".repeat(254)} b`)).toBe("a".repeat(254));
  });

  it("tells an empty search from a too-short one", () => {
    expect(parseSearchTerm(null)).toEqual({ kind: "empty" });
    expect(parseSearchTerm("   ")).toEqual({ kind: "empty" });
    expect(parseSearchTerm("a")).toEqual({ kind: "tooShort", term: "a" });
    expect(parseSearchTerm(` "a' `)).toEqual({ kind: "tooShort", term: "a" });
    expect(parseSearchTerm("<>")).toEqual({ kind: "tooShort", term: "" });
    expect(parseSearchTerm(" ab ")).toEqual({ kind: "ok", term: "ab" });
    expect(parseSearchTerm("🔥🔥")).toEqual({ kind: "ok", term: "🔥🔥" });
  });
});

describe("LIKE escaping", () => {
  it("escapes the wildcards and the escape character itself", () => {
    expect(escapeLike("100%")).toBe("100\\%");
    expect(escapeLike("a_b")).toBe("a\\_b");
    expect(escapeLike("back\\slash")).toBe("back\\\\slash");
    expect(escapeLike("plain words")).toBe("plain words");
  });

  it("lower-cases before escaping", () => {
    expect(likeTerm("Neon_GLOW%")).toBe("neon\\_glow\\%");
  });
});
