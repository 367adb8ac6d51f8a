import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newSitePage, site, signInModerator } from "./sign-in";
import { hydrated, launchBrowser, reactOwns } from "./support";

/** This file's moderator (ADMIN_EMAILS of the e2e server). */
const EDITOR = "editor@example.com";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe("the desk edits the catalogue", () => {
  it("a moderator's clip edit shows on the next request, in both languages", async () => {
    const page = await newSitePage(browser);
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInModerator(page, EDITOR);
    // A clip of the seeded catalogue, taken from the creator page the desk links to.
    await page.goto(`${site()}/creator/luna-ferro`);
    await hydrated(page);
    const href = (await page.locator("main article a[href^='/video/']").first().getAttribute("href"))!;
    const title = `Edited on the desk ${Date.now().toString(36)}`;

    await page.goto(`${site()}/admin/clips?q=${encodeURIComponent(href)}`);
    await hydrated(page);
    const form = page.locator("form", { has: page.getByRole("button", { name: "Save changes" }) });
    await reactOwns(form.getByRole("button", { name: "Save changes" }));
    await form.getByLabel("Title").fill(title);
    await form.getByLabel("Description (Spanish)").fill("Descripción escrita en el escritorio");
    await form.getByRole("button", { name: "Save changes" }).click();
    await page.getByText("Saved. The change shows on the next request.").waitFor();

    const response = await fetch(`${site()}${href}`, { headers: { cookie: "age_verified=true; lang=es", "accept-language": "es" } });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(title);
    expect(html).toContain("Descripción escrita en el escritorio");

    // The audit log names the edit.
    await page.goto(`${site()}/admin/audit`);
    await hydrated(page);
    await page.getByText("Clip edited").first().waitFor();
    await page.context().close();
  });
});
