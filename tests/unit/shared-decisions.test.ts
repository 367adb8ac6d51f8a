import { describe, expect, it } from "vitest";
import { mediaAllowedFor } from "~/lib/context";
import { secureCookies } from "~/lib/cookies";
import { localName, localText } from "~/lib/i18n/languages";

describe("decisions made in one place", () => {
  it("marks cookies Secure only for an https origin", () => {
    expect(secureCookies("https://spicy.example")).toBe(true);
    expect(secureCookies("http://localhost:3000")).toBe(false);
  });

  it("allows media after the age gate, or for everyone when the gate is off", () => {
    expect(mediaAllowedFor({ ageVerified: true, ageGateEnabled: true })).toBe(true);
    expect(mediaAllowedFor({ ageVerified: false, ageGateEnabled: true })).toBe(false);
    expect(mediaAllowedFor({ ageVerified: false, ageGateEnabled: false })).toBe(true);
  });

  it("names things in the visitor's language and falls back to the original text", () => {
    const category = { nameEn: "Feet", nameEs: "Pies" };
    expect(localName("es", category)).toBe("Pies");
    expect(localName("en", category)).toBe("Feet");
    expect(localText("es", "About", "Acerca")).toBe("Acerca");
    expect(localText("es", "About", null)).toBe("About");
    expect(localText("en", "About", "Acerca")).toBe("About");
  });
});
