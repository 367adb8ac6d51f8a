import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOPS, feed, pageScroll, PHONES } from "./feed-support";
import { hydrated, launchBrowser, newContext } from "./support";

// The clip and all its controls fit the screen, from 360×640 to 2560×1440 (docs/product.md §5.8, ADR 066).

const SCREENSHOTS = path.resolve("test-results/screenshots");

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(SCREENSHOTS, { recursive: true });
});
afterAll(() => browser?.close());

/** Every control of the clip on screen, by its accessible name. */
function controls(page: Page): Record<string, Locator> {
  const stage = feed(page);
  return {
    // Play, or Pause once the clip plays by itself.
    play: stage.getByRole("button", { name: /^(Play|Pause)$/ }),
    mute: stage.getByRole("button", { name: "Unmute" }),
    seek: stage.getByRole("slider", { name: "Seek" }),
    flame: stage.getByRole("button", { name: /^Flame, \d+ flames?$/ }),
    previous: stage.getByRole("button", { name: "Previous", exact: true }),
    hotAndNext: stage.getByRole("button", { name: "Hot & next" }),
    next: stage.getByRole("button", { name: "Next", exact: true }),
    fullContent: stage.getByRole("link", { name: /^Full Content/ }).or(stage.getByRole("button", { name: /^Full Content/ })),
    share: stage.getByRole("button", { name: "Share" }),
    creator: stage.locator('a[href^="/creator/"]'),
    title: stage.getByRole("heading", { level: 1 }),
    tagStrip: stage.locator('a[href^="/tag/"]').first(),
    shortcuts: stage.getByRole("button", { name: "Keyboard shortcuts" }),
  };
}

async function openHome(viewport: { width: number; height: number }) {
  const context = await newContext(browser, { viewport });
  const page = await context.newPage();
  await page.goto("/");
  await hydrated(page);
  await feed(page).getByRole("heading", { level: 1 }).waitFor();
  return page;
}

describe("the full-screen feed", () => {
  for (const viewport of [...PHONES, ...DESKTOPS, { width: 2560, height: 1440 }]) {
    it(`shows the clip and every control without scrolling at ${viewport.width}×${viewport.height}`, async () => {
      const page = await openHome(viewport);
      const outside: string[] = [];
      for (const [name, control] of Object.entries(controls(page))) {
        await expect(control.count(), name).resolves.toBe(1);
        const box = await control.boundingBox();
        expect(box, `${name} is rendered`).not.toBeNull();
        const inside =
          box!.width > 0 &&
          box!.height > 0 &&
          box!.x >= 0 &&
          box!.y >= 0 &&
          box!.x + box!.width <= viewport.width &&
          box!.y + box!.height <= viewport.height;
        if (!inside || !(await control.isVisible())) outside.push(`${name} ${JSON.stringify(box)}`);
      }
      expect(outside, "controls outside the viewport").toEqual([]);

      // The video itself fills the stage down to the bottom edge, and the page neither scrolls nor overflows sideways.
      const video = (await feed(page).locator("[data-video-box]").boundingBox())!;
      expect(video.y + video.height).toBeLessThanOrEqual(viewport.height);
      expect(video.y + video.height).toBeGreaterThan(viewport.height - 20);
      expect(await pageScroll(page)).toBe(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

      // The filters take one row under the header: at most 56 px above the clip on a phone.
      const header = (await page.locator("body > header").boundingBox())!;
      const filters = (await page.getByTestId("feed-filters").boundingBox())!;
      expect(filters.height).toBeLessThanOrEqual(57);
      if (viewport.width < 768) expect(video.y - (header.y + header.height)).toBeLessThanOrEqual(57);
      await page.context().close();
    });
  }

  it("keeps the tag and period filters reachable in the row on a phone", async () => {
    const page = await openHome(PHONES[0]!);
    const tag = page.getByLabel("Filter by tag");
    const period = page.getByRole("navigation", { name: "Period" }).getByRole("link", { name: "This week" });
    for (const control of [tag, period]) {
      await control.scrollIntoViewIfNeeded();
      const box = (await control.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(PHONES[0]!.width);
    }
    // Sideways in the row, never the page down.
    expect(await pageScroll(page)).toBe(0);
    await page.context().close();
  });

  it("writes screenshots of the home feed for a reviewer (390×844 and 1440×900)", async () => {
    for (const viewport of [PHONES[1]!, DESKTOPS[1]!]) {
      const page = await openHome(viewport);
      // Let the first frame arrive, so the picture shows the clip rather than its poster loading.
      await page.waitForFunction(() => (document.querySelector<HTMLVideoElement>("[data-video-box] video")?.readyState ?? 0) >= 2);
      const file = path.join(SCREENSHOTS, `home-${viewport.width}x${viewport.height}.png`);
      await page.screenshot({ path: file });
      console.info(`screenshot: ${file}`);
      await page.context().close();
    }
  });
});
