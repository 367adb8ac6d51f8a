import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hydrated, launchBrowser, newPage, SIZES } from "./support";
import { signIn, site, signInModerator } from "./sign-in";

// The header of a signed-in member on a phone and a desktop, in both languages: nothing overlaps or is cut, the
// menus close on navigation, Escape, an outside click or another menu opening, and focus goes back to their
// button; a moderator's menu leads to the desk; the phone's search button lands on a focused field.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const WORDS = {
  en: { language: "Language", liked: "Liked videos", desk: "Moderation", search: "Search clips, creators and tags", submit: "Search" },
  es: {
    language: "Idioma",
    liked: "Vídeos favoritos",
    desk: "Moderación",
    search: "Buscar clips, creadores y etiquetas",
    submit: "Buscar",
  },
} as const;

/** A 40-character address: the longest the walk signed in with. */
const longAddress = (tag: string) => `${`member-with-a-long-name-${tag}-`.padEnd(28, "x")}@example.com`;

const accountMenu = (page: Page) =>
  page
    .locator("header details")
    .filter({ has: page.locator("summary[aria-label]") })
    .last();
const isOpen = (details: Locator) => details.evaluate((el: HTMLDetailsElement) => el.open);
const focusedInside = (locator: Locator) => locator.evaluate((el) => el === document.activeElement || el.contains(document.activeElement));

/** The header's interactive elements that are shown: none may overlap another or leave the screen sideways. */
async function expectHeaderTidy(page: Page, width: number) {
  const boxes = await page.locator("header a, header summary, header button, header input").evaluateAll((els) =>
    els
      .filter((el) => {
        const style = getComputedStyle(el);
        const r = el.getBoundingClientRect();
        return (
          style.visibility !== "hidden" &&
          style.display !== "none" &&
          r.width > 0 &&
          r.height > 0 &&
          !el.closest("details:not([open]) > :not(summary)")
        );
      })
      .map((el) => {
        const r = el.getBoundingClientRect();
        return { name: el.getAttribute("aria-label") ?? el.textContent?.trim() ?? el.tagName, x: r.x, y: r.y, w: r.width, h: r.height };
      }),
  );
  expect(boxes.length).toBeGreaterThan(3);
  for (const box of boxes) {
    expect(box.x, box.name).toBeGreaterThanOrEqual(0);
    expect(box.x + box.w, box.name).toBeLessThanOrEqual(width);
  }
  for (let i = 0; i < boxes.length; i++)
    for (let j = i + 1; j < boxes.length; j++) {
      const [a, b] = [boxes[i]!, boxes[j]!];
      const overlap = a.x < b.x + b.w - 1 && b.x < a.x + a.w - 1 && a.y < b.y + b.h - 1 && b.y < a.y + a.h - 1;
      expect(overlap, `${a.name} overlaps ${b.name}`).toBe(false);
    }
}

