import { randomUUID } from "node:crypto";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hydrated, launchBrowser, reactOwns } from "./support";
import { accountMenu, mailTo, newSitePage, site } from "./sign-in";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

// Login CSRF through a sign-in link (ADR 113): the link is asked for in one browser and opened in another.
describe("a sign-in link opened in another browser", () => {
  it("names the address it signs into and signs in only once the visitor confirms", { timeout: 180_000 }, async () => {
    const email = `elsewhere-${randomUUID().slice(0, 8)}@example.com`;
    const asker = await newSitePage(browser);
    await asker.goto(`${site()}/`);
    await hydrated(asker);
    const signInLink = asker.locator("header").getByRole("link", { name: "Sign in" });
    await reactOwns(signInLink);
    await signInLink.click();
    const dialog = asker.getByRole("dialog");
    await dialog.getByLabel("E-mail").fill(email);
    await dialog.getByRole("button", { name: "Send magic link" }).click();
    await dialog.getByText("Email sent!").waitFor();
    const link = await mailTo(email, "magic-link");

    const other = await newSitePage(browser);
    await other.goto(link);
    await other.getByRole("heading", { name: "Sign in with this link?" }).waitFor();
    await expect.poll(() => other.locator("main").textContent()).toContain(`This link signs you in as ${email}`);
    // Nothing has happened yet: the header still offers to sign in.
    expect(await other.locator("header").getByRole("link", { name: "Sign in" }).count()).toBe(1);

    await other.getByRole("button", { name: `Sign in as ${email}` }).click();
    await other.getByRole("heading", { name: "Authentication Successful!" }).waitFor();
    await other.waitForURL(`${site()}/`);
    await hydrated(other);
    await accountMenu(other, email).waitFor();
  });
});
