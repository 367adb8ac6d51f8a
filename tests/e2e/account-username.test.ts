import { randomUUID } from "node:crypto";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseURL, hydrated, launchBrowser } from "./support";
import { newSitePage, signIn, site } from "./sign-in";

// Sign-ins from this file count against the run's per-IP limit (raised in global-setup): this file makes 1.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe("choosing a username", () => {
  it("is refused inline when too short, saved from the keyboard, shown in the header menu and mailed", { timeout: 180_000 }, async () => {
    const local = `name-${randomUUID().slice(0, 8)}`;
    const email = `${local}@example.com`;
    const username = `Owl_${randomUUID().slice(0, 6)}`;
    const page = await newSitePage(browser);
    await signIn(page, email);

    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1440, height: 900 },
    ]) {
      await page.setViewportSize(viewport);
      await page.goto(`${site()}/my-account`);
      await hydrated(page);
      const field = page.getByLabel("Username", { exact: true });
      await field.fill("ab");
      await page.keyboard.press("Enter");
      await page.getByRole("alert").filter({ hasText: "A username needs at least 3 characters." }).waitFor();
      await expect(field.getAttribute("aria-invalid")).resolves.toBe("true");
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    }

    const field = page.getByLabel("Username", { exact: true });
    await field.fill(username);
    await field.press("Enter");
    await page.getByRole("status").filter({ hasText: "Your username is saved." }).waitFor();
    await page.goto(`${site()}/`);
    await hydrated(page);
    await page.locator(`summary[aria-label="Account menu for ${username}"]`).waitFor({ state: "attached" });

    const mails = (await (await fetch(`${baseURL()}/dev/mailbox.json`)).json()) as { to: string; subject: string }[];
    expect(mails.some((mail) => mail.to === email && mail.subject === "Your Spicy Clips username was changed")).toBe(true);
    await page.context().close();
  });
});
