import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "~/lib/http/redirect";
import { scrub } from "~/lib/logger.server";
import { clipSlug, slugify } from "~/lib/slug";

describe("slugs (docs/product.md §13.2)", () => {
  it("lower-cases, turns spaces and underscores into hyphens, strips the rest", () => {
    expect(slugify("Iris Montaño")).toBe("iris-montano");
    expect(slugify("  Role_play  & More!! ")).toBe("role-play-more");
    expect(slugify("--a---b--")).toBe("a-b");
  });

  it("builds clip slugs from the title cut to 50 characters, the category and the short id", () => {
    const title = "A".repeat(60);
    expect(clipSlug(title, "feet", "0b1c2d3e-aaaa-4bbb-8ccc-dddddddddddd")).toBe(`${"a".repeat(50)}-feet-0b1c2d3e`);
  });
});

describe("safe redirects", () => {
  it("follows same-site paths only", () => {
    expect(safeRedirectPath("/tag/x?page=2#top")).toBe("/tag/x?page=2#top");
    for (const bad of ["//evil.example", "/\\evil.example", "https://evil.example", "javascript:alert(1)", "", null, 42]) {
      expect(safeRedirectPath(bad)).toBe("/");
    }
  });
});

describe("log scrubbing", () => {
  it("removes e-mail addresses and tokens from free text", () => {
    expect(scrub("sent to someone@example.com via /verify?token=abc123&x=1")).toBe("sent to [email] via /verify?token=[redacted]&x=1");
  });
});
