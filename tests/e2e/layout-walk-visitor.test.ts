import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { catalogue, walk } from "./layout-walk";
import { site } from "./sign-in";
import { launchBrowser, newPage } from "./support";

// The layout walk (tests/e2e/layout-walk.ts) of every page a visitor who is not signed in reaches.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe("the layout of every page", () => {
  it("holds for a visitor, at four sizes and in both languages", { timeout: 900_000 }, async () => {
    const base = site();
    const { video, tag, creator } = await catalogue(base);
    const page = await newPage(browser);
    await page.context().addCookies([{ name: "age_verified", value: "true", url: base }]);
    const paths = [
      "/",
      video,
      tag,
      creator,
      "/search?q=neon",
      "/search?q=zzzzqqq",
      "/submit",
      "/report",
      "/claim-this-content",
      "/promote-content",
      "/contato",
      "/sobre",
      "/termos-de-uso",
      "/politica-de-privacidade",
      "/ativar",
      "/auth/sign-in",
      "/?mode=sfw&source=header_premium_button&cta=premium",
      "/insights",
      "/?mode=adult",
    ];
    const problems = await walk(page, base, paths, "visitor", {
      "/": "home",
      [video]: "clip",
      "/?mode=sfw&source=header_premium_button&cta=premium": "conscious-landing",
    });
    await page.context().close();
    expect(problems).toEqual([]);
  });
});
