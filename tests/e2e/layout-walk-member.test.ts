import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { catalogue, walk } from "./layout-walk";
import { signInModerator, site } from "./sign-in";
import { launchBrowser, newPage } from "./support";

// The layout walk (tests/e2e/layout-walk.ts) of every page a signed-in member reaches, the desk included.

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
    const { video, tag } = await catalogue(base);
    const page = await newPage(browser);
    await page.context().addCookies([{ name: "age_verified", value: "true", url: base }]);
    expect(MEMBER.length).toBe(40);
    await signInModerator(page, MEMBER);
    const paths = [
      "/",
      video,
      tag,
      "/liked-videos",
      "/my-account",
      "/insights",
      "/submit",
      "/search?q=neon",
      "/admin",
      "/admin/jobs",
      "/admin/submissions",
    ];
    const problems = await walk(page, base, paths, "member", { "/": "header-signed-in", "/admin/submissions": "desk-queue" });
    await page.context().close();
    expect(problems).toEqual([]);
  });
});
