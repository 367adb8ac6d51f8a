import { describe, expect, it } from "vitest";
import { isPremium, type PremiumState } from "~/features/premium/premium.server";
import { isBetaCode } from "~/features/premium/promo";

const now = new Date("2026-11-22T12:00:00Z");
const state = (over: Partial<PremiumState>): PremiumState => ({
  isPremium: true,
  planType: "beta",
  premiumSource: "promo_code",
  premiumStartsAt: new Date("2026-11-01T00:00:00Z"),
  premiumExpiresAt: new Date("2026-12-01T00:00:00Z"),
  ...over,
});

describe("premium means flagged and unexpired (docs/product.md §2.5, ADR 019)", () => {
  it("is premium before the expiry", () => {
    expect(isPremium(state({}), now)).toBe(true);
    expect(isPremium(state({ premiumExpiresAt: new Date(now.getTime() + 1) }), now)).toBe(true);
  });

  it("is not premium at or after the expiry", () => {
    expect(isPremium(state({ premiumExpiresAt: now }), now)).toBe(false);
    expect(isPremium(state({ premiumExpiresAt: new Date("2026-11-01T00:00:00Z") }), now)).toBe(false);
  });

  it("is not premium without the flag, or without a profile", () => {
    expect(isPremium(state({ isPremium: false }), now)).toBe(false);
    expect(isPremium(null, now)).toBe(false);
  });

  it("treats a flagged profile without an expiry as premium", () => {
    expect(isPremium(state({ premiumExpiresAt: null }), now)).toBe(true);
  });
});

describe("beta code", () => {
  it("accepts userbeta in any case and trims spaces", () => {
    expect(isBetaCode("userbeta")).toBe(true);
    expect(isBetaCode("UserBeta")).toBe(true);
    expect(isBetaCode("  USERBETA ")).toBe(true);
    expect(isBetaCode("userbeta2")).toBe(false);
    expect(isBetaCode("")).toBe(false);
  });
});
