import { describe, expect, it } from "vitest";
import { totpCode } from "../support/totp";

// RFC 6238 Appendix B: the SHA-1 key "12345678901234567890" (base32 below), 8-digit values cut to the last six.
const RFC_SECRET = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ";

describe("the tests' own TOTP", () => {
  it("gives RFC 6238's test values", () => {
    expect(totpCode(RFC_SECRET, 59_000)).toBe("287082");
    expect(totpCode(RFC_SECRET, 1_111_111_109_000)).toBe("081804");
    expect(totpCode(RFC_SECRET, 1_234_567_890_000)).toBe("005924");
    expect(totpCode(RFC_SECRET, 2_000_000_000_000)).toBe("279037");
  });
});
