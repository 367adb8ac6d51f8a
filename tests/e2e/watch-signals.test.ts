import type { Browser, Page, Request } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { feed, finish, onScreen, playedSeconds, position, videoReady, VISITOR_CHROME } from "./feed-support";
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
        await expect.poll(() => playedSeconds(page), { timeout: 15_000 }).toBeGreaterThan(3.1);
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

type FeedClip = {
  id: string;
  category: { slug: string };
  creatorSlug: string;
  tags: { slug: string }[];
  why?: { kind: string; facet?: string; slug?: string }[];
};
type FeedPage = { clips: FeedClip[]; total: number };

/** The visitor's own first page as /api/feed ranks it now, the lead first (asked from the page: its cookies, its agent). */
const rankedNow = (page: Page, offset = 0) =>
  page.evaluate(async (at) => {
    const res = await fetch(`/api/feed?offset=${at}`, { headers: { Accept: "application/json" } });
    return (await res.json()) as FeedPage;
  }, offset);

/** The tastes a clip's reasons say the visitor has ("You often watch …"), as `facet:slug`. */
const tastesOf = (clip: FeedClip) => (clip.why ?? []).filter((why) => why.kind === "taste").map((why) => `${why.facet}:${why.slug}`);

/** The rounds of five clips a visitor goes through before the share must have doubled: 30 clips. */
const ROUNDS = 6;

describe("the feed learns from what the player reports", () => {
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1440, height: 900 },
  ]) {
    it(
      `at ${viewport.width}×${viewport.height}: a category's share at least doubles within 30 clips of watching its clips to the end and skipping the rest, and is forgotten after Reset everything`,
      { timeout: 240_000 },
      async () => {
        const page = await (await newContext(browser, { viewport, userAgent: VISITOR_CHROME })).newPage();
        const accepted: number[] = [];
        page.on("response", (response) => {
          if (response.url().endsWith("/api/signals")) accepted.push(response.status());
        });
        await page.goto("/");
        await hydrated(page);
        // Every clip of the feed and its category, asked before the visitor has any history (the demo catalogue is small).
        const opening = await rankedNow(page);
        const categoryOf = new Map<string, string>();
        for (let offset = 0; offset < opening.total; offset += 12)
          for (const clip of (await rankedNow(page, offset)).clips) categoryOf.set(clip.id, clip.category.slug);
        // The category of the first clip after the lead: the visitor likes it.
        const target = opening.clips[1]!.category.slug;
        const watched = new Set<string>();
        const ofTarget = (ids: string[]) => ids.filter((id) => categoryOf.get(id) === target).length;

        // Rounds of five clips: those of the liked category watched to their end, the others left at once (skips);
        // each fifth event sends a batch. After each, the next five clips the visitor's order offers (after the lead):
        // the liked category's share of them against its share of the clips not yet shown. Not of the whole catalogue:
        // on 26 clips a visitor who finishes the category's clips soon has few of them left to be offered.
        let learned: { clips: FeedClip[] } | undefined;
        const tries: string[] = [];
        let finished = 0;
        let atEnd = false;
        for (let round = 0; round < ROUNDS && !learned && !atEnd; round++) {
          for (let i = 0; i < 5; i++) {
            const { index, total } = await position(page);
            // The last clip of the catalogue: nothing further to learn from (the failure below then says why).
            if (index >= total) {
              atEnd = true;
              break;
            }
            const clip = await onScreen(page);
            if (clip.category === target) {
              await finish(page);
              finished += 1;
            }
            watched.add(clip.id);
            await page.keyboard.press("ArrowDown");
            await expect.poll(() => position(page).then((p) => p.index)).toBe(index + 1);
          }
          if (atEnd) break;
          await expect.poll(() => accepted.length, { timeout: 15_000 }).toBe(round + 1);
          const ranked = (await rankedNow(page)).clips;
          const next = ranked.slice(1, 6).map((clip) => clip.id);
          const unseen = [...categoryOf.keys()].filter((id) => !watched.has(id));
          const left = ofTarget(unseen) / unseen.length;
          const share = ofTarget(next) / next.length;
          tries.push(`after ${watched.size} clips (${finished} finished): ${share} against ${left.toFixed(2)} of those left`);
          if (ofTarget(unseen) === 0) break;
          // Only once the visitor finished a clip of the category is there something to learn: before, a share that
          // doubled would be chance.
          if (finished > 0 && share >= 2 * left && ofTarget(next) >= Math.min(2, ofTarget(unseen))) learned = { clips: ranked };
        }
        expect(accepted.every((status) => status === 204)).toBe(true);
        expect(learned, tries.join("; ")).toBeDefined();
        // The reasons say why: each clip of the category among them is there for a taste the visitor showed, named by
        // the clip's category, creator or one of its tags (whichever the visitor finished most: the category's clips
        // may share one creator or tag, which then weighs as much as the category or more).
        const ofCategory = learned!.clips.slice(1, 6).filter((clip) => clip.category.slug === target);
        for (const clip of ofCategory) {
          const own = new Set([
            `category:${clip.category.slug}`,
            `creator:${clip.creatorSlug}`,
            ...clip.tags.map((tag) => `tag:${tag.slug}`),
          ]);
          const tastes = tastesOf(clip);
          expect(tastes.length, JSON.stringify(clip.why)).toBeGreaterThan(0);
          for (const taste of tastes) expect(own, tries.join("; ")).toContain(taste);
        }

        await page.goto("/what-the-feed-learned");
        await hydrated(page);
        // The page lists the category among the visitor's likings, with a positive weight.
        const liking = page.locator(`[data-facet="category"] [data-learned-item="${target}"] [data-weight]`);
        expect(Number(await liking.getAttribute("data-weight"))).toBeGreaterThan(0);
        const resetButton = page.getByRole("button", { name: "Reset everything" });
        await reactOwns(resetButton);
        await resetButton.click();
        // Nothing learned is left to list.
        await page.locator("[data-learned-empty]").waitFor();
        // The feed ranks as for a newcomer who saw these clips: no clip is there for a taste. (That the category's share
        // then falls back is measured on a catalogue large enough for it, tests/integration/feed-for-you.test.ts: on
        // 26 clips, two of the few left in the next five are as likely by chance.)
        const reset = (await rankedNow(page)).clips;
        expect(reset.flatMap(tastesOf)).toEqual([]);
        await page.context().close();
      },
    );
  }
});

