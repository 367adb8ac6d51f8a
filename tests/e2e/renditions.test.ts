import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { currentVideo, feed, videoReady } from "./feed-support";
import { baseURL, hydrated, launchBrowser, newContext, reactOwns } from "./support";

// The player's rendition per clip (ADR 155): the server's sources let the screen decide before any script, the
// Data saver switch picks the smallest rung. The demo clips are 360 × 640 with a 240p rung below.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function home(viewport: { width: number; height: number }, touch = false): Promise<Page> {
  const page = await (await newContext(browser, { viewport, touch })).newPage();
  await page.goto("/");
  await hydrated(page);
  await videoReady(page);
  return page;
}

/** The open settings panel hangs just above its button, overlapping it sideways, and inside the screen. */
async function settingsBesideTheirButton(page: Page, button: Locator, name: string) {
  const panel = await page.getByRole("group", { name }).boundingBox();
  const opener = await button.boundingBox();
  const width = page.viewportSize()!.width;
  expect(panel).not.toBeNull();
  expect(opener!.y - (panel!.y + panel!.height)).toBeGreaterThanOrEqual(0);
  expect(opener!.y - (panel!.y + panel!.height)).toBeLessThan(16);
  expect(panel!.x).toBeLessThan(opener!.x + opener!.width);
  expect(panel!.x + panel!.width).toBeGreaterThan(opener!.x);
  expect(panel!.x).toBeGreaterThanOrEqual(0);
  expect(panel!.x + panel!.width).toBeLessThanOrEqual(width);
}

const playing = (page: Page) => currentVideo(page).evaluate((v: HTMLVideoElement) => new URL(v.currentSrc).pathname);
const RUNG_240 = /^\/media\/clips\/[^/]+\/240p\.mp4$/;
const PUBLISHED = /^\/media\/clips\/[^/]+\.mp4$/;

describe("renditions in the player", { timeout: 90_000 }, () => {
  it("a small phone screen loads the 240p rung and a desktop the published file, chosen by the server's sources", async () => {
    const phone = await home({ width: 300, height: 520 }, true);
    expect(await playing(phone)).toMatch(RUNG_240);
    // The lead clip's sources are the server's: each rung but the last under the media query of its screens.
    const sources = await currentVideo(phone).evaluate((v) =>
      Array.from(v.querySelectorAll("source"), (s) => ({ path: new URL(s.src).pathname, media: s.media })),
    );
    expect(sources).toHaveLength(2);
    expect(sources[0]).toMatchObject({ path: expect.stringMatching(RUNG_240), media: expect.stringContaining("(max-width: 300px)") });
    expect(sources[1]).toMatchObject({ path: expect.stringMatching(PUBLISHED), media: "" });
    await phone.context().close();

    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1440, height: 900 },
    ]) {
      const page = await home(viewport, viewport.width < 500);
      // 240 px stretched to a 390 px wide screen is past the 1.25 tolerance: the 360 × 640 file it is.
      expect(await playing(page)).toMatch(PUBLISHED);
      await page.context().close();
    }
  });

  it("a browser that asks to save data (Save-Data: on) starts on the smallest rung, before any script", async () => {
    const context = await newContext(browser, { viewport: { width: 1440, height: 900 } });
    await context.setExtraHTTPHeaders({ "save-data": "on" });
    const page = await context.newPage();
    await page.goto("/");
    await hydrated(page);
    await videoReady(page);
    expect(await playing(page)).toMatch(RUNG_240);
    await context.close();
    // A visitor without the hint, after it, still gets the page chosen by the screen (the micro-cache keeps them apart).
    const desktop = await home({ width: 1440, height: 900 });
    expect(await playing(desktop)).toMatch(PUBLISHED);
    await desktop.context().close();
  });

  it("Data saver in the player's settings picks the smallest rung from the next clip on, and for the first after a reload", async () => {
    const page = await home({ width: 1440, height: 900 });
    expect(await playing(page)).toMatch(PUBLISHED);
    const settings = feed(page).getByRole("button", { name: "Player settings" });
    await reactOwns(settings);
    await settings.click();
    await settingsBesideTheirButton(page, settings, "Player settings");
    const dataSaver = page.getByRole("checkbox", { name: /Data saver/ });
    await reactOwns(dataSaver);
    await dataSaver.check();
    await page.keyboard.press("Escape");
    expect(await page.context().cookies()).toEqual(expect.arrayContaining([expect.objectContaining({ name: "data_saver", value: "on" })]));

    // The clip below was mounted before the switch and keeps its rung; the one after it is chosen now.
    for (let i = 0; i < 2; i++) {
      const before = await feed(page).getAttribute("data-clip-id");
      await page.keyboard.press("ArrowDown");
      await expect.poll(() => feed(page).getAttribute("data-clip-id")).not.toBe(before);
    }
    await expect.poll(() => playing(page), { timeout: 10_000 }).toMatch(RUNG_240);

    await page.reload();
    await hydrated(page);
    await videoReady(page);
    expect(await playing(page)).toMatch(RUNG_240);
    const checked = await (async () => {
      await feed(page).getByRole("button", { name: "Player settings" }).click();
      return page.getByRole("checkbox", { name: /Data saver/ }).isChecked();
    })();
    expect(checked).toBe(true);
    await page.context().close();
  });

  it("on a 360 px phone in Spanish, the video page's settings open above their button from the keyboard", async () => {
    const context = await newContext(browser, { viewport: { width: 360, height: 640 }, touch: true, locale: "es-ES" });
    const page = await context.newPage();
    const [clip] = (
      (await (await fetch(`${baseURL()}/api/feed?offset=0`, { headers: { cookie: "age_verified=true" } })).json()) as {
        clips: { slug: string }[];
      }
    ).clips;
    await page.goto(`/video/${clip!.slug}`);
    await hydrated(page);
    const settings = page.getByRole("button", { name: "Ajustes del reproductor" });
    await reactOwns(settings);
    await settings.focus();
    await page.keyboard.press("Enter");
    await settingsBesideTheirButton(page, settings, "Ajustes del reproductor");
    // The switch is the next stop, named in Spanish; Escape closes the panel and leaves the focus on its button.
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.closest("label")?.textContent)).toContain("Ahorro de datos");
    await page.keyboard.press("Escape");
    await expect.poll(() => page.getByRole("group", { name: "Ajustes del reproductor" }).isVisible()).toBe(false);
    expect(await settings.evaluate((el) => el === document.activeElement)).toBe(true);
    await context.close();
  });
});
