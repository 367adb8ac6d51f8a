import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hydrated, launchBrowser, newPage } from "./support";

// The feed's filters on a phone and a desktop, in both languages: the tag filter and the period are in view or
// one press away (the row says it goes on), the tag chips speak the page's language, 'Todas las etiquetas' is not
// cut, and the share toast leaves the player's controls uncovered.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
const WORDS = {
  en: { tag: "Filter by tag", period: "Period", more: "More filters: tag and period", share: "Share", next: "Next" },
  es: { tag: "Filtrar por etiqueta", period: "Periodo", more: "Más filtros: etiqueta y periodo", share: "Compartir", next: "Siguiente" },
} as const;

/** `browserLocale`: the browser's own language, when it is not the page's (`?lang=` saves no preference). */
async function open(
  viewport: { width: number; height: number },
  language: "en" | "es",
  touch = false,
  browserLocale?: string,
): Promise<Page> {
  const page = await newPage(browser, { viewport, touch, locale: browserLocale ?? (language === "es" ? "es-ES" : "en-US") });
  await page.goto(`/?lang=${language}`);
  await hydrated(page);
  return page;
}

async function fullyInView(page: Page, selector: string, width: number): Promise<boolean> {
  const box = await page.locator(selector).first().boundingBox();
  return box !== null && box.x >= 0 && box.x + box.width <= width;
}

describe.each(["en", "es"] as const)("filters in %s", (language) => {
  it("on a phone, the tag filter and the period are one visible press away", async () => {
    const page = await open(PHONE, language, true);
    const tag = "#tag-filter";
    const period = `nav[aria-label="${WORDS[language].period}"]`;
    const inView = async () => (await fullyInView(page, tag, PHONE.width)) && (await fullyInView(page, period, PHONE.width));
    if (!(await inView())) {
      const more = page.getByRole("button", { name: WORDS[language].more });
      expect(await more.isVisible()).toBe(true);
      const box = (await more.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
      await more.click();
      // The row's end: the period whole and the tag filter on screen (in Spanish both do not fit a phone at once).
      const reached = async () => {
        const tagBox = await page.locator(tag).boundingBox();
        return (await fullyInView(page, period, PHONE.width)) && tagBox !== null && tagBox.x + tagBox.width > 40 && tagBox.x < PHONE.width;
      };
      await expect.poll(reached, { timeout: 5000 }).toBe(true);
      // Once at the end of the row, the button goes.
      await expect.poll(() => more.count()).toBe(0);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.context().close();
  });

  it("on a desktop, the tag filter and the period are in view and nothing hints at more", async () => {
    const page = await open(DESKTOP, language);
    expect(await fullyInView(page, "#tag-filter", DESKTOP.width)).toBe(true);
    expect(await fullyInView(page, `nav[aria-label="${WORDS[language].period}"]`, DESKTOP.width)).toBe(true);
    expect(await page.getByRole("button", { name: WORDS[language].more }).count()).toBe(0);
    await page.context().close();
  });

  it.each([
    ["phone", PHONE],
    ["desktop", DESKTOP],
  ] as const)("shows the tag filter's chosen label whole and the clips' tags in the page's language (%s)", async (_name, viewport) => {
    // A browser in the other language, the page asked for with ?lang=: the clips fetched after the first follow the page.
    const page = await open(viewport, language, viewport === PHONE, language === "es" ? "en-US" : "es-ES");
    const cut = await page.locator("#tag-filter").evaluate((select: HTMLSelectElement) => {
      const style = getComputedStyle(select);
      const context = document.createElement("canvas").getContext("2d")!;
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const text = context.measureText(select.options[select.selectedIndex]!.text).width;
      // Chromium keeps 20 px for the arrow of a select sized to its text: 16 let 'Todas las etiquetas' end under it.
      const arrow = 20;
      const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - arrow;
      return text > room + 0.5;
    });
    expect(cut).toBe(false);

    // Each chip of the clips on screen names its tag as the tag filter does, in the page's language.
    const names = new Map(
      await page
        .locator("#tag-filter option")
        .evaluateAll((options: HTMLOptionElement[]) =>
          options.filter((o) => o.value).map((o) => [o.value, o.text.replace(/\s*\(\d+\)$/, "")] as [string, string]),
        ),
    );
    let compared = 0;
    let differentInEnglish = 0;
    for (let i = 0; i < 6; i++) {
      const chips = await page
        .locator('[data-video-box] .feed-overlay a[href^="/tag/"]')
        .evaluateAll((links: HTMLAnchorElement[]) => links.map((a) => [decodeURIComponent(a.pathname.slice(5)), a.textContent ?? ""]));
      for (const [slug, text] of chips) {
        const name = names.get(slug!);
        if (!name) continue;
        compared++;
        if (name.toLowerCase() !== `#${slug}`) differentInEnglish++;
        expect(text, slug).toBe(name);
      }
      await page.locator("section.feed-stage").getByRole("button", { name: WORDS[language].next, exact: true }).click();
      await page.waitForTimeout(400);
    }
    expect(compared).toBeGreaterThan(3);
    if (language === "es") expect(differentInEnglish).toBeGreaterThan(0);
    await page.context().close();
  });

  it.each([
    ["phone", PHONE],
    ["desktop", DESKTOP],
  ] as const)("shows the share toast without covering the player's controls (%s)", async (_name, viewport) => {
    const page = await open(viewport, language, viewport === PHONE);
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    const stage = page.locator("section.feed-stage");
    await stage.getByRole("button", { name: WORDS[language].share }).click();
    const toast = page.locator("[data-sonner-toast]").first();
    await toast.waitFor({ state: "visible" });
    await page.waitForTimeout(600); // its entrance
    const toastBox = (await toast.boundingBox())!;
    const controls = await stage
      .locator(".feed-overlay a, .feed-overlay button, .feed-overlay [role=slider], .feed-rail a, .feed-rail button")
      .evaluateAll((els) =>
        els
          .map((el) => el.getBoundingClientRect())
          .filter((r) => r.width > 0 && r.height > 0)
          .map((r) => ({ x: r.x, y: r.y, w: r.width, h: r.height })),
      );
    expect(controls.length).toBeGreaterThan(5);
    for (const c of controls) {
      const overlap =
        toastBox.x < c.x + c.w && c.x < toastBox.x + toastBox.width && toastBox.y < c.y + c.h && c.y < toastBox.y + toastBox.height;
      expect(overlap, JSON.stringify({ toast: toastBox, control: c })).toBe(false);
    }
    await page.context().close();
  });
});
