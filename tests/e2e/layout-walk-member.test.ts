import { randomUUID } from "node:crypto";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { site, signInModerator } from "./sign-in";
import { baseURL, hydrated, launchBrowser, newPage } from "./support";
import { catalogue, postReport, walk } from "./layout-walk";
import { MEMBER_PAGES, MEMBER_SHOTS } from "./layout-walk-pages";

// The layout walk (tests/e2e/layout-walk.ts) of every page a signed-in member reaches, the desk included: a queue with
// items and one item's page.

/** 40 characters; a moderator of the e2e server (global-setup.ts), so the desk is walked too. */
const MEMBER = "polish-walk-with-a-long-name@example.com";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe("the layout of every page", () => {
  it("holds for a signed-in member with a 40-character address, the desk included", { timeout: 900_000 }, async () => {
    const base = site();
    // Two open reports with long words in them: the queue shows its rows and its bulk decision, the item its decision.
    const run = randomUUID().slice(0, 8);
    for (const n of [1, 2])
      expect(
        await postReport(baseURL(), base, {
          contentUrl: `https://elsewhere.example/a-rather-long-address-of-a-stolen-clip/${run}/${n}`,
          description: `A stolen clip, reported for the layout walk ${run} ${n}: ${"unbroken".repeat(6)}`,
          email: `layout-walk-reporter-${n}@example.com`,
        }),
      ).toBe(200);
    const page = await newPage(browser);
    await page.context().addCookies([{ name: "age_verified", value: "true", url: base }]);
    expect(MEMBER.length).toBe(40);
    await signInModerator(page, MEMBER);
    await page.goto(`${base}/admin/reports?q=${run}`);
    await hydrated(page);
    const item = (await page.locator("main a[href^='/admin/reports/']").first().getAttribute("href"))!.split("/").pop()!;
    const values = { ...(await catalogue(base)), queue: "reports", item };
    const problems = await walk(page, base, MEMBER_PAGES, values, "member", MEMBER_SHOTS);
    await page.context().close();
    expect(problems, problems.join("; ")).toEqual([]);
  });
});
