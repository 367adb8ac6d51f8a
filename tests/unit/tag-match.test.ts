import { describe, expect, it } from "vitest";
import {
  canonicalTagSlug,
  parseTagSort,
  tagMatches,
  tagPath,
  tagTermForms,
  tagTitleFromSlug,
  tagValueMatches,
} from "~/features/tags/tag-match";

describe("tag matching (docs/product.md §13.5)", () => {
  it("matches a tag that equals the term", () => {
    expect(tagValueMatches("blonde", "blonde")).toBe(true);
    expect(tagValueMatches("blonde", "brunette")).toBe(false);
  });

  it("matches a tag that contains the term, or is contained by it", () => {
    expect(tagValueMatches("slow-motion", "slow")).toBe(true);
    expect(tagValueMatches("solo", "solo-dance")).toBe(true);
    expect(tagValueMatches("outdoor", "door")).toBe(true);
    expect(tagValueMatches("outdoor", "indoor")).toBe(false);
  });

  it("compares the term with hyphens as spaces and spaces as hyphens", () => {
    expect(tagValueMatches("slow motion", "slow-motion")).toBe(true);
    expect(tagValueMatches("slow-motion", "slow motion")).toBe(true);
    expect(tagValueMatches("close-up", "close   up")).toBe(true);
    expect(tagValueMatches("role-play", "role play fun")).toBe(true);
    expect(tagValueMatches("role-play", "role games")).toBe(false);
    expect(tagValueMatches("role play", "role-play-fun")).toBe(true);
  });

  it("ignores case and surrounding spaces on both sides", () => {
    expect(tagValueMatches("POV", "pov")).toBe(true);
    expect(tagValueMatches("  latex ", "  LaTeX  ")).toBe(true);
    expect(tagValueMatches("Cámara Lenta", "cámara-lenta")).toBe(true);
  });

  it("matches nothing for terms shorter than 2 characters and never matches empty tag values", () => {
    for (const term of ["", " ", "a", "  b  ", "-"]) {
      expect(tagTermForms(term)).toEqual([]);
      expect(tagValueMatches("amateur", term)).toBe(false);
    }
    expect(tagValueMatches("", "blonde")).toBe(false);
    expect(tagValueMatches("   ", "blonde")).toBe(false);
    expect(tagValueMatches("ab", "ab")).toBe(true);
    expect(tagTermForms("x".repeat(101))).toEqual([]);
  });

  it("matches a tag when any of its values does", () => {
    expect(tagMatches(["slow-motion", "slow motion", "cámara lenta"], "camara")).toBe(false);
    expect(tagMatches(["slow-motion", "slow motion", "cámara lenta"], "cámara")).toBe(true);
    expect(tagMatches(["couple", "couple", "pareja"], "pareja")).toBe(true);
    expect(tagMatches(["couple", "couple", "pareja"], "solo")).toBe(false);
  });

  it("lists each distinct form of a term once", () => {
    expect(tagTermForms(" Slow-Motion ")).toEqual(["slow-motion", "slow motion"]);
    expect(tagTermForms("blonde")).toEqual(["blonde"]);
    expect(tagTermForms("a-b c")).toEqual(["a-b c", "a b c", "a-b-c"]);
  });
});

describe("tag page helpers", () => {
  it("titles the page from the URL slug: hyphens to spaces, title case", () => {
    expect(tagTitleFromSlug("slow-motion")).toBe("Slow Motion");
    expect(tagTitleFromSlug("pov")).toBe("Pov");
    expect(tagTitleFromSlug("close--up-")).toBe("Close Up");
    expect(tagTitleFromSlug("cámara-lenta")).toBe("Cámara Lenta");
    expect(tagTitleFromSlug("SLOW motion")).toBe("Slow Motion");
  });

  it("titles from the display name when there is one, keeping the words it writes in capitals", () => {
    expect(tagTitleFromSlug("bdsm", "BDSM")).toBe("BDSM");
    expect(tagTitleFromSlug("pov", "POV")).toBe("POV");
    expect(tagTitleFromSlug("slow-motion", "slow motion")).toBe("Slow Motion");
    expect(tagTitleFromSlug("role-play", "juego de rol")).toBe("Juego De Rol");
    expect(tagTitleFromSlug("unknown-tag", null)).toBe("Unknown Tag");
  });

  it("reads the sort and builds addresses without the defaults", () => {
    expect(parseTagSort(null)).toBe("popular");
    expect(parseTagSort("recent")).toBe("recent");
    expect(parseTagSort("flames; drop table")).toBe("popular");
    expect(tagPath("blonde")).toBe("/tag/blonde");
    expect(tagPath("blonde", "popular", 1)).toBe("/tag/blonde");
    expect(tagPath("blonde", "recent")).toBe("/tag/blonde?sort=recent");
    expect(tagPath("blonde", "recent", 3)).toBe("/tag/blonde?sort=recent&page=3");
    expect(tagPath("blonde", "popular", 2)).toBe("/tag/blonde?page=2");
    expect(tagPath("cámara-lenta")).toBe("/tag/c%C3%A1mara-lenta");
    expect(canonicalTagSlug(" Slow  Motion ")).toBe("slow-motion");
  });
});
