import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseURL, hydrated, launchBrowser, newPage, reactOwns } from "./support";

// Go Premium is no one-way trip (docs/product.md §11.2): the companion landing it leads to shows the way back to
// the clips, and that way back works, on a phone and a desktop, in both languages.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const WORDS = {
  en: { goPremium: "Go Premium", back: "Back to the main site", openOnMain: "Open it on the main site", about: "About us" },
  es: {
    goPremium: "Hazte Premium",
    back: "Volver al sitio principal",
    openOnMain: "Abrirla en el sitio principal",
    about: "Sobre nosotros",
  },
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
    // The landing is a lazy view: its server HTML is replaced in place once its code arrives (ADR 157), and a box
    // measured in between belongs to an element that is gone.
    await reactOwns(back);
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

// On one host Conscious Mode is a remembered switch (?mode=sfw): after Go Premium, a clip's address answers 404 and
// the logo leads to the landing. Neither may keep the visitor there.
describe.each([
  { name: "phone", viewport: { width: 390, height: 844 }, touch: true },
  { name: "desktop", viewport: { width: 1440, height: 900 }, touch: false },
] as const)("after Go Premium on a $name", ({ viewport, touch }) => {
  it.each(["en", "es"] as const)("a clip's address and the landing reached again both lead back to the clips (%s)", async (language) => {
    const page = await newPage(browser, { viewport, touch, locale: language === "es" ? "es-ES" : "en-US" });
    const response = await fetch(`${baseURL()}/api/feed?offset=0`, { headers: { cookie: "age_verified=true" } });
    const { clips } = (await response.json()) as { clips: { slug: string; title: string }[] };
    const clip = clips[0]!;
    await page.goto(`/?lang=${language}`);
    await hydrated(page);
    await page.locator("header").getByRole("link", { name: WORDS[language].goPremium }).click();
    await page.waitForURL(/cta=premium/);

    // A clip's link, followed from elsewhere: the 404 offers the same clip on the main site.
    expect((await page.goto(`/video/${clip.slug}?lang=${language}`))?.status()).toBe(404);
    const open = page.getByRole("link", { name: WORDS[language].openOnMain });
    await open.waitFor();
    expect(await open.isVisible()).toBe(true);
    await open.click();
    await page.waitForURL(new RegExp(`/video/${clip.slug}\\?`));
    expect(await page.locator("html").getAttribute("data-brand")).toBe("adult");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(clip.title);

    // Switched again, a page of the companion site and then its logo: the landing still shows the way back.
    await page.goto(`/?mode=sfw&lang=${language}`);
    await page.goto(`/sobre?lang=${language}`);
    await hydrated(page);
    await page.locator('header a[href="/"]').first().click();
    await page.waitForURL((url) => url.pathname === "/");
    await hydrated(page);
    expect(await page.locator("html").getAttribute("data-brand")).toBe("conscious");
    const back = page.getByRole("link", { name: WORDS[language].back });
    await reactOwns(back);
    expect(await back.isVisible()).toBe(true);
    await back.click();
    await page.waitForURL(/mode=adult/);
    await hydrated(page);
    expect(await page.locator("html").getAttribute("data-brand")).toBe("adult");
    await page.context().close();
  });
});
