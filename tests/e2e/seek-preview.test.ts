import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hydrated, launchBrowser, newContext, reactOwns } from "./support";

// Seek previews from the storyboard on the video page's player (ADR 155): hover, drag on touch, and the keyboard.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

interface FeedClip {
  slug: string;
  durationSeconds: number;
  storyboard: { url: string; interval: number; columns: number; tileWidth: number; tileHeight: number } | null;
}

async function videoPage(options: { viewport: { width: number; height: number }; touch?: boolean; reducedMotion?: "reduce" }) {
  const page = await (await newContext(browser, options)).newPage();
  await page.goto("/");
  const clip = await page.evaluate(async () => {
    const response = await fetch("/api/feed?offset=0");
    return ((await response.json()) as { clips: FeedClip[] }).clips.find((c) => c.storyboard && c.durationSeconds >= 8)!;
  });
  await page.goto(`/video/${clip.slug}`);
  await hydrated(page);
  const seek = page.getByRole("slider", { name: "Seek" });
  await reactOwns(seek);
  await page.waitForFunction(() => ((document.querySelector("figure video") as HTMLVideoElement | null)?.readyState ?? 0) >= 1);
  return { page, clip, seek, preview: page.getByTestId("seek-preview") };
}

/** The preview's time label and the sprite offset of its frame. */
const shown = (page: Page) =>
  page.getByTestId("seek-preview").evaluate((el) => ({
    time: el.querySelector("span")?.textContent,
    position: (el.firstElementChild as HTMLElement).style.backgroundPosition,
    image: (el.firstElementChild as HTMLElement).style.backgroundImage,
  }));

function expectedFrame(clip: FeedClip, fraction: number) {
  const board = clip.storyboard!;
  const index = Math.floor((fraction * clip.durationSeconds) / board.interval);
  return `${-(index % board.columns) * board.tileWidth}px ${-Math.floor(index / board.columns) * board.tileHeight}px`;
}

describe("seek previews on the video page", { timeout: 90_000 }, () => {
  it("shows the storyboard's frame and the time under the pointer, and goes when it leaves", async () => {
    const { page, clip, seek, preview } = await videoPage({ viewport: { width: 1440, height: 900 } });
    expect(await preview.count()).toBe(0);
    const bar = (await seek.boundingBox())!;
    await page.mouse.move(bar.x + bar.width * 0.5, bar.y + bar.height / 2);
    await preview.waitFor();
    const half = await shown(page);
    expect(half.image).toContain(clip.storyboard!.url);
    expect(half.position).toBe(expectedFrame(clip, 0.5));
    const seconds = Math.round(0.5 * clip.durationSeconds);
    expect(half.time).toBe(`0:${String(seconds).padStart(2, "0")}`);
    // Inside the player's box, above the bar.
    const box = (await preview.boundingBox())!;
    const figure = (await page.locator("figure").first().boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(figure.x);
    expect(box.x + box.width).toBeLessThanOrEqual(figure.x + figure.width);
    expect(box.y + box.height).toBeLessThanOrEqual(bar.y);

    await page.mouse.move(bar.x + bar.width * 0.05, bar.y + bar.height / 2);
    await expect.poll(async () => (await shown(page)).position).toBe(expectedFrame(clip, 0.05));
    await page.mouse.move(bar.x + bar.width / 2, bar.y - 200);
    await preview.waitFor({ state: "detached" });
    await page.context().close();
  });

  it("follows the keyboard: the preview shows where the arrow keys put the thumb, Escape hides it", async () => {
    const { page, clip, seek, preview } = await videoPage({ viewport: { width: 1440, height: 900 }, reducedMotion: "reduce" });
    await seek.focus();
    // Focused by script is not :focus-visible; a key press is.
    for (let i = 0; i < 5; i++) await page.keyboard.press("ArrowRight");
    await preview.waitFor();
    const value = Number(await seek.inputValue()) / 1000;
    expect(value).toBeGreaterThan(0);
    expect((await shown(page)).position).toBe(expectedFrame(clip, value));
    // Nothing slides: the preview has no transition (the reduced-motion reset makes any 0.01 ms) and no animation.
    const motion = await preview.evaluate((el) => [
      parseFloat(getComputedStyle(el).transitionDuration),
      getComputedStyle(el).animationName,
    ]);
    expect(motion[0]).toBeLessThanOrEqual(0.00001);
    expect(motion[1]).toBe("none");
    await page.keyboard.press("Escape");
    await preview.waitFor({ state: "detached" });
    await page.context().close();
  });

  it("shows while a finger drags the seek bar on a phone, and goes when it lifts", async () => {
    const { page, clip, seek, preview } = await videoPage({ viewport: { width: 390, height: 844 }, touch: true });
    const bar = (await seek.boundingBox())!;
    const y = Math.round(bar.y + bar.height / 2);
    const cdp = await page.context().newCDPSession(page);
    const touch = (type: "touchStart" | "touchMove" | "touchEnd", x?: number) =>
      cdp.send("Input.dispatchTouchEvent", { type, touchPoints: x === undefined ? [] : [{ x: Math.round(x), y, id: 1 }] });
    await touch("touchStart", bar.x + bar.width * 0.2);
    await touch("touchMove", bar.x + bar.width * 0.4);
    await touch("touchMove", bar.x + bar.width * 0.6);
    await preview.waitFor();
    expect((await shown(page)).position).toBe(expectedFrame(clip, (Math.round(bar.x + bar.width * 0.6) - bar.x) / bar.width));
    await touch("touchEnd");
    await preview.waitFor({ state: "detached" });
    await cdp.detach();
    await page.context().close();
  });
});
