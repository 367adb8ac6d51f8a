import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { site, signInModerator } from "./sign-in";
import { hydrated, launchBrowser, newPage, reactOwns } from "./support";

// A refused sign-in says so once (in the dialog, not again in a toast behind it); the change-e-mail field says
// what is wrong as soon as it is left; the desk's jobs page does not open on an empty tab. Phone and desktop, both
// languages.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const SIZES = [
  { name: "phone", viewport: { width: 390, height: 844 } },
  { name: "desktop", viewport: { width: 1440, height: 900 } },
] as const;
const WORDS = {
  en: {
    open: "Sign in",
    email: "E-mail",
    send: "Send magic link",
    sent: "Email sent!",
    again: "Send another",
    tooMany: /Too many sign-in links/,
    newEmail: "New email",
    invalid: "Invalid email address",
  },
  es: {
    open: "Iniciar sesión",
    email: "Correo electrónico",
    send: "Enviar enlace mágico",
    sent: "¡Correo enviado!",
    again: "Enviar otro",
    tooMany: /demasiados enlaces de inicio de sesión/,
    newEmail: "Nuevo correo electrónico",
    invalid: "Dirección de correo no válida",
  },
} as const;

const visibleCount = (page: Page, text: RegExp | string) =>
  page
    .getByText(text)
    .evaluateAll(
      (els) => els.filter((el) => (el as HTMLElement).offsetParent !== null || getComputedStyle(el).position === "fixed").length,
    );

describe.each(SIZES)("on a $name", ({ name, viewport }) => {
  it.each(["en", "es"] as const)("a refused sign-in shows its message once (%s)", async (language) => {
    const page = await newPage(browser, { viewport, locale: language === "es" ? "es-ES" : "en-US" });
    await page.goto(`/?lang=${language}`);
    await hydrated(page);
    // Its words are shorter on a phone ('Entrar'): found by where it leads.
    const open = page.locator('header a[href^="/auth/sign-in"]');
    await reactOwns(open);
    await open.click();
    const dialog = page.getByRole("dialog");
    const email = `refused-${name}-${language}-${Date.now()}@example.com`;
    // Three links per address in ten minutes: the fourth is refused by the server.
    for (let i = 0; i < 4; i++) {
      await dialog.getByLabel(WORDS[language].email).fill(email);
      await dialog.getByRole("button", { name: WORDS[language].send }).click();
      if (i < 3) {
        await dialog.getByText(WORDS[language].sent).waitFor();
        await dialog.getByRole("button", { name: WORDS[language].again }).click();
      }
    }
    await dialog.getByText(WORDS[language].tooMany).waitFor();
    await page.waitForTimeout(1000); // a toast would have arrived by now
    expect(await visibleCount(page, WORDS[language].tooMany)).toBe(1);
    await page.context().close();
  });
});

