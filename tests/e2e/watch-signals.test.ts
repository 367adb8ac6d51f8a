import type { Browser, Page, Request } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { currentVideo, feed, position, videoReady, VISITOR_CHROME } from "./feed-support";
import { hydrated, launchBrowser, newContext, reactOwns } from "./support";

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
        // Until the browser has played more than 3 s of it — its played ranges, what the player reports as watched
        // (the clip starts at 0.1 s, and a clock read from here runs ahead of the time the player has counted).
        await expect
          .poll(
            () =>
              currentVideo(page).evaluate((v: HTMLVideoElement) => {
                let seconds = 0;
                for (let i = 0; i < v.played.length; i++) seconds += v.played.end(i) - v.played.start(i);
                return seconds;
              }),
            { timeout: 15_000 },
          )
          .toBeGreaterThan(3.1);
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

type FeedPage = { clips: { id: string; category: { slug: string } }[]; total: number };

/** The visitor's own order as /api/feed ranks it now, the lead first (asked from the page: its cookies, its agent). */
const rankedNow = (page: Page) =>
  page.evaluate(async () => {
    const res = await fetch("/api/feed?offset=0", { headers: { Accept: "application/json" } });
    return ((await res.json()) as FeedPage).clips.map((clip) => clip.id);
  });

describe("the feed learns from what the player reports", () => {
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1440, height: 900 },
  ]) {
    it(
      `at ${viewport.width}×${viewport.height}: a category's share doubles after watching its clips to the end, then falls after Reset everything`,
      { timeout: 180_000 },
      async () => {
        const page = await (await newContext(browser, { viewport, userAgent: VISITOR_CHROME })).newPage();
        const accepted: number[] = [];
        page.on("response", (response) => {
          if (response.url().endsWith("/api/signals")) accepted.push(response.status());
        });
        const first = page.waitForResponse((response) => response.url().includes("/api/feed?") && response.ok());
        await page.goto("/");
        await hydrated(page);
        const opening = (await (await first).json()) as FeedPage;
        // Every clip of the feed and its category (the demo catalogue is small: a few pages).
        const categoryOf = new Map<string, string>();
        for (let offset = 0; offset < opening.total; offset += 12) {
          const more = await page.evaluate(
            async (at) => (await (await fetch(`/api/feed?offset=${at}`, { headers: { Accept: "application/json" } })).json()) as FeedPage,
            offset,
          );
          for (const clip of more.clips) categoryOf.set(clip.id, clip.category.slug);
        }
        // The category of the first clip after the lead: the visitor likes it, and the order shows it early.
        const target = opening.clips[1]!.category.slug;
        const share = (ids: string[]) => ids.filter((id) => categoryOf.get(id) === target).length / ids.length;
        const catalogueShare = share([...categoryOf.keys()]);

        // Five clips leave the screen: the liked ones watched to their end (a seek there, then the loop), the others
        // left at once (skips). The fifth event sends the batch.
        for (let i = 0; i < 5; i++) {
          const id = opening.clips[i]!.id;
          if (categoryOf.get(id) === target) {
            await videoReady(page);
            await currentVideo(page).evaluate((video: HTMLVideoElement) => {
              video.currentTime = Math.max(0, video.duration - 0.2);
              void video.play().catch(() => {});
            });
            await page.waitForTimeout(1000);
          }
          await page.keyboard.press("ArrowDown");
          await expect.poll(() => position(page).then((p) => p.index)).toBe(i + 2);
        }
        await expect.poll(() => accepted.length, { timeout: 15_000 }).toBeGreaterThan(0);
        expect(accepted).toEqual([204]);

        // The next five clips the visitor's order offers (after the lead): the liked category's share at least doubles.
        const learned = share((await rankedNow(page)).slice(1, 6));
        expect(learned, `share ${learned} against ${catalogueShare} in the catalogue`).toBeGreaterThanOrEqual(2 * catalogueShare);

        await page.goto("/what-the-feed-learned");
        await hydrated(page);
        const resetButton = page.getByRole("button", { name: "Reset everything" });
        await reactOwns(resetButton);
        await resetButton.click();
        // Nothing learned is left to list.
        await page.locator("[data-learned-empty]").waitFor();
        const reset = share((await rankedNow(page)).slice(1, 6));
        expect(reset, `share ${reset} after Reset against ${learned} learned`).toBeLessThan(learned);
        await page.context().close();
      },
    );
  }
});
