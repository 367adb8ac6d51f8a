import { describe, expect, it } from "vitest";
import { goPremiumUrl, mainSiteUrl } from "~/features/premium/go-premium";

const none = { CONSCIOUS_SITE_URL: undefined, CONSCIOUS_HOSTS: [] as string[] };

describe("Go Premium link (docs/product.md §2.5)", () => {
  it("switches brand on the same server on local hosts", () => {
    expect(goPremiumUrl(none, "localhost:3000")).toBe("/?mode=sfw&source=header_premium_button&cta=premium");
    expect(goPremiumUrl({ ...none, CONSCIOUS_HOSTS: ["calm.example"] }, "127.0.0.1:3000")).toBe(
      "/?mode=sfw&source=header_premium_button&cta=premium",
    );
  });

  it("leads to CONSCIOUS_SITE_URL's landing, with or without a trailing slash", () => {
    expect(goPremiumUrl({ ...none, CONSCIOUS_SITE_URL: "https://calm.example" }, "clips.example")).toBe(
      "https://calm.example/?source=header_premium_button&cta=premium",
    );
    expect(goPremiumUrl({ CONSCIOUS_SITE_URL: "https://calm.example/", CONSCIOUS_HOSTS: ["other.example"] }, "clips.example")).toBe(
      "https://calm.example/?source=header_premium_button&cta=premium",
    );
  });

  it("hands a signed-in member's session over to CONSCIOUS_SITE_URL's host first (ADR 122)", () => {
    expect(goPremiumUrl({ ...none, CONSCIOUS_SITE_URL: "https://calm.example/" }, "clips.example", true)).toBe(
      "https://calm.example/api/auth/handoff/begin?next=%2F%3Fsource%3Dheader_premium_button%26cta%3Dpremium",
    );
    // Not on local hosts (one host, one cookie) nor without a site of its own to go to.
    expect(goPremiumUrl({ ...none, CONSCIOUS_SITE_URL: "https://calm.example" }, "localhost:3000", true)).toBe(
      "/?mode=sfw&source=header_premium_button&cta=premium",
    );
    expect(goPremiumUrl({ ...none, CONSCIOUS_HOSTS: ["calm.example"] }, "clips.example", true)).toBe(
      "https://calm.example/?source=header_premium_button&cta=premium",
    );
  });

  it("falls back to the first CONSCIOUS_HOSTS entry over HTTPS", () => {
    expect(goPremiumUrl({ ...none, CONSCIOUS_HOSTS: ["calm.example", "calm.test"] }, "clips.example")).toBe(
      "https://calm.example/?source=header_premium_button&cta=premium",
    );
  });

  it("goes to this site's activation page on a public host with no Conscious Mode site configured", () => {
    // A public host ignores ?mode=sfw: that link would land on the adult home.
    expect(goPremiumUrl(none, "clips.example")).toBe("/ativar");
    expect(goPremiumUrl(none, null)).toBe("/ativar");
  });
});

describe("Back to the main site (premium success)", () => {
  it("is the root on the adult site, ?mode=adult on local hosts, MAIN_SITE_URL on a Conscious Mode host", () => {
    expect(mainSiteUrl({ MAIN_SITE_URL: "https://clips.example" }, "clips.example", "adult")).toBe("/");
    expect(mainSiteUrl({ MAIN_SITE_URL: undefined }, "localhost:3000", "conscious")).toBe("/?mode=adult");
    expect(mainSiteUrl({ MAIN_SITE_URL: "https://clips.example/" }, "calm.example", "conscious")).toBe("https://clips.example/");
    expect(mainSiteUrl({ MAIN_SITE_URL: undefined }, "calm.example", "conscious")).toBe("/");
  });
});
