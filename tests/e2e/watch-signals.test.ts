import type { Browser, Request } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { currentVideo, feed, position, videoReady } from "./feed-support";
import { hydrated, launchBrowser, newContext } from "./support";

// The player reports what the visitor watches (docs/product.md §5.9): a watch per clip that leaves the screen, with
// its time, and a skip for a clip left within 2 s; batches go to /api/signals and are written.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

type Sent = { clipId: string; kind: string; watchedMs: number; skipped: boolean };

describe("watch signals from the feed", () => {
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1440, height: 900 },
  ]) {
    it(
      `at ${viewport.width}×${viewport.height}: a watched clip and quick skips are reported in one batch`,
      { timeout: 120_000 },
      async () => {
        const page = await (await newContext(browser, { viewport })).newPage();
        const batches: { events: Sent[]; status: number }[] = [];
        page.on("requestfinished", (request: Request) => {
          if (!request.url().endsWith("/api/signals")) return;
          void request.response().then((response) => {
            batches.push({
              events: (JSON.parse(request.postData() ?? "{}") as { events: Sent[] }).events,
              status: response?.status() ?? 0,
            });
          });
        });
        await page.goto("/");
        await hydrated(page);
        await videoReady(page);
        // The clip on screen plays by itself (muted); a visitor's Play is needed only where autoplay was refused.
        const play = feed(page).getByRole("button", { name: "Play", exact: true });
        if (await play.isVisible()) await play.click();
        await expect
          .poll(() => currentVideo(page).evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 })
          .toBeGreaterThan(3.2);
        const watched = (await position(page)).title;
        // Five quick moves: the watched clip and four skipped ones leave the screen, and the fifth event sends the batch.
        for (let i = 0; i < 5; i++) {
          await page.keyboard.press("ArrowDown");
          await page.waitForTimeout(150);
        }
        await expect.poll(() => batches.length, { timeout: 15_000 }).toBeGreaterThan(0);
        const [batch] = batches;
        expect(batch!.status).toBe(204);
        expect(batch!.events).toHaveLength(5);
        const [first, ...rest] = batch!.events;
        expect(first!.kind).toBe("watch");
        expect(first!.watchedMs).toBeGreaterThanOrEqual(3000);
        expect(first!.skipped).toBe(false);
        // A slow machine may keep one clip on screen past 2 s; the others were skips.
        expect(rest.filter((event) => event.skipped).length).toBeGreaterThanOrEqual(3);
        expect(watched).not.toBe("");
      },
    );
  }
});
