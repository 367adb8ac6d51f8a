import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { leadClip, removeCaptions, setCaptions, vtt } from "./captions-desk";
import { newSitePage, signInModerator, site } from "./sign-in";
import { FIRST_VISIT_BUDGET, firstVisitScripts, hydrated, launchBrowser, newContext, newPage, reactOwns } from "./support";

// Captions: a moderator attaches a WebVTT file on the desk, the video page's player then shows a CC button, the
// subtitles show when chosen and the choice is remembered; the files are removed at the end, pass or fail, so other
// files' pages (the home page's JavaScript budget, its accessibility audit) meet no captions.

/** This file's moderator (ADMIN_EMAILS of the e2e server). */
const MODERATOR = "captions@example.com";
const CUE = "Synthetic caption line";
const VTT = vtt(CUE);
const VTT_ES = vtt("Línea de subtítulos sintética");
/** A press on the CC button turns it on once its code has come: on a busy machine that can take seconds. */
const PRESSED = { timeout: 10_000 };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** The subtitle track's mode and the text of its active cues, on the video page's player or the feed's clip on screen. */
const subtitles = (page: Page, selector = "figure video") =>
  page.evaluate((selector) => {
    const video = document.querySelector<HTMLVideoElement>(selector);
    const track = video ? Array.from(video.textTracks).find((t) => t.language === "en") : undefined;
    const element = video?.querySelector(`track[srclang="en"]`);
    return {
      mode: track?.mode ?? null,
      kind: element?.getAttribute("kind") ?? null,
      label: element?.getAttribute("label") ?? null,
      active: Array.from(track?.activeCues ?? []).map((cue) => (cue as VTTCue).text),
    };
  }, selector);

/**
 * Waits until the player's extras have arrived (its settings button is React's): from then on the first press on the
 * page loads the CC button's code, and a press on the server's CC button is acted on once it has come.
 */
async function extrasArrived(page: Page, name = "Player settings") {
  await reactOwns(page.getByRole("button", { name }));
}

/** The languages of the video page's subtitle tracks that are showing. */
const showing = (page: Page) =>
  page.evaluate(() =>
    Array.from(document.querySelector<HTMLVideoElement>("figure video")?.textTracks ?? [])
      .filter((track) => track.mode === "showing")
      .map((track) => track.language),
  );

async function watch(slug: string, viewport: { width: number; height: number }, touch: boolean, locale = "en-US") {
  const page = await (await newContext(browser, { viewport, touch, locale })).newPage();
  await page.goto(`/video/${slug}`);
  await hydrated(page);
  const cc = page.getByRole("button", { name: locale.startsWith("es") ? "Subtítulos" : "Captions" });
  await cc.waitFor();
  await extrasArrived(page, locale.startsWith("es") ? "Ajustes del reproductor" : "Player settings");
  await page.waitForFunction(() => ((document.querySelector("figure video") as HTMLVideoElement | null)?.readyState ?? 0) >= 1);
  return { page, cc };
}

