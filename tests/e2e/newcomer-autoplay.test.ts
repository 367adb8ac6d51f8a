import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hydrated, launchBrowser, newPage, SIZES } from "./support";

// The clip on screen plays by itself, muted, once the age gate is passed — the first clip and the first after
// every filter change; prefers-reduced-motion keeps it paused on its 0.1 s frame with Play shown (docs/product.md §5.4).

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const WORDS = {
  en: { confirm: "Confirm, I am 18 or older", play: "Play", pause: "Pause", categories: "Categories" },
  es: { confirm: "Confirmar, tengo 18 años o más", play: "Reproducir", pause: "Pausa", categories: "Categorías" },
} as const;

// The stage and the video on screen, in either language (feed-support names the region in English).
const feed = (page: Page) => page.locator("section.feed-stage");
const currentVideo = (page: Page) => page.locator("[data-video-box] > div > div:not([inert]) video");

/** The clip on screen is playing: not paused, muted, and its time moves past the poster frame. */
async function expectPlayingMuted(page: Page) {
  await expect
    .poll(() => currentVideo(page).evaluate((v: HTMLVideoElement) => !v.paused && v.muted && v.currentTime > 0.3), { timeout: 15_000 })
    .toBe(true);
}

describe.each(SIZES)("autoplay on a $name", (size) => {
  it.each(["en", "es"] as const)(
    "plays the first clip muted once the gate is passed, and again after a filter change (%s)",
    async (language) => {
      const page = await newPage(browser, {
        ageVerified: false,
        viewport: size.viewport,
        touch: size.touch,
        locale: language === "es" ? "es-ES" : "en-US",
      });
      await page.goto(`/?lang=${language}`);
      await page.getByRole("button", { name: WORDS[language].confirm }).click({ timeout: 10_000 });
      await hydrated(page);
      await expectPlayingMuted(page);
      expect(await feed(page).getByRole("button", { name: WORDS[language].pause }).isVisible()).toBe(true);

      // Another category: a new feed, whose first clip plays too.
      const category = page.getByRole("navigation", { name: WORDS[language].categories }).getByRole("link").nth(1);
      await category.click();
      await page.waitForURL(/category=/);
      await hydrated(page);
      await expect.poll(() => currentVideo(page).evaluate((v: HTMLVideoElement) => v.currentSrc), { timeout: 10_000 }).toBeTruthy();
      await expectPlayingMuted(page);

      // A tag as well (the tag filter lists the category's tags): again a new feed, again playing.
      const tag = await page
        .locator("#tag-filter option")
        .evaluateAll((options: HTMLOptionElement[]) => options.find((o) => o.value)!.value);
      await page.locator("#tag-filter").selectOption(tag);
      await page.waitForURL(/tag=/);
      await hydrated(page);
      await expectPlayingMuted(page);
      await page.context().close();
    },
    // Three feeds, each up to 15 s to play: beside a verification run's other groups (load 9–14) 60 s was too short.
    120_000,
  );

  it.each(["en", "es"] as const)("keeps the clip paused on its 0.1 s frame with Play shown for reduced motion (%s)", async (language) => {
    const page = await newPage(browser, {
      viewport: size.viewport,
      touch: size.touch,
      reducedMotion: "reduce",
      locale: language === "es" ? "es-ES" : "en-US",
    });
    await page.goto(`/?lang=${language}`);
    await hydrated(page);
    await page.waitForFunction(() => ((document.querySelector("[data-video-box] video") as HTMLVideoElement | null)?.readyState ?? 0) >= 1);
    await page.waitForTimeout(1500);
    const state = await currentVideo(page).evaluate((v: HTMLVideoElement) => ({ paused: v.paused, time: v.currentTime }));
    expect(state.paused).toBe(true);
    expect(state.time).toBeCloseTo(0.1, 1);
    expect(await feed(page).getByRole("button", { name: WORDS[language].play, exact: true }).isVisible()).toBe(true);
    await page.context().close();
  });
});

describe.each(SIZES)("the first visit's wait on a $name", (size) => {
  it.each(["en", "es"] as const)("looks like the site: its mark and name, nothing of the catalogue (%s)", async (language) => {
    const page = await newPage(browser, { ageVerified: false, viewport: size.viewport, locale: language === "es" ? "es-ES" : "en-US" });
    const media: string[] = [];
    page.on("request", (request) => request.url().includes("/media/") && media.push(request.url()));
    await page.goto(`/?lang=${language}`, { waitUntil: "commit" });
    // The loader lasts only until the gate's script is in: what it shows is read in one go, in the first frame that
    // draws it (read piece by piece, it could be gone between two readings).
    const drawn = await page.waitForFunction(() => {
      const loader = document.querySelector<HTMLElement>('[data-testid="gate-loader"]');
      const width = loader?.getBoundingClientRect().width ?? 0;
      if (!loader || width === 0) return null;
      const mark = loader.querySelector("svg")?.getBoundingClientRect();
      return { width, name: loader.innerText, mark: Boolean(mark && mark.width > 0 && mark.height > 0) };
    });
    const loader = (await drawn.jsonValue())!;
    expect(loader.name).toContain("Spicy Clips");
    expect(loader.mark).toBe(true);
    expect(loader.width).toBeGreaterThan(size.viewport.width * 0.9);
    // The question still comes after the loader, and nothing of the catalogue was asked for.
    await page.getByRole("button", { name: WORDS[language].confirm }).waitFor({ state: "visible", timeout: 10_000 });
    expect(media).toEqual([]);
    await page.context().close();
  });
});
