import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newSitePage, site, signInModerator } from "./sign-in";
import { hydrated, launchBrowser } from "./support";

// A visitor sends only a link; a moderator uploads the clip's video on the submission's desk page and publishes it;
// the clip's Full Content opens the link.

/** This file's moderator (ADMIN_EMAILS of the e2e server). */
const MODERATOR = "links@example.com";
const SAMPLE_MP4 = readFileSync(new URL("../../db/seed/media/clip-02.mp4", import.meta.url));

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const field = (page: Page, name: string) => page.locator(`#submit-form [name="${name}"]`);

describe("a link-only submission published by a moderator", () => {
  it("becomes a clip from the moderator's video, whose Full Content opens the link", { timeout: 240_000 }, async () => {
    const suffix = randomUUID().slice(0, 6);
    const creator = `Link Studio ${suffix}`;
    const title = `From a link ${suffix}`;
    const link = `https://posts.example/${suffix}`;
    const page = await newSitePage(browser);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${site()}/submit`);
    await hydrated(page);
    await field(page, "creatorName").fill(creator);
    await field(page, "category").selectOption("Amateur");
    await field(page, "tags").fill("test pattern");
    await field(page, "imageOrVideoLink").fill(link);
    await field(page, "salesProfileLink").fill(`https://fans.example/${suffix}`);
    await page.getByRole("button", { name: "Submit for review" }).click();
    await page.waitForURL(`${site()}/`);

    await signInModerator(page, MODERATOR);
    await page.goto(`${site()}/admin/submissions`);
    await hydrated(page);
    await page.getByRole("link", { name: creator }).click();
    await page.getByRole("heading", { name: "Publish from the link" }).waitFor();
    await page.getByText("No file was uploaded: the sender sent only the link above.").waitFor();
    expect(await page.getByRole("link", { name: link }).getAttribute("href")).toBe(link);

    const publish = page.getByRole("form", { name: "Publish as a clip" });
    await publish.getByLabel("Clip title").fill(title);
    await publish.getByLabel("Browse category").selectOption({ index: 1 });
    await publish.getByLabel("Video for the clip").setInputFiles({ name: "preview.mp4", mimeType: "video/mp4", buffer: SAMPLE_MP4 });
    await publish.getByRole("button", { name: "Publish clip" }).click();
    const clipLink = page.getByRole("link", { name: title });
    await clipLink.waitFor({ timeout: 120_000 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    await page.setViewportSize({ width: 1440, height: 900 });
    await clipLink.click();
    await page.getByRole("heading", { name: title }).waitFor();
    // The page's extras (Full Content among them) may arrive a moment after its heading.
    await expect.poll(() => page.locator(`main a[href="${link}"]`).count()).toBeGreaterThan(0);
    await page.context().close();
  });
});
