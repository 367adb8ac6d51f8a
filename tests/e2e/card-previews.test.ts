import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hydrated, launchBrowser, newContext, type ContextOptions } from "./support";

// Grid cards preview a clip's second and third thumbnails on hover or long-press, and fetch neither before.

const PAGE = "/creator/aurora-vale";
const PREVIEW = /_thumb[23]\.jpg$/;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Opens the creator page and records every preview thumbnail the page asks for. */
async function open(options: ContextOptions) {
  const page = await (await newContext(browser, options)).newPage();
  const fetched: string[] = [];
  page.on("request", (request) => {
    if (PREVIEW.test(new URL(request.url()).pathname)) fetched.push(new URL(request.url()).pathname.split("/").pop()!);
  });
  await page.goto(PAGE, { waitUntil: "networkidle" });
  await hydrated(page);
  const card = page.locator("main article a.card-preview-host").first();
  await card.scrollIntoViewIfNeeded();
  return { page, card, fetched };
}

const previewImage = (page: Page) =>
  page
    .locator("main article .card-preview")
    .first()
    .evaluate((el) => {
      const style = getComputedStyle(el);
      return { shown: style.display !== "none", image: style.backgroundImage, animation: style.animationName };
    });

describe("card previews", { timeout: 60_000 }, () => {
  it("cycles the second and third thumbnails on hover, fetched only then", async () => {
    const { page, card, fetched } = await open({});
    expect(await page.locator("main article .card-preview").count()).toBeGreaterThan(0);
    await page.waitForTimeout(300);
    expect(fetched).toEqual([]);
    expect((await previewImage(page)).shown).toBe(false);

    await card.hover();
    const seen = new Set<string>();
    await expect
      .poll(
        async () => {
          const { image } = await previewImage(page);
          seen.add(image.match(/_thumb[23]\.jpg/)?.[0] ?? image);
          return [...seen].sort();
        },
        { timeout: 10_000, interval: 100 },
      )
      .toEqual(expect.arrayContaining(["_thumb2.jpg", "_thumb3.jpg"]));
    expect(fetched.some((name) => name.endsWith("_thumb2.jpg"))).toBe(true);
    expect(fetched.some((name) => name.endsWith("_thumb3.jpg"))).toBe(true);

    await page.mouse.move(0, 0);
    expect((await previewImage(page)).shown).toBe(false);
    await page.context().close();
  });

  it("shows the second thumbnail still, with no cycling, under prefers-reduced-motion", async () => {
    const { page, card, fetched } = await open({ reducedMotion: "reduce" });
    await card.hover();
    await expect.poll(async () => (await previewImage(page)).image).toMatch(/_thumb2\.jpg/);
    await page.waitForTimeout(2_000);
    const still = await previewImage(page);
    expect(still.image).toMatch(/_thumb2\.jpg/);
    expect(still.animation).toBe("none");
    expect(fetched.every((name) => name.endsWith("_thumb2.jpg"))).toBe(true);
    await page.context().close();
  });

  it("previews on a long press at 390×844, opens nothing, and stops when the finger lifts", async () => {
    const { page, card, fetched } = await open({ touch: true, viewport: { width: 390, height: 844 } });
    const box = (await card.boundingBox())!;
    const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    const cdp = await page.context().newCDPSession(page);

    // The finger rests longer than a tap.
    await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [point] });
    await page.waitForTimeout(1_000);
    expect(await card.getAttribute("data-previewing")).toBe("true");
    await expect.poll(async () => (await previewImage(page)).shown).toBe(true);
    await expect.poll(() => fetched.some((name) => name.endsWith("_thumb2.jpg"))).toBe(true);

    await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
    await expect.poll(() => card.getAttribute("data-previewing")).toBeNull();
    await page.waitForTimeout(500);
    expect(new URL(page.url()).pathname).toBe(PAGE);
    expect((await previewImage(page)).shown).toBe(false);
    await page.context().close();
  });

  it("a short tap on a card still opens the clip", async () => {
    const { page, card } = await open({ touch: true, viewport: { width: 390, height: 844 } });
    await card.tap();
    await page.waitForURL(/\/video\//);
    await page.context().close();
  });
});