describe("a member's account and a moderator's desk", () => {
  let page: Page;
  beforeAll(async () => {
    page = await newPage(browser);
    await page.context().addCookies([{ name: "age_verified", value: "true", url: site() }]);
    await signInModerator(page, "polish-desk-account@example.com");
  }, 120_000);
  afterAll(() => page?.context().close());

  it.each(SIZES.flatMap((size) => (["en", "es"] as const).map((language) => ({ ...size, language }))))(
    "the change-e-mail field says 'not-an-email' is wrong once it is left ($name, $language)",
    async ({ viewport, language }) => {
      await page.setViewportSize(viewport);
      await page.goto(`${site()}/my-account?lang=${language}`);
      await hydrated(page);
      const field = page.getByLabel(WORDS[language].newEmail);
      await reactOwns(field);
      await field.fill("not-an-email");
      await field.press("Tab");
      const alert = page.locator("#new-email-message");
      await alert.waitFor();
      expect(await alert.textContent()).toBe(WORDS[language].invalid);
      expect(await alert.isVisible()).toBe(true);
      // Corrected, the message goes.
      await field.fill("someone@example.org");
      await expect.poll(() => alert.count()).toBe(0);
    },
  );

  it("plays liked videos with the site's player, not the browser's controls, in both languages and sizes", async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${site()}/?category=swing`);
    await hydrated(page);
    const flame = page.getByRole("button", { name: /^Flame, / });
    if ((await flame.getAttribute("aria-pressed")) !== "true") {
      // The count moves at once; the liked list is opened once the server has answered the flame.
      const stored = page.waitForResponse((r) => r.url().endsWith("/api/flames") && r.request().method() === "POST");
      await flame.click();
      expect((await stored).status()).toBe(200);
    }
    await expect.poll(() => flame.getAttribute("aria-pressed")).toBe("true");
    for (const [viewport, language, play] of [
      [{ width: 390, height: 844 }, "en", "Play"],
      [{ width: 1440, height: 900 }, "es", "Reproducir"],
      [{ width: 390, height: 844 }, "es", "Reproducir"],
      [{ width: 1440, height: 900 }, "en", "Play"],
    ] as const) {
      await page.setViewportSize(viewport);
      await page.goto(`${site()}/liked-videos?lang=${language}`);
      await hydrated(page);
      const card = page.locator("main article").first();
      await card.waitFor();
      expect(await page.locator("main video[controls]").count()).toBe(0);
      const button = card.getByRole("button", { name: play, exact: true });
      await reactOwns(button);
      await button.click();
      await expect
        .poll(() => card.locator("video").evaluate((v: HTMLVideoElement) => !v.paused && v.currentTime > 0.2), { timeout: 15_000 })
        .toBe(true);
    }
  });

  it.each([
    ["en", "Moderation sections"],
    ["es", "Secciones de moderación"],
  ] as const)("the desk fits a phone: every section whole, a search box to type in (%s)", async (language, sections) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${site()}/admin/submissions?lang=${language}`);
    await hydrated(page);
    const nav = page.getByRole("navigation", { name: sections });
    const cut = await nav.evaluate((el) => {
      const box = el.getBoundingClientRect();
      return [...el.querySelectorAll("a")]
        .map((a) => ({ text: a.textContent, r: a.getBoundingClientRect() }))
        .filter(({ r }) => r.left < box.left - 1 || r.right > box.right + 1 || r.right > window.innerWidth)
        .map(({ text }) => text);
    });
    expect(cut).toEqual([]);
    const search = (await page.locator("#desk-search").boundingBox())!;
    expect(search.width).toBeGreaterThanOrEqual(200);
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it.each([
    ["en", { width: 1440, height: 900 }],
    ["es", { width: 390, height: 844 }],
  ] as const)("opens the jobs page on a tab that has jobs, not an empty one (%s)", async (language, viewport) => {
    await page.setViewportSize(viewport);
    await page.goto(`${site()}/admin/jobs?lang=${language}`);
    await hydrated(page);
    const current = (await page.locator('a[aria-current="page"][href*="state="]').first().textContent()) ?? "";
    // Each tab names its state and count, e.g. 'Queued (4)' or 'Fallidas (0)'.
    expect(current).toMatch(/\((\d+)\)$/);
    expect(current).not.toMatch(/\(0\)$/);
    await page.setViewportSize({ width: 1440, height: 900 });
  });
});

describe("the submit form", () => {
  it.each(["en", "es"] as const)("names no audience the audience menu does not offer (%s)", async (language) => {
    const page = await newPage(browser, { viewport: { width: 390, height: 844 } });
    // The audience menu offers hetero and gay (MENU_AUDIENCES); trans is a category.
    await page.goto(`/submit?lang=${language}`);
    await hydrated(page);
    const text = (await page.locator("main").textContent()) ?? "";
    expect(text).not.toMatch(/three audiences|tres públicos|\btrans\)/i);
    await page.context().close();
  });
});

describe("a search that finds nothing", () => {
  it.each([
    ["en", "Try a category instead", { width: 390, height: 844 }],
    ["es", "Prueba una categoría", { width: 1440, height: 900 }],
    ["en", "Try a category instead", { width: 1440, height: 900 }],
    ["es", "Prueba una categoría", { width: 390, height: 844 }],
  ] as const)("offers something to try next (%s)", async (language, label, viewport) => {
    const page = await newPage(browser, { viewport });
    await page.goto(`/search?q=zzqqxxvv&lang=${language}`);
    await hydrated(page);
    const next = page.getByRole("navigation", { name: label });
    expect(await next.isVisible()).toBe(true);
    const links = next.getByRole("link");
    expect(await links.count()).toBeGreaterThan(2);
    await links.first().click();
    await page.waitForURL(/\/\?category=/);
    await page.context().close();
  });
});