describe.each(SIZES)("the header of a signed-in member on a $name", (size) => {
  let page: Page;
  const email = longAddress(size.name.slice(0, 2));
  beforeAll(async () => {
    page = await newPage(browser, { viewport: size.viewport, touch: size.touch });
    await page.context().addCookies([{ name: "age_verified", value: "true", url: site() }]);
    await signIn(page, email);
  }, 120_000);
  afterAll(() => page?.context().close());

  it.each(["en", "es"] as const)("fits: no overlap, nothing off screen, the name shown whole (%s)", async (language) => {
    await page.goto(`${site()}/?lang=${language}`);
    await hydrated(page);
    await expectHeaderTidy(page, size.viewport.width);
    // The visible part of the name is never cut: on a phone only the avatar, the name in the open menu.
    const cut = await page
      .locator("header summary span")
      .evaluateAll(
        (spans) =>
          spans.filter((s) => !s.classList.contains("sr-only") && s.getBoundingClientRect().width > 2 && s.scrollWidth > s.clientWidth + 1)
            .length,
      );
    expect(cut).toBe(0);
    await accountMenu(page).locator("summary").click();
    const shown = page.getByTestId("account-name");
    expect(await shown.textContent()).toBe(email.split("@")[0]);
    const box = (await shown.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(size.viewport.width);
    await page.keyboard.press("Escape");
  });

  it.each(["en", "es"] as const)("closes the account menu on navigation and gives focus back to its button (%s)", async (language) => {
    await page.goto(`${site()}/?lang=${language}`);
    await hydrated(page);
    const menu = accountMenu(page);
    await menu.locator("summary").click();
    await menu.getByRole("link", { name: WORDS[language].liked }).click();
    await page.waitForURL(/\/liked-videos/);
    await expect.poll(() => isOpen(menu)).toBe(false);
    await expect.poll(() => focusedInside(menu.locator("summary"))).toBe(true);
  });

  it.each(["en", "es"] as const)("closes on Escape, an outside click and another menu opening (%s)", async (language) => {
    await page.goto(`${site()}/termos-de-uso?lang=${language}`);
    await hydrated(page);
    const menu = accountMenu(page);
    const summary = menu.locator("summary");
    await summary.click();
    expect(await isOpen(menu)).toBe(true);
    await page.keyboard.press("Escape");
    expect(await isOpen(menu)).toBe(false);
    expect(await focusedInside(summary)).toBe(true);

    await summary.click();
    await page.locator("main").click({ position: { x: 5, y: 5 } });
    expect(await isOpen(menu)).toBe(false);

    await summary.click();
    const languageMenu = page.locator("header details").filter({ has: page.locator(`summary:has-text("${WORDS[language].language}")`) });
    await languageMenu.locator("summary").click();
    expect(await isOpen(languageMenu)).toBe(true);
    expect(await isOpen(menu)).toBe(false);
    // The language menu follows the same rules: Escape closes it and gives focus back to its button, and so does an
    // outside click.
    const languageSummary = languageMenu.locator("summary");
    await page.keyboard.press("Escape");
    await expect.poll(() => isOpen(languageMenu)).toBe(false);
    await expect.poll(() => focusedInside(languageSummary)).toBe(true);
    await languageSummary.click();
    expect(await isOpen(languageMenu)).toBe(true);
    await page.locator("main").click({ position: { x: 5, y: 5 } });
    await expect.poll(() => isOpen(languageMenu)).toBe(false);
  });

  it.each(["en", "es"] as const)("search from the header lands on a focused field (%s)", async (language) => {
    await page.goto(`${site()}/?lang=${language}`);
    await hydrated(page);
    const header = page.locator("header");
    if (size.name === "phone") {
      await header.getByRole("button", { name: WORDS[language].submit }).click();
      await page.waitForURL(/\/search/);
    } else {
      await page.goto(`${site()}/search?lang=${language}`);
    }
    await hydrated(page);
    const field = page.getByRole("main").getByRole("searchbox", { name: WORDS[language].search });
    await expect.poll(() => focusedInside(field)).toBe(true);
    await page.keyboard.type("neon");
    expect(await field.inputValue()).toBe("neon");
  });
});

describe.each(SIZES)("a moderator's account menu on a $name", (size) => {
  it("leads to the desk, in both languages", async () => {
    const page = await newPage(browser, { viewport: size.viewport, touch: size.touch });
    await page.context().addCookies([{ name: "age_verified", value: "true", url: site() }]);
    await signInModerator(page, `polish-desk-${size.name}@example.com`);
    for (const language of ["en", "es"] as const) {
      await page.goto(`${site()}/?lang=${language}`);
      await hydrated(page);
      await accountMenu(page).locator("summary").click();
      const desk = accountMenu(page).getByRole("link", { name: WORDS[language].desk });
      expect(await desk.getAttribute("href")).toBe("/admin");
      expect(await desk.isVisible()).toBe(true);
      await page.keyboard.press("Escape");
    }
    await page.context().close();
  });
});
