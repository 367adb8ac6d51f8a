import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { feed, finish, onScreen, playedSeconds, position, videoReady, VISITOR_CHROME } from "./feed-support";
import { baseURL, hydrated, launchBrowser, reactOwns } from "./support";

// The watch history (docs/product.md §5.9) of an anonymous visitor: the clips that counted as views, newest first,
// "Remove" per clip and "Pause history", at a phone's size and a desktop's.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** A visitor past the age gate on the feed, with their anonymous id. */
async function visitorOnFeed(viewport: { width: number; height: number }) {
  // Headless Chromium names itself in its user agent, and bots' signals are ignored: this visitor is a browser.
  const context = await browser.newContext({
    baseURL: baseURL(),
    locale: "en-US",
    viewport,
    userAgent: VISITOR_CHROME,
    ...(viewport.width < 600 ? { hasTouch: true, isMobile: true } : {}),
  });
  await context.addCookies([{ name: "age_verified", value: "true", url: baseURL() }]);
  await context.addInitScript(() => window.localStorage.setItem("age_verified", "true"));
  const page = await context.newPage();
  await page.goto("/");
  await hydrated(page);
  // The page view gives the browser its anonymous id (ADR 140).
  await expect.poll(async () => (await page.context().cookies()).some((c) => c.name === "spicy_uid"), { timeout: 15_000 }).toBe(true);
  return { context, page };
}

type ApiClip = { id: string; title: string };

/** Sends watches of these clips as the player would (a batch to /api/signals), from the page, with its cookie. */
const watched = (page: Page, clips: ApiClip[]) =>
  page.evaluate(
    async (ids) => {
      const events = ids.map((clipId) => ({ clipId, kind: "watch", watchedMs: 5000, loops: 0, completed: false, skipped: false }));
      return (await fetch("/api/signals", { method: "POST", body: JSON.stringify({ events }) })).status;
    },
    clips.map((clip) => clip.id),
  );

const entries = (page: Page) => page.getByTestId("watch-history").locator("ul > li article");

it(
  "at 390×844, from the keyboard: Remove says so and gives focus to the next row's Remove; Pause history keeps focus",
  { timeout: 120_000 },
  async () => {
    const { context, page } = await visitorOnFeed({ width: 390, height: 844 });
    const clips = await page.evaluate(async () => ((await (await fetch("/api/feed?offset=0")).json()) as { clips: ApiClip[] }).clips);
    const [oldest, middle, newest] = clips;
    for (const clip of [oldest!, middle!, newest!]) expect(await watched(page, [clip])).toBe(204);
    await page.goto("/watch-history");
    await hydrated(page);
    await expect.poll(() => entries(page).count()).toBe(3);
    const removeButton = (clip: ApiClip) => page.getByRole("button", { name: `Remove “${clip.title}” from your history`, exact: true });
    const focused = (locator: ReturnType<Page["getByRole"]>) => locator.evaluate((el) => el === document.activeElement);
    const removedToasts = page.locator("[data-sonner-toast]", { hasText: "Removed from your history." });

    // The middle row: the row after it takes its place, and its Remove the focus.
    await reactOwns(removeButton(middle!));
    await removeButton(middle!).focus();
    await page.keyboard.press("Enter");
    await removedToasts.first().waitFor();
    await expect.poll(() => entries(page).count()).toBe(2);
    await expect.poll(() => focused(removeButton(oldest!))).toBe(true);
    // The last row: the one before it.
    await page.keyboard.press("Enter");
    await expect.poll(() => entries(page).count()).toBe(1);
    expect(await entries(page).first().getAttribute("aria-label")).toBe(newest!.title);
    await expect.poll(() => focused(removeButton(newest!))).toBe(true);

    // Pause, from the keyboard: focus stays on the switch, now Resume.
    const pause = page.getByRole("button", { name: "Pause history" });
    await pause.focus();
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { name: "History is paused" }).waitFor();
    await page.getByRole("status").filter({ hasText: "History paused." }).waitFor();
    await expect.poll(() => focused(page.getByRole("button", { name: "Resume history" }))).toBe(true);
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { name: "History is on" }).waitFor();
    await expect.poll(() => focused(page.getByRole("button", { name: "Pause history" }))).toBe(true);
    await context.close();
  },
);

