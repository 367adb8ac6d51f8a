import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { site } from "./sign-in";
import { launchBrowser, newPage } from "./support";
import { catalogue, walk } from "./layout-walk";
import { VISITOR_PAGES, VISITOR_SHOTS } from "./layout-walk-pages";

// The layout walk (tests/e2e/layout-walk.ts) of every page a visitor who is not signed in reaches.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe("the layout of every page", () => {
  it("holds for a visitor, at four sizes and in both languages", { timeout: 900_000 }, async () => {
    const base = site();
    // No desk item for a visitor: the desk's pages are the member's walk.
    const values = { ...(await catalogue(base)), queue: "reports", item: "none" };
    const page = await newPage(browser);
    await page.context().addCookies([{ name: "age_verified", value: "true", url: base }]);
    const problems = await walk(page, base, VISITOR_PAGES, values, "visitor", VISITOR_SHOTS);
    await page.context().close();
    expect(problems, problems.join("; ")).toEqual([]);
  });
});
