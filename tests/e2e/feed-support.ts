import type { Page } from "playwright-core";
import { expect } from "vitest";

/** The viewports the feed is judged at (ADR 066): phones first, then desktops. */
export const PHONES = [
  { width: 360, height: 640 },
  { width: 390, height: 844 },
];
export const DESKTOPS = [
  { width: 1366, height: 768 },
  { width: 1440, height: 900 },
];

/** The feed's live position line: 'Clip 3 of 26: Title'. */
export async function position(page: Page): Promise<{ index: number; total: number; title: string }> {
  const text = (await page.getByRole("region", { name: "Clip feed" }).locator("[aria-live=polite]").textContent()) ?? "";
  const match = /Clip (\d+) of (\d+): (.*)$/.exec(text);
  return { index: Number(match?.[1]), total: Number(match?.[2]), title: match?.[3] ?? "" };
}

/** A visitor's desktop Chrome: the server ignores the watch signals of "HeadlessChrome", as it does any bot's. */
export const VISITOR_CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

export const feed = (page: Page) => page.getByRole("region", { name: "Clip feed" });

/** The video of the clip on screen (the slide that is not inert). */
export const currentVideo = (page: Page) => feed(page).locator("[data-video-box] > div > div:not([inert]) video");

/** Resolves once the clip on screen has its metadata (so play/seek work). */
export async function videoReady(page: Page) {
  await page.waitForFunction(() => {
    const video = document.querySelector<HTMLVideoElement>("[data-video-box] > div > div:not([inert]) video");
    return (video?.readyState ?? 0) >= 1;
  });
}

/**
 * A finger dragged over the page through the DevTools protocol (the page must come from a
 * context with hasTouch): from one point to another in `steps` moves, `stepMs` apart.
 */
export async function touchDrag(
  page: Page,
  from: { x: number; y: number },
  to: { x: number; y: number },
  { steps = 10, stepMs = 16 } = {},
) {
  const cdp = await page.context().newCDPSession(page);
  const point = (x: number, y: number) => [{ x: Math.round(x), y: Math.round(y), id: 1 }];
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: point(from.x, from.y) });
  for (let i = 1; i <= steps; i++) {
    const t = i / steps;
    await cdp.send("Input.dispatchTouchEvent", {
      type: "touchMove",
      touchPoints: point(from.x + (to.x - from.x) * t, from.y + (to.y - from.y) * t),
    });
    await page.waitForTimeout(stepMs);
  }
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  await cdp.detach();
}

/** The page's vertical scroll position: the feed never moves it. */
export const pageScroll = (page: Page) => page.evaluate(() => window.scrollY);

/** How much of the clip on screen the browser has played, in seconds: its played ranges, what the player counts as watched. */
export const playedSeconds = (page: Page) =>
  currentVideo(page).evaluate((video: HTMLVideoElement) => {
    let seconds = 0;
    for (let i = 0; i < video.played.length; i++) seconds += video.played.end(i) - video.played.start(i);
    return seconds;
  });

/** The clip on screen and its category, as the feed's stage names them. */
export const onScreen = (page: Page) =>
  feed(page).evaluate((stage) => ({ id: stage.getAttribute("data-clip-id")!, category: stage.getAttribute("data-clip-category")! }));

/** Plays the clip on screen to its end (a seek there, then the loop): a finished clip, not a skip. */
export async function finish(page: Page) {
  await videoReady(page);
  await currentVideo(page).evaluate((video: HTMLVideoElement) => {
    video.currentTime = Math.max(0, video.duration - 0.2);
    void video.play().catch(() => {});
  });
  // Until the browser has played it to its end (or looped): a busy machine may take more than a second to seek, and a
  // clip left before then is a skip.
  await expect
    .poll(
      () =>
        currentVideo(page).evaluate((video: HTMLVideoElement) => {
          for (let r = 0; r < video.played.length; r++) if (video.played.end(r) >= video.duration - 0.1) return true;
          return false;
        }),
      { timeout: 15_000 },
    )
    .toBe(true);
}
