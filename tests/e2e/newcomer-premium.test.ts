import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hydrated, launchBrowser, newPage } from "./support";

// Go Premium is no one-way trip (docs/product.md §11.2): the companion landing it leads to shows the way back to
// the clips, and that way back works, on a phone and a desktop, in both languages.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const WORDS = {
  en: { goPremium: "Go Premium", back: "Back to the main site" },
  es: { goPremium: "Hazte Premium", back: "Volver al sitio principal" },
} as const;

describe.each([
  { name: "phone", viewport: { width: 390, height: 844 }, touch: true },
  { name: "desktop", viewport: { width: 1440, height: 900 }, touch: false },
] as const)("Go Premium on a $name", ({ viewport, touch }) => {
  it.each(["en", "es"] as const)("leads to the companion landing, which leads back to the clips (%s)", async (language) => {
    const page = await newPage(browser, { viewport, touch, locale: language === "es" ? "es-ES" : "en-US" });
    await page.goto(`/?lang=${language}`);
    await hydrated(page);
    await page.locator("header").getByRole("link", { name: WORDS[language].goPremium }).click();
    await page.waitForURL(/cta=premium/);
    await hydrated(page);
    expect(await page.locator("html").getAttribute("data-brand")).toBe("conscious");
    const back = page.getByRole("link", { name: WORDS[language].back });
    expect(await back.isVisible()).toBe(true);
    const box = (await back.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
    await back.click();
    await page.waitForLoadState();
    await hydrated(page);
    expect(await page.locator("html").getAttribute("data-brand")).toBe("adult");
    await page.locator("[data-video-box] video").first().waitFor({ state: "attached" });
    await page.context().close();
  });
});
