import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { feed, position } from "./feed-support";
import { hydrated, launchBrowser, newContext } from "./support";

// Report and Claim from a clip's menu open their forms with the clip filled in (docs/product.md §9.4, §9.5), at a
// phone's size and a desktop's.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

type ApiClip = { slug: string; title: string };

const contentUrl = (page: Page, form: string) => page.locator(`#${form}-form [name="contentUrl"]`);

describe.each([
  { name: "phone", viewport: { width: 390, height: 844 } },
  { name: "desktop", viewport: { width: 1440, height: 900 } },
])("the clip's menu on a $name", ({ viewport }) => {
  it("on the video page: More → Report and More → Claim open the forms with the clip's address", { timeout: 120_000 }, async () => {
    const page = await (await newContext(browser, { viewport, touch: viewport.width < 600 })).newPage();
    await page.goto("/");
    await hydrated(page);
    const [clip] = await page.evaluate(async () => ((await (await fetch("/api/feed?offset=0")).json()) as { clips: ApiClip[] }).clips);

    for (const [item, form, title] of [
      ["Report this clip", "report", "Report content"],
      ["Claim this clip", "claim", "Claim this content"],
    ] as const) {
      await page.goto(`/video/${clip!.slug}`);
      await hydrated(page);
      // From the keyboard: the menu's button, then its item.
      const more = page.getByTestId("clip-menu").locator("summary");
      await more.focus();
      await page.keyboard.press("Enter");
      const link = page.getByRole("link", { name: item });
      await link.waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await link.focus();
      await page.keyboard.press("Enter");
      await page.waitForURL((url) => url.pathname !== `/video/${clip!.slug}`);
      await page.getByRole("heading", { level: 1, name: title }).waitFor();
      expect(await contentUrl(page, form).inputValue()).toMatch(new RegExp(`^https?://[^/]+/video/${clip!.slug}$`));
    }
    await page.context().close();
  });

  it("on the feed: the clip's More → Report and More → Claim open the forms with the clip on screen", { timeout: 120_000 }, async () => {
    const page = await (await newContext(browser, { viewport, touch: viewport.width < 600 })).newPage();
    for (const [item, form] of [
      ["Report this clip", "report"],
      ["Claim this clip", "claim"],
    ] as const) {
      const own = page.waitForResponse((response) => response.url().includes("/api/feed?") && response.ok());
      await page.goto("/");
      await hydrated(page);
      const clips = ((await (await own).json()) as { clips: ApiClip[] }).clips;
      await page.keyboard.press("ArrowDown");
      await expect.poll(() => position(page).then((p) => p.index)).toBe(2);
      const { title } = await position(page);
      const onScreen = clips.find((clip) => clip.title === title) ?? null;
      expect(onScreen).not.toBeNull();
      await feed(page).getByRole("button", { name: "More", exact: true }).click();
      await page.getByRole("dialog", { name: "About this clip" }).getByRole("link", { name: item }).click();
      await page.waitForURL((url) => url.pathname !== "/");
      expect(await contentUrl(page, form).inputValue()).toMatch(new RegExp(`^https?://[^/]+/video/${onScreen!.slug}$`));
    }
    await page.context().close();
  });

  it(
    "on the video page in Spanish: the open menu stays on the screen, whichever side of the row More ends on",
    { timeout: 120_000 },
    async () => {
      const page = await (await newContext(browser, { viewport, touch: viewport.width < 600, locale: "es-ES" })).newPage();
      await page.goto("/");
      await hydrated(page);
      const clips = await page.evaluate(async () => ((await (await fetch("/api/feed?offset=0")).json()) as { clips: ApiClip[] }).clips);
      for (const clip of clips.slice(0, 3)) {
        await page.goto(`/video/${clip.slug}`);
        await hydrated(page);
        await page.getByTestId("clip-menu").locator("summary").click();
        for (const name of ["Denunciar este clip", "Reclamar este clip"]) {
          const box = (await page.getByRole("link", { name }).boundingBox())!;
          expect(box.x, `${clip.slug}: ${name}`).toBeGreaterThanOrEqual(0);
          expect(box.x + box.width, `${clip.slug}: ${name}`).toBeLessThanOrEqual(viewport.width);
        }
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      }
      await page.context().close();
    },
  );
});