describe("Not interested and its Undo", () => {
  it(
    "at 390×844: the clip the dismissal put on screen and Undo took away is no skip, and the feed learns nothing against it",
    { timeout: 120_000 },
    async () => {
      const page = await (await newContext(browser, { viewport: { width: 390, height: 844 }, userAgent: VISITOR_CHROME })).newPage();
      const sent: Sent[] = [];
      // Every batch as the page sends it, by fetch or beacon.
      page.on("request", (request: Request) => {
        if (request.url().endsWith("/api/signals") && request.method() === "POST")
          sent.push(...(JSON.parse(request.postData() ?? "{}") as { events: Sent[] }).events);
      });
      const ownPage = page.waitForResponse((response) => /\/api\/feed\?.*offset=0/.test(response.url()) && response.ok());
      await page.goto("/");
      await hydrated(page);
      const held = ((await (await ownPage).json()) as FeedPage).clips;
      await videoReady(page);
      const onStage = () => feed(page).getAttribute("data-clip-id");
      const dismissed = (await onStage())!;
      const menuButton = feed(page).getByRole("button", { name: "More", exact: true });
      const menu = page.getByRole("dialog", { name: "About this clip" });

      await menuButton.click();
      await menu.getByRole("button", { name: "Not interested" }).click();
      await expect.poll(onStage).not.toBe(dismissed);
      const between = (await onStage())!;
      await page.waitForTimeout(500);
      await page.getByRole("button", { name: "Undo" }).click();
      await expect.poll(onStage).toBe(dismissed);
      // The clip back on screen stays past the skip's two seconds: leaving it below is no skip either.
      await page.waitForTimeout(2500);

      // What the feed learned sends this visit's watches before it reads them.
      await menuButton.click();
      await menu.getByRole("button", { name: "Why this clip" }).click();
      await menu.getByRole("link", { name: "See and change what the feed learned" }).click();
      await page.waitForURL("**/what-the-feed-learned");
      await page.getByTestId("feed-learned").waitFor();

      const ofBetween = sent.filter((event) => event.clipId === between);
      expect(ofBetween.length, JSON.stringify(sent)).toBeGreaterThan(0);
      expect(
        sent.filter((event) => event.skipped),
        JSON.stringify(sent),
      ).toEqual([]);
      // Its creator (another than the dismissed clip's: the dismissal sinks that one) did not sink, nor did anything
      // else: the dismissal's weights were taken back with it, and nothing was skipped.
      const creator = held.find((clip) => clip.id === between)?.creatorSlug;
      expect(creator).toBeDefined();
      const weight = page.locator(`[data-facet="creator"] [data-learned-item="${creator}"] [data-weight]`);
      if (await weight.count()) expect(Number(await weight.getAttribute("data-weight"))).toBeGreaterThanOrEqual(0);
      const weights = await page.locator("[data-weight]").evaluateAll((els) => els.map((el) => Number(el.getAttribute("data-weight"))));
      expect(weights.filter((w) => w < -0.05)).toEqual([]);
      await page.context().close();
    },
  );
});
