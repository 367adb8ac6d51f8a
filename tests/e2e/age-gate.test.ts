import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseURL, launchBrowser, newPage, reactOwns } from "./support";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe("age gate", () => {
  it("shows the question after the loader and withholds every clip until confirmed", async () => {
    const page = await newPage(browser, { ageVerified: false });
    const mediaRequests: string[] = [];
    page.on("request", (r) => r.url().includes("/media/") && mediaRequests.push(r.url()));
    await page.goto("/");

    const dialog = page.getByRole("dialog", { name: "Are you 18 or older?" });
    // The question appears only after the 2000 ms loader.
    await expect(page.getByRole("button", { name: "Confirm, I am 18 or older" }).isVisible()).resolves.toBe(false);
    await dialog.getByRole("button", { name: "Confirm, I am 18 or older" }).waitFor({ state: "visible", timeout: 5000 });
    await expect(page.locator('video[src*="/media/"], source[src*="/media/"], img[src*="/media/"]').count()).resolves.toBe(0);
    expect(mediaRequests).toEqual([]);

    // The gate hydrates after the page (ADR 157): before that, Confirm takes the no-JavaScript path (tested below).
    await reactOwns(dialog.getByRole("button", { name: "Confirm, I am 18 or older" }));
    await dialog.getByRole("button", { name: "Confirm, I am 18 or older" }).click();
    await page.locator('video source[src*="/media/"]').first().waitFor({ state: "attached" });
    await expect(page.evaluate(() => localStorage.getItem("age_verified"))).resolves.toBe("true");
    expect((await page.context().cookies()).find((c) => c.name === "age_verified")?.value).toBe("true");

    await page.reload();
    await expect(page.getByRole("dialog").count()).resolves.toBe(0);
    await page.context().close();
  });

  it("sends the visitor to a search engine when they leave", async () => {
    const page = await newPage(browser, { ageVerified: false });
    await page.route("https://www.google.com/**", (route) => route.fulfill({ status: 200, body: "search engine" }));
    await page.goto("/");
    await page.getByRole("link", { name: "Leave this site" }).click({ timeout: 5000 });
    await page.waitForURL("https://www.google.com/");
    await page.context().close();
  });

  it("restores the cookie from the local flag without asking again", async () => {
    const page = await newPage(browser, { ageVerified: false });
    // A plain-text address of the site: no page of its own whose gate could restore the cookie and reload under the
    // next navigation.
    await page.goto("/robots.txt");
    await page.evaluate(() => localStorage.setItem("age_verified", "true"));
    // The page restores the cookie and reloads itself at once.
    await page.goto("/", { waitUntil: "commit" });
    // The gate's script loads after the page (ADR 157), then restores the cookie and reloads.
    await page.locator('video source[src*="/media/"]').first().waitFor({ state: "attached", timeout: 20_000 });
    await expect(page.getByRole("dialog").count()).resolves.toBe(0);
    await page.context().close();
  });

  it("works without JavaScript: Confirm posts the flag and comes back", async () => {
    const context = await browser.newContext({ baseURL: baseURL(), javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/");
    await page.getByRole("button", { name: "Confirm, I am 18 or older" }).click({ timeout: 5000 });
    await page.waitForURL(`${baseURL()}/`);
    await expect(page.locator('video source[src*="/media/"]').count()).resolves.toBeGreaterThan(0);
    await context.close();
  });

  it("is not shown in Conscious Mode", async () => {
    const html = await (await fetch(`${baseURL()}/?mode=sfw`)).text();
    // The page's translations travel inline as JSON (docs/decisions/041-translations-in-the-page.md):
    // look for the gate's markup, not for its words.
    expect(html).not.toContain('id="age-gate-title"');
    expect(html).toContain('id="i18n-resources"');
  });
});
