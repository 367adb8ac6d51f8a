import { describe, expect, it } from "vitest";
import { checkUsername } from "~/features/accounts/username";

describe("username rules", () => {
  it("takes names of 3 to 30 letters, digits, spaces, dots, dashes and underscores, in any script", () => {
    for (const name of ["abc", "Night Owl", "night_owl-7.x", "Ñandú", "夜のフクロウ", "x".repeat(30), ""])
      expect(checkUsername(name), name).toBeNull();
  });

  it("refuses short, long and marked-up names", () => {
    expect(checkUsername("ab")).toBe("short");
    expect(checkUsername("x".repeat(31))).toBe("long");
    for (const name of ["<b>hi</b>", "a@b.com", "tab\there", "zero\u200bwidth", "line\nbreak"])
      expect(checkUsername(name), name).toBe("chars");
  });
});
