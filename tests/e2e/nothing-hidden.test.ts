import { randomUUID } from "node:crypto";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { feed, position } from "./feed-support";
import { newSitePage, signIn, site } from "./sign-in";
import { baseURL, hydrated, launchBrowser, newPage } from "./support";

// Nothing hidden without a word (docs/product.md §7.5). One sign-in in this file (the per-IP limit is shared).

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

interface ApiClip {
  id: string;
  title: string;
}
const feedFor = async (audience: string) => {
  const response = await fetch(`${baseURL()}/api/feed?offset=0`, { headers: { cookie: `age_verified=true; audience=${audience}` } });
  return (await response.json()) as { clips: ApiClip[]; total: number };
};
/** Every clip an audience sees, page by page (the first page alone says nothing about the rest). */
const everyClipFor = async (audience: string) => {
  const clips: ApiClip[] = [];
  for (let offset = 0; ; offset += 12) {
    const cookie = `age_verified=true; audience=${audience}; feed_seed=nothinghidden`;
    const response = await fetch(`${baseURL()}/api/feed?offset=${offset}`, { headers: { cookie } });
    const body = (await response.json()) as { clips: ApiClip[]; total: number };
    clips.push(...body.clips);
    if (body.clips.length === 0 || clips.length >= body.total) return clips;
  }
};

describe("nothing hidden without a word", () => {
  it("starts with a catalogue that shows every feature: pages of clips for a creator and a tag, clips in every audience", async () => {
    const page = await newPage(browser);
    for (const path of ["/creator/aurora-vale", "/tag/neon"]) {
      await page.goto(path);
      const pages = page.getByRole("navigation", { name: "Pagination" });
      await pages.getByRole("link", { name: "Page 2" }).click();
      await page.waitForURL(/[?&]page=2$/);
      expect(await page.locator("article").count(), path).toBeGreaterThan(0);
    }
    await page.context().close();
    for (const audience of ["hetero", "gay", "trans"]) expect((await feedFor(audience)).total, audience).toBeGreaterThan(0);
  });

  it("says how many liked clips the audience filter hides, and shows them on request", { timeout: 120_000 }, async () => {
    const page = await newSitePage(browser);
    await signIn(page, `liked-${randomUUID().slice(0, 8)}@example.com`);

    // A clip only the gay audience sees, flamed from the feed in that audience.
    const hetero = new Set((await everyClipFor("hetero")).map((c) => c.id));
    const gayOnly = (await feedFor("gay")).clips.find((c) => !hetero.has(c.id))!;
    expect(gayOnly, "a demo clip for the gay audience only").toBeTruthy();
    await page.context().addCookies([{ name: "audience", value: "gay", url: site() }]);
    await page.goto(`${site()}/`);
    await hydrated(page);
    for (let i = 0; i < 40 && (await position(page)).title !== gayOnly.title; i++) await page.keyboard.press("ArrowDown");
    expect((await position(page)).title).toBe(gayOnly.title);
    const flame = feed(page).getByRole("button", { name: /^Flame, / });
    // The count moves at once; the list below is read once the server has answered the flame.
    const stored = page.waitForResponse((r) => r.url().endsWith("/api/flames") && r.request().method() === "POST");
    await flame.click();
    expect((await stored).status()).toBe(200);
    await expect.poll(() => flame.getAttribute("aria-pressed"), { timeout: 10_000 }).toBe("true");

    // Back in the default audience the list is empty, but says why and how to see it.
    await page.context().addCookies([{ name: "audience", value: "hetero", url: site() }]);
    await page.goto(`${site()}/liked-videos`);
    await expect(page.getByTestId("liked-total").textContent()).resolves.toBe("0 liked videos");
    const note = page.getByTestId("liked-hidden");
    await expect(note.textContent()).resolves.toContain("1 liked clip belongs to another audience and is not shown here.");
    await note.getByRole("link", { name: "Show it" }).click();
    await page.waitForURL(/audiences=all/);
    await page.getByRole("article", { name: gayOnly.title }).waitFor();
    await expect(page.getByTestId("liked-total").textContent()).resolves.toBe("1 liked video");
    await page.getByTestId("liked-hidden").getByRole("link", { name: "Show only the chosen audience" }).click();
    await page.waitForURL(`${site()}/liked-videos`);
    await page.getByTestId("liked-hidden").getByText("1 liked clip belongs to another audience").waitFor();
    await page.context().close();
  });
});
