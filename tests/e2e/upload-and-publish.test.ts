import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newSitePage, site, signInModerator } from "./sign-in";
import { hydrated, launchBrowser } from "./support";

// A visitor uploads a video with the submit form; a moderator previews it in
// quarantine and publishes it; the clip then plays on its own page.

const SAMPLE_MP4 = readFileSync(new URL("../../db/seed/media/clip-02.mp4", import.meta.url));

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const field = (page: Page, name: string) => page.locator(`#submit-form [name="${name}"]`);
const errorOf = (page: Page, name: string) => page.locator(`#submit-form-${name}-error`);

describe("uploads on the submit form, published by a moderator", () => {
  it(
    "refuses wrong files with specific messages, keeps a real video, and publishes it as a playable clip",
    { timeout: 240_000 },
    async () => {
      const suffix = randomUUID().slice(0, 6);
      const creator = `Upload Studio ${suffix}`;
      const title = `Dusk pattern ${suffix}`;
      const page = await newSitePage(browser);
      await page.goto(`${site()}/submit`);
      await hydrated(page);

      const upload = page.getByLabel("Video or image");
      expect(await upload.getAttribute("type")).toBe("file");
      await field(page, "creatorName").fill(creator);
      await field(page, "category").selectOption("Amateur");
      await field(page, "tags").fill("test pattern, dusk");
      await field(page, "imageOrVideoLink").fill("https://example.com/original");
      await field(page, "salesProfileLink").fill(`https://fans.example/${suffix}`);

      // The browser refuses what a file claims to be before sending anything...
      await upload.setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("just text") });
      await page.getByRole("button", { name: "Submit for review" }).click();
      await expect(errorOf(page, "upload").textContent()).resolves.toBe(
        "This file type is not accepted. Please choose an MP4, WebM or QuickTime video, or a JPEG, PNG or WebP image.",
      );
      // ...and the server judges the bytes of a file that only pretends.
      await upload.setInputFiles({ name: "fake.mp4", mimeType: "video/mp4", buffer: Buffer.from("not really a video ".repeat(20)) });
      await errorOf(page, "upload").waitFor({ state: "detached" });
      await page.getByRole("button", { name: "Submit for review" }).click();
      await errorOf(page, "upload").waitFor();
      expect(await errorOf(page, "upload").textContent()).toContain("This file type is not accepted.");
      expect(page.url()).toContain("/submit");

      await upload.setInputFiles({ name: "pattern.mp4", mimeType: "video/mp4", buffer: SAMPLE_MP4 });
      await page.getByRole("button", { name: "Submit for review" }).click();
      await page.locator("[data-sonner-toast]", { hasText: "Content submitted for review!" }).first().waitFor({ timeout: 30_000 });
      await page.waitForURL(`${site()}/`);

      await signInModerator(page, "uploads@example.com");
      await page.goto(`${site()}/admin/submissions`);
      await page.getByRole("listitem").filter({ hasText: creator }).getByText("Video attached").waitFor();
      await page.getByRole("link", { name: creator }).click();
      await page.getByRole("heading", { name: "Uploaded file" }).waitFor();
      await page.getByText(`pattern.mp4 — video, video/mp4`).waitFor();
      const preview = page.getByLabel("Preview of the uploaded file (moderators only)");
      const previewSrc = await preview.locator("source").getAttribute("src");
      expect((await page.request.get(`${site()}${previewSrc}`)).status()).toBe(200);
      // The moderator's browser really loads it (the sandboxing CSP and no-store notwithstanding).
      await expect
        .poll(() => preview.evaluate((video: HTMLVideoElement) => video.readyState), { timeout: 15_000 })
        .toBeGreaterThanOrEqual(1);
      // Quarantine is private: a visitor's browser gets nothing.
      const visitor = await browser.newContext();
      expect((await visitor.request.get(`${site()}${previewSrc}`)).status()).toBe(404);
      await visitor.close();

      const publish = page.getByRole("form", { name: "Publish as a clip" });
      await publish.getByLabel("Clip title").fill(title);
      await publish.getByLabel("Browse category").selectOption({ index: 1 });
      await publish.getByLabel("Start at (seconds, optional)").fill("1");
      await publish.getByLabel("End at (seconds, optional)").fill("5");
      await publish.getByRole("button", { name: "Publish clip" }).click();
      const clipLink = page.getByRole("link", { name: title });
      await clipLink.waitFor({ timeout: 120_000 });
      await expect(publish.count()).resolves.toBe(0);

      await clipLink.click();
      await page.getByRole("heading", { name: title }).waitFor();
      const src = await page
        .locator("video")
        .first()
        .evaluate((video: HTMLVideoElement) => video.currentSrc || video.querySelector("source")?.src || "");
      expect(src).toContain("/media/clips/");
      const media = await page.request.get(src, { headers: { range: "bytes=0-15" } });
      expect(media.status()).toBe(206);
      expect((await media.body()).subarray(4, 8).toString()).toBe("ftyp");
      await page.getByRole("link", { name: creator }).first().waitFor();
    },
  );

  it("works without JavaScript: a refused file is reported in place, a good one is kept", { timeout: 120_000 }, async () => {
    const context = await browser.newContext({ baseURL: site(), javaScriptEnabled: false });
    await context.addCookies([{ name: "age_verified", value: "true", url: site() }]);
    const page = await context.newPage();
    const suffix = randomUUID().slice(0, 6);
    const fill = async () => {
      await field(page, "creatorName").fill(`No Script Studio ${suffix}`);
      await field(page, "category").selectOption("Solo");
      await field(page, "tags").fill("plain, form");
      await field(page, "imageOrVideoLink").fill("https://example.com/plain");
      await field(page, "salesProfileLink").fill("https://fans.example/plain");
    };
    await page.goto("/submit");
    await fill();
    // A PNG header is an image; the padding makes it one byte over the 5 MB image limit.
    const png = Buffer.alloc(5 * 1024 * 1024 + 1);
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(png);
    await page.getByLabel("Video or image").setInputFiles({ name: "poster.png", mimeType: "image/png", buffer: png });
    const [refused] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith("/submit") && r.request().method() === "POST"),
      page.getByRole("button", { name: "Submit for review" }).click(),
    ]);
    expect(refused.status()).toBe(400);
    await expect(errorOf(page, "upload").textContent()).resolves.toBe("Images can be at most 5 MB.");
    // The other fields come back as typed.
    await expect(field(page, "tags").inputValue()).resolves.toBe("plain, form");

    await page.getByLabel("Video or image").setInputFiles({ name: "pattern.mp4", mimeType: "video/mp4", buffer: SAMPLE_MP4 });
    await page.getByRole("button", { name: "Submit for review" }).click();
    await page.waitForURL(`${site()}/`);
    await context.close();
  });
});