describe.each([
  { name: "phone", viewport: { width: 390, height: 844 } },
  { name: "desktop", viewport: { width: 1440, height: 900 } },
])("watch history on a $name", ({ viewport }) => {
  it(
    "lists watched clips newest first; Remove takes one out; Pause history stops recording and is remembered",
    { timeout: 120_000 },
    async () => {
      const { context, page } = await visitorOnFeed(viewport);
      const clips = await page.evaluate(async () => ((await (await fetch("/api/feed?offset=0")).json()) as { clips: ApiClip[] }).clips);
      const [older, newer, whilePaused] = clips;
      expect(await watched(page, [older!])).toBe(204);
      expect(await watched(page, [newer!])).toBe(204);

      // The footer leads there from every page of the adult site.
      await page.getByRole("contentinfo").getByRole("link", { name: "Watch history" }).click();
      await page.waitForURL((url) => url.pathname === "/watch-history");
      // Personal: never stored by a shared cache, as a page or as React Router's data.
      for (const path of ["/watch-history", "/watch-history.data"]) {
        expect((await page.request.get(path)).headers()["cache-control"]).toBe("private, no-store");
      }
      await hydrated(page);
      // A navigation in the page: the URL can change a moment before the new title is drawn.
      await expect.poll(() => page.title()).toBe("Watch history · Spicy Clips");
      await expect.poll(() => entries(page).count()).toBe(2);
      expect(await entries(page).nth(0).getAttribute("aria-label")).toBe(newer!.title);
      expect(await entries(page).nth(1).getAttribute("aria-label")).toBe(older!.title);
      // Nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

      // Remove, from the keyboard: the newer clip leaves, the older stays.
      const remove = page.getByRole("button", { name: `Remove “${newer!.title}” from your history` });
      await reactOwns(remove);
      // A finger's size on the phone's touch screen.
      if (viewport.width < 600) expect((await remove.boundingBox())!.height).toBeGreaterThanOrEqual(44);
      await remove.focus();
      await page.keyboard.press("Enter");
      await expect.poll(() => entries(page).count()).toBe(1);
      expect(await entries(page).first().getAttribute("aria-label")).toBe(older!.title);

      // Pause: said plainly, remembered across a reload, and a clip watched meanwhile is not recorded.
      await page.getByRole("button", { name: "Pause history" }).click();
      await page.getByRole("heading", { name: "History is paused" }).waitFor();
      expect(await watched(page, [whilePaused!])).toBe(204);
      await page.reload();
      await hydrated(page);
      await page.getByRole("heading", { name: "History is paused" }).waitFor();
      expect(await entries(page).count()).toBe(1);
      await page.getByRole("button", { name: "Resume history" }).click();
      await page.getByRole("heading", { name: "History is on" }).waitFor();
      await context.close();
    },
  );

  it(
    "opened from the feed, lists the clip just left and What the feed learned knows the clip finished on screen",
    { timeout: 120_000 },
    async () => {
      const { context, page } = await visitorOnFeed(viewport);
      // The lead clip watched for more than 3 s (a view), then left: its watch waits in the page for a batch of five.
      await videoReady(page);
      const play = feed(page).getByRole("button", { name: "Play", exact: true });
      if (await play.isVisible()) await play.click();
      await expect.poll(() => playedSeconds(page), { timeout: 15_000 }).toBeGreaterThan(3.1);
      const left = await position(page);
      await page.keyboard.press("ArrowDown");
      await expect.poll(() => position(page).then((p) => p.index)).toBe(left.index + 1);
      // The next one watched to its end and still on screen: its watch is reported when it leaves.
      await finish(page);
      const finished = await onScreen(page);

      // From its menu, to what the feed learned: the finished clip's category is there.
      const more = feed(page).getByRole("button", { name: "More", exact: true });
      await reactOwns(more);
      await more.click();
      await page.getByRole("button", { name: "Why this clip" }).click();
      await page.getByRole("link", { name: "See and change what the feed learned" }).click();
      await page.waitForURL((url) => url.pathname === "/what-the-feed-learned");
      await page.locator(`[data-facet="category"] [data-learned-item="${finished.category}"]`).waitFor({ timeout: 15_000 });

      // And the history lists the clip watched first.
      await page.getByRole("contentinfo").getByRole("link", { name: "Watch history" }).click();
      await page.waitForURL((url) => url.pathname === "/watch-history");
      await expect.poll(() => entries(page).count()).toBeGreaterThan(0);
      const titles = await entries(page).evaluateAll((items) => items.map((item) => item.getAttribute("aria-label")));
      expect(titles).toContain(left.title);
      await context.close();
    },
  );
});