describe("captions", { timeout: 120_000 }, () => {
  it("captions show when chosen, at 390×844 and 1440×900, and the choice is remembered", async () => {
    const desk = await newSitePage(browser);
    await desk.setViewportSize({ width: 1440, height: 900 });
    await signInModerator(desk, MODERATOR);
    // A seeded clip of another creator than the one catalogue-edits.test.ts renames.
    const clip = await desk.evaluate(async () => {
      const response = await fetch("/api/feed?offset=0");
      const { clips } = (await response.json()) as { clips: { slug: string; creatorSlug: string; renditions: unknown[] }[] };
      return clips.find((c) => c.creatorSlug !== "luna-ferro" && c.renditions.length > 0)!;
    });

    // Before: no captions, no CC button.
    const before = await (await newContext(browser)).newPage();
    await before.goto(`/video/${clip.slug}`);
    await hydrated(before);
    expect(await before.getByRole("button", { name: "Captions" }).count()).toBe(0);
    await before.context().close();

    try {
      await desk.goto(`${site()}/admin/clips?q=${encodeURIComponent(`/video/${clip.slug}`)}`);
      await hydrated(desk);
      const form = desk.locator("form", { has: desk.getByRole("button", { name: "Attach captions" }) });
      await reactOwns(form.getByRole("button", { name: "Attach captions" }));
      // A file that is not WebVTT is refused with its own message.
      await form.getByLabel("WebVTT file").setInputFiles({ name: "notes.vtt", mimeType: "text/vtt", buffer: Buffer.from("hello\n") });
      await form.getByRole("button", { name: "Attach captions" }).click();
      await desk.getByText("This is not a WebVTT file: its first line must start with WEBVTT.").waitFor();
      await form.getByLabel("Language").selectOption("en");
      await form.getByLabel("WebVTT file").setInputFiles({ name: "en.vtt", mimeType: "text/vtt", buffer: Buffer.from(VTT) });
      await form.getByRole("button", { name: "Attach captions" }).click();
      await desk.getByText("Captions saved.").waitFor();
      // Spanish too: only the chosen language may show.
      await form.getByLabel("Language").selectOption("es");
      await form.getByLabel("WebVTT file").setInputFiles({ name: "es.vtt", mimeType: "text/vtt", buffer: Buffer.from(VTT_ES) });
      await form.getByRole("button", { name: "Attach captions" }).click();
      await desk.getByText("Captions saved.").waitFor();

      for (const [viewport, touch] of [
        [{ width: 390, height: 844 }, true],
        [{ width: 1440, height: 900 }, false],
      ] as const) {
        const { page, cc } = await watch(clip.slug, viewport, touch);
        expect(await cc.getAttribute("aria-pressed")).toBe("false");
        // The page's first press: it is what loads the button's code, and it counts.
        await cc.click();
        await expect.poll(() => cc.getAttribute("aria-pressed"), PRESSED).toBe("true");
        await expect
          .poll(() => subtitles(page), { timeout: 15_000 })
          .toEqual({ mode: "showing", kind: "subtitles", label: "English", active: [CUE] });
        // The browser's own choice of tracks, once they are added, does not turn the Spanish ones on beside them.
        await new Promise((resolve) => setTimeout(resolve, 500));
        expect(await showing(page)).toEqual(["en"]);
        // They are lifted clear of the controls drawn over the clip's foot, which hid them.
        const { clear, covered } = await page.evaluate(() => {
          const video = document.querySelector<HTMLVideoElement>("figure video")!;
          const bar = document.querySelector("figure [data-no-swipe]")!;
          return {
            clear: parseFloat(getComputedStyle(video).getPropertyValue("--cues-clear")),
            covered: video.getBoundingClientRect().bottom - bar.getBoundingClientRect().top,
          };
        });
        expect(covered).toBeGreaterThan(30);
        expect(clear).toBeGreaterThanOrEqual(covered - 1);
        // The choice holds on the next page.
        await page.reload();
        await hydrated(page);
        await reactOwns(page.getByRole("button", { name: "Captions" }));
        await expect.poll(() => page.getByRole("button", { name: "Captions" }).getAttribute("aria-pressed"), PRESSED).toBe("true");
        await expect.poll(async () => (await subtitles(page)).mode, { timeout: 15_000 }).toBe("showing");
        await page.getByRole("button", { name: "Captions" }).click();
        await expect.poll(async () => (await subtitles(page)).mode).toBe("disabled");
        await page.context().close();
      }

      // A Spanish visitor on a 360 px phone: the button is named in Spanish and shows the Spanish captions alone.
      const { page: spanish, cc } = await watch(clip.slug, { width: 360, height: 640 }, true, "es-ES");
      await cc.click();
      await expect.poll(() => cc.getAttribute("aria-pressed"), PRESSED).toBe("true");
      await expect.poll(() => showing(spanish), { timeout: 15_000 }).toEqual(["es"]);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(await showing(spanish)).toEqual(["es"]);
      await spanish.context().close();
    } finally {
      // Whatever was attached goes, pass or fail: a lead clip left with captions changes every later file's home page.
      await removeCaptions(desk, clip.slug);
      await desk.context().close();
    }
  });

  it("captions can be turned on in the home feed for the clip on screen, at 390×844, and cost the first visit no script", async () => {
    const visitor = await (await newContext(browser, { viewport: { width: 390, height: 844 }, touch: true })).newPage();
    await visitor.goto("/");
    await hydrated(visitor);
    const lead = await leadClip(visitor);
    expect(await visitor.getByRole("button", { name: "Captions" }).count()).toBe(0);
    await visitor.context().close();

    const desk = await newSitePage(browser);
    await desk.setViewportSize({ width: 1440, height: 900 });
    await signInModerator(desk, MODERATOR);
    await setCaptions(desk, lead.slug, VTT);
    try {
      const page = await (await newContext(browser, { viewport: { width: 390, height: 844 }, touch: true })).newPage();
      // The stored home page is dropped when the catalogue changes; on PostgreSQL that notice may come a moment later.
      await expect
        .poll(
          async () => {
            await page.goto("/");
            await hydrated(page);
            return page.getByRole("button", { name: "Captions" }).count();
          },
          { timeout: 20_000, interval: 500 },
        )
        .toBe(1);
      expect(await page.locator("section[data-clip-id]").getAttribute("data-clip-id")).toBe(lead.id);

      // A first visit whose lead clip has captions (the home page's weight test, with them): the CC button shows,
      // its code waits for the visitor's first press, and every script loaded by network idle stays within budget.
      const first = await (await newContext(browser, { fresh: true })).newPage();
      const { bytes, files } = await firstVisitScripts(first, "/");
      console.info(`first visit with a captioned lead clip: ${bytes} B gzipped in ${files.length} files`);
      expect(await first.locator("section[data-clip-id]").getAttribute("data-clip-id")).toBe(lead.id);
      expect(await first.getByRole("button", { name: "Captions" }).count()).toBe(1);
      expect(bytes).toBeLessThan(FIRST_VISIT_BUDGET);
      expect(files.filter((file) => file.startsWith("captions-button"))).toEqual([]);
      await first.context().close();

      // On the phone, the page's first press, on CC, loads the button's code and turns the captions on.
      await extrasArrived(page);
      const cc = page.getByRole("button", { name: "Captions" });
      expect(await cc.getAttribute("aria-pressed")).toBe("false");
      await cc.click();
      await expect.poll(() => cc.getAttribute("aria-pressed"), PRESSED).toBe("true");
      await expect
        .poll(() => subtitles(page, `section[data-clip-id] video[data-clip-id="${lead.id}"]`), { timeout: 15_000 })
        .toEqual({ mode: "showing", kind: "subtitles", label: "English", active: [CUE] });
      // The action rail lies over the clip's right edge on a phone: the subtitles' box ends left of it.
      const placed = () =>
        page.evaluate((id) => {
          const video = document.querySelector<HTMLVideoElement>(`section[data-clip-id] video[data-clip-id="${id}"]`)!;
          const box = video.getBoundingClientRect();
          const track = Array.from(video.textTracks).find((t) => t.mode === "showing")!;
          return {
            // A cue left to the browser ("auto") is centred.
            cues: Array.from(track.cues ?? []).map((cue) => {
              const { size, position } = cue as VTTCue;
              return { size, position: position === "auto" ? 50 : position };
            }),
            width: box.width,
            over: box.right - document.querySelector(".feed-rail")!.getBoundingClientRect().left,
          };
        }, lead.id);
      const { cues, width, over } = await placed();
      expect(over).toBeGreaterThan(30);
      expect(cues.length).toBeGreaterThan(0);
      for (const cue of cues) {
        // The box's right edge, in pixels from the clip's left: its centre (position) plus half its size.
        expect(((cue.position + cue.size / 2) / 100) * width).toBeLessThanOrEqual(width - over + 1);
      }
      // Wider, the rail stands beside the clip: the cues are placed as their file placed them again.
      await page.setViewportSize({ width: 1440, height: 900 });
      await expect.poll(async () => (await placed()).cues).toEqual(cues.map(() => ({ size: 100, position: 50 })));
      expect((await placed()).over).toBeLessThanOrEqual(0);
      await page.context().close();

      // A visitor whose first press is a category link: that press also fetches the CC button's code (held back here
      // as on a slow network), and the feed changes while it comes; the filters do not stay marked as loading.
      const desktop = await newPage(browser, { viewport: { width: 1440, height: 900 } });
      await desktop.route(/\/captions-button-[^/]*\.js$/, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1500));
        await route.continue();
      });
      await desktop.goto("/");
      await hydrated(desktop);
      await extrasArrived(desktop);
      await desktop.getByRole("navigation", { name: "Categories" }).getByRole("link").nth(1).click();
      await desktop.waitForURL(/category=/);
      await expect.poll(() => desktop.getByTestId("feed-filters").getAttribute("aria-busy"), { timeout: 10_000 }).toBe("false");
      expect(await desktop.locator("#tag-filter").isEnabled()).toBe(true);
      await desktop.context().close();
    } finally {
      await removeCaptions(desk, lead.slug);
      await desk.context().close();
    }
  });
});
