import { randomUUID } from "node:crypto";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseURL, hydrated, launchBrowser } from "./support";
import { newSitePage as newSitePageOn, signIn, site } from "./sign-in";

// Sign-ins from this file count against the run's per-IP limit (raised in global-setup): this file makes 2.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const go = async (page: Page, path: string) => {
  await page.goto(`${site()}${path}`);
  await hydrated(page);
};

interface Mail {
  to: string;
  subject: string;
}

describe("account security", () => {
  it("lists the member's browsers and signs out everywhere else, with a mail to the address", { timeout: 180_000 }, async () => {
    const email = `sessions-${randomUUID().slice(0, 8)}@example.com`;
    const here = await newSitePageOn(browser);
    const there = await newSitePageOn(browser);
    await signIn(here, email);
    await signIn(there, email);

    await go(here, "/my-account");
    await here.getByRole("link", { name: "Security: sessions and sign-in" }).click();
    await here.getByRole("heading", { level: 1, name: "Security" }).waitFor();
    const sessions = here.getByTestId("session");
    await expect.poll(() => sessions.count()).toBe(2);
    await expect(sessions.filter({ hasText: "This browser" }).count()).resolves.toBe(1);

    await here.getByRole("button", { name: "Sign out everywhere else" }).click();
    await here.getByRole("status").filter({ hasText: "Every other browser is signed out." }).waitFor();
    await expect.poll(() => sessions.count()).toBe(1);

    await go(there, "/my-account");
    await there.getByRole("heading", { name: "Access Required" }).waitFor();

    const mails = (await (await fetch(`${baseURL()}/dev/mailbox.json`)).json()) as Mail[];
    expect(mails.some((mail) => mail.to === email && mail.subject.includes("signed out everywhere else"))).toBe(true);
    await here.context().close();
    await there.context().close();
  });
});
