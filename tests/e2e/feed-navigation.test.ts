import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { currentVideo, feed, pageScroll, PHONES, position, touchDrag, videoReady } from "./feed-support";
import { accountMenu, signIn } from "./sign-in";
import { hydrated, launchBrowser, newContext } from "./support";

// Vertical swipe, wheel and keys move between clips with a snap; the page never scrolls away (ADR 066, ADR 020).

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function phone(): Promise<Page> {
  const page = await (await newContext(browser, { viewport: PHONES[1]!, touch: true })).newPage();
  await page.goto("/");
  await hydrated(page);
  // Gestures are attached by an effect; a gesture before it would be lost.
  await page.locator("[data-gestures=ready]").waitFor({ state: "attached" });
  return page;
}

async function desktop(): Promise<Page> {
  const page = await (await newContext(browser, { viewport: { width: 1440, height: 900 } })).newPage();
  await page.goto("/");
  await hydrated(page);
  // Gestures are attached by an effect; a gesture before it would be lost.
  await page.locator("[data-gestures=ready]").waitFor({ state: "attached" });
  return page;
}

const stageCentre = async (page: Page) => {
  const box = (await feed(page).locator("[data-video-box]").boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2, height: box.height, width: box.width };
};

describe("moving through the feed", () => {
  it("follows a vertical touch swipe: up is next, down is previous, a short drag snaps back", async () => {
    const page = await phone();
    const start = await position(page);
    const { x, y, height } = await stageCentre(page);

    await touchDrag(page, { x, y: y + height * 0.3 }, { x, y: y - height * 0.3 });
    await expect.poll(() => position(page).then((p) => p.index), { timeout: 10_000 }).toBe(2);
    await touchDrag(page, { x, y: y - height * 0.3 }, { x, y: y + height * 0.3 });
    await expect.poll(() => position(page).then((p) => p.index), { timeout: 10_000 }).toBe(1);
    expect((await position(page)).title).toBe(start.title);

    // A slow drag of a few pixels is no swipe: the clip stays, the track snaps back into place.
    await touchDrag(page, { x, y }, { x, y: y - 40 }, { steps: 10, stepMs: 60 });
    await page.waitForTimeout(400);
    expect((await position(page)).index).toBe(1);
    const offset = await feed(page)
      .locator("[data-video-box] > div")
      .first()
      .evaluate((track) => track.getBoundingClientRect().top - track.parentElement!.getBoundingClientRect().top);
    expect(offset).toBe(0);

    // The sideways swipe still works by touch: left is next.
    await touchDrag(page, { x: x + 120, y }, { x: x - 120, y });
    await expect.poll(() => position(page).then((p) => p.index), { timeout: 10_000 }).toBe(2);
    expect(await pageScroll(page)).toBe(0);
    await page.context().close();
  });

  it("moves one clip per wheel or trackpad gesture, never scrolling the page", async () => {
    const page = await desktop();
    const { x, y } = await stageCentre(page);
    await page.mouse.move(x, y);
    await page.mouse.wheel(0, 120);
    await expect.poll(() => position(page).then((p) => p.index), { timeout: 10_000 }).toBe(2);
    await page.waitForTimeout(400);
    // A trackpad flick: many small deltas in a row are one gesture, so one clip.
    // Sent from inside the page, 16 ms apart like a real trackpad. A real event's timeStamp is when the hardware made
    // it; a made one's is when it is made, so the gaps are waited out in the loop itself: round trips, or timers queued
    // behind the page's own work on a busy test machine, would stretch them past the quiet time and make two gestures.
    await page.evaluate(
      ([px, py]) => {
        const target = document.elementFromPoint(px, py)!;
        for (let sent = 0; sent < 12; sent++) {
          if (sent > 0) for (const until = performance.now() + 16; performance.now() < until;);
          target.dispatchEvent(new WheelEvent("wheel", { deltaY: 25, clientX: px, clientY: py, bubbles: true, cancelable: true }));
        }
      },
      [x, y] as const,
    );
    await expect.poll(() => position(page).then((p) => p.index), { timeout: 10_000 }).toBe(3);
    await page.waitForTimeout(400);
    expect((await position(page)).index).toBe(3);
    await page.mouse.wheel(0, -120);
    await expect.poll(() => position(page).then((p) => p.index), { timeout: 10_000 }).toBe(2);
    expect(await pageScroll(page)).toBe(0);
    await page.context().close();
  });

  it("answers ↑ ↓ ← →, Space and M without scrolling the page", async () => {
    const page = await desktop();
    await videoReady(page);
    const keys = [
      ["ArrowDown", 2],
      ["ArrowRight", 3],
      ["ArrowUp", 2],
      ["ArrowLeft", 1],
    ] as const;
    for (const [key, index] of keys) {
      await page.keyboard.press(key);
      await expect.poll(() => position(page).then((p) => p.index), { timeout: 10_000 }).toBe(index);
    }
    await videoReady(page);
    // The clip plays by itself: Space pauses it, and Space again plays it.
    await feed(page).getByRole("button", { name: "Pause" }).waitFor();
    await page.keyboard.press(" ");
    await feed(page).getByRole("button", { name: "Play", exact: true }).waitFor();
    await expect.poll(() => currentVideo(page).evaluate((v: HTMLVideoElement) => v.paused), { timeout: 10_000 }).toBe(true);
    await page.keyboard.press(" ");
    await feed(page).getByRole("button", { name: "Pause" }).waitFor();
    await expect.poll(() => currentVideo(page).evaluate((v: HTMLVideoElement) => v.paused), { timeout: 10_000 }).toBe(false);
    await page.keyboard.press("m");
    await feed(page).getByRole("button", { name: "Mute", exact: true }).waitFor();
    expect(await currentVideo(page).evaluate((v: HTMLVideoElement) => v.muted)).toBe(false);
    await page.keyboard.press("M");
    await feed(page).getByRole("button", { name: "Unmute" }).waitFor();
    expect(await pageScroll(page)).toBe(0);
    await page.context().close();
  });

  it("documents the keys in a help dialog: '?' opens it, Escape closes it and focus goes back", async () => {
    const page = await desktop();
    const next = feed(page).getByRole("button", { name: "Next", exact: true });
    await next.focus();
    await page.keyboard.press("?");
    const dialog = page.getByRole("dialog", { name: "Keyboard shortcuts" });
    await dialog.waitFor();
    await dialog.getByText("Next clip", { exact: true }).waitFor();
    await dialog.getByText("Mute or unmute", { exact: true }).waitFor();
    // While it is open the keys belong to the dialog, not to the feed behind it.
    await page.keyboard.press("ArrowDown");
    expect((await position(page)).index).toBe(1);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    expect(await next.evaluate((el) => el === document.activeElement)).toBe(true);

    // The same help from the player's own button, closed with its button.
    const button = feed(page).getByRole("button", { name: "Keyboard shortcuts" });
    await button.click();
    await dialog.getByRole("button", { name: "Close" }).click();
    await dialog.waitFor({ state: "hidden" });
    expect(await button.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.context().close();
  });

  it("brings a visitor back to the clip they left, with the clips around it, on Back from a creator page; a reload or the logo, from another page or the feed, starts again", async () => {
    const page = await phone();
    const next = feed(page).getByRole("button", { name: "Next", exact: true });
    for (const index of [2, 3]) {
      await next.click();
      await expect.poll(() => position(page).then((p) => p.index), { timeout: 10_000 }).toBe(index);
    }
    const left = await position(page);
    const onScreen = () => page.locator("section[data-clip-id]").getAttribute("data-clip-id");
    const clip = await onScreen();
    const creator = page.locator("section[data-clip-id] a[href^='/creator/']").first();
    const backAt = async () => {
      await expect.poll(() => position(page).then((p) => p.index), { timeout: 10_000 }).toBe(3);
      expect((await position(page)).title).toBe(left.title);
      expect(await onScreen()).toBe(clip);
    };

    // Through the site's own link, and Back once the creator's page shows.
    await creator.click();
    await page.waitForURL(/\/creator\//);
    await page.getByRole("region", { name: "Clip feed" }).waitFor({ state: "detached" });
    await page.goBack();
    await hydrated(page);
    await backAt();
    // Clip 2 before it is the one it was: the clips around it were kept too.
    await feed(page).getByRole("button", { name: "Previous", exact: true }).click();
    await expect.poll(() => position(page).then((p) => p.index), { timeout: 10_000 }).toBe(2);
    await next.click();
    await backAt();

    // A reload starts the feed at its lead clip, as a visit does; so does the logo, from another page.
    await page.reload();
    await hydrated(page);
    expect((await position(page)).index).toBe(1);
    await next.click();
    await expect.poll(() => position(page).then((p) => p.index), { timeout: 10_000 }).toBe(2);
    await creator.click();
    await page.waitForURL(/\/creator\//);
    await page.getByRole("link", { name: "Spicy Clips home" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await expect.poll(() => position(page).then((p) => p.index), { timeout: 10_000 }).toBe(1);
    // And the logo on the feed itself, as a video app's Home does.
    for (const index of [2, 3]) {
      await next.click();
      await expect.poll(() => position(page).then((p) => p.index), { timeout: 10_000 }).toBe(index);
    }
    await page.getByRole("link", { name: "Spicy Clips home" }).click();
    await expect.poll(() => position(page).then((p) => p.index), { timeout: 10_000 }).toBe(1);
    await page.context().close();
  });

  it("forgets the feed places a member's tab kept once they sign out", async () => {
    const email = "feed-places@example.com";
    const page = await (await newContext(browser, { viewport: PHONES[1]!, touch: true, fresh: true })).newPage();
    await signIn(page, email);
    await feed(page).getByRole("button", { name: "Next", exact: true }).click();
    await expect.poll(() => position(page).then((p) => p.index), { timeout: 10_000 }).toBe(2);
    // The places the tab keeps (app/features/feed/feed-extras.ts).
    const kept = () => page.evaluate(() => Object.keys(JSON.parse(sessionStorage.getItem("feed-places") ?? "{}") as object).length);
    await page.locator("section[data-clip-id] a[href^='/creator/']").first().click();
    await page.waitForURL(/\/creator\//);
    await expect.poll(kept).toBeGreaterThan(0);
    await accountMenu(page, email).click();
    await page.getByRole("button", { name: "Sign out" }).click();
    // Signing out goes home, to the feed, which no one signed in is shown.
    await page.waitForURL((url) => url.pathname === "/");
    await expect.poll(kept).toBe(0);
    await page.context().close();
  });

  it("flames the clip on screen on a double tap, never takes the flame back, and leaves it playing or paused as it was", async () => {
    const page = await phone();
    await videoReady(page);
    const flame = feed(page).getByRole("button", { name: /^Flame, / });
    expect(await flame.getAttribute("aria-pressed")).toBe("false");
    const paused = () => currentVideo(page).evaluate((video: HTMLVideoElement) => video.paused);
    const was = await paused();
    // Two taps on the clip, a few milliseconds apart (the page's own clicks: a test's taps can be slower than a finger).
    const doubleTap = () =>
      feed(page)
        .locator("[data-video-box] > div.will-change-transform")
        .evaluate((track: HTMLElement) => {
          track.click();
          track.click();
        });
    const flamed = page.waitForResponse((response) => response.url().endsWith("/api/flames") && response.ok());
    await doubleTap();
    await flamed;
    await expect.poll(() => flame.getAttribute("aria-pressed")).toBe("true");
    const label = await flame.getAttribute("aria-label");
    expect(await paused()).toBe(was);
    // Again: the flame stays, and no flame is sent.
    let sent = 0;
    page.on("request", (request) => void (request.url().endsWith("/api/flames") && sent++));
    await doubleTap();
    await page.waitForTimeout(500);
    expect(sent).toBe(0);
    expect(await flame.getAttribute("aria-pressed")).toBe("true");
    expect(await flame.getAttribute("aria-label")).toBe(label);
    // One tap is play and pause, as before.
    await feed(page)
      .locator("[data-video-box] > div.will-change-transform")
      .evaluate((track: HTMLElement) => track.click());
    await expect.poll(paused).toBe(!was);
    await page.context().close();
  });

  it("brings an Up Next clip on screen and plays it", async () => {
    const page = await phone();
    const upNext = page.getByRole("region", { name: "Up next" }).getByRole("button");
    await expect.poll(() => upNext.count(), { timeout: 10_000 }).toBe(5);
    const choice = upNext.nth(2);
    const title = (await choice.locator("[data-upnext-title]").textContent())!;
    // Named 'Play <title>, <creator>' by its own words.
    expect(await choice.evaluate((el) => el.textContent)).toMatch(new RegExp(`^Play ${title}`));
    // Up Next sits under the full-screen feed on a phone.
    await choice.scrollIntoViewIfNeeded();
    expect(await pageScroll(page)).toBeGreaterThan(0);
    await choice.tap();
    await expect.poll(() => position(page).then((p) => p.title), { timeout: 10_000 }).toBe(title);
    expect((await position(page)).index).toBe(4);
    await expect.poll(() => pageScroll(page), { timeout: 10_000 }).toBe(0);
    await expect
      .poll(() => currentVideo(page).evaluate((v: HTMLVideoElement) => !v.paused && v.currentTime > 0.1), { timeout: 10_000 })
      .toBe(true);
    await page.context().close();
  });
});
