import { describe, expect, it } from "vitest";
import { avatarColour, initialsOf } from "~/features/creators/avatar";
import { externalUrl } from "~/features/creators/creators.server";

describe("initials avatar", () => {
  it("takes the first letters of the first and last names", () => {
    expect(initialsOf("Iris Montaño")).toBe("IM");
    expect(initialsOf("  vega  ")).toBe("V");
    expect(initialsOf("Ana María de la Cruz")).toBe("AC");
    expect(initialsOf("élan vital")).toBe("ÉV");
    expect(initialsOf("   ")).toBe("?");
  });

  it("derives a stable, slug-specific background colour", () => {
    expect(avatarColour("iris-montano")).toBe(avatarColour("iris-montano"));
    expect(avatarColour("iris-montano")).not.toBe(avatarColour("nova-reyes"));
    expect(avatarColour("x")).toMatch(/^hsl\(\d{1,3} 45% 30%\)$/);
  });
});

describe("creator links", () => {
  it("keeps web links only", () => {
    expect(externalUrl("https://x.com/someone")).toBe("https://x.com/someone");
    expect(externalUrl("http://example.com")).toBe("http://example.com/");
    expect(externalUrl("javascript:alert(1)")).toBeNull();
    expect(externalUrl("not a url")).toBeNull();
    expect(externalUrl(null)).toBeNull();
  });
});
