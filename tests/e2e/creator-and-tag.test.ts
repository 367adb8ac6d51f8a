import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseURL, hydrated, launchBrowser, newContext, newPage } from "./support";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const get = (path: string, init: RequestInit = {}) =>
  fetch(`${baseURL()}${path}`, {
    redirect: "manual",
    ...init,
    headers: { cookie: "age_verified=true", "accept-language": "en", ...init.headers },
  });
const stat = async (page: Page, key: string) => Number((await page.locator(`[data-stat=${key}] dd`).textContent())!.replace(/\D/g, ""));
const cardTitles = (page: Page) => page.locator("main article h3").allTextContents();

describe("creator page", () => {
  it("renders the profile, stats, videos and metadata on the server", async () => {
    const response = await get("/creator/aurora-vale");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("<title>Aurora Vale · Spicy Clips</title>");
    expect(html).toMatch(/<link rel="canonical" href="http:\/\/[^"]+\/creator\/aurora-vale"\/>/);
    expect(html).toContain('<meta property="og:type" content="profile"/>');
    expect(html).toContain("Colour studies and slow gradients");
    expect(html).toContain('data-testid="initials-avatar"');
  });

  it("redirects a name-like slug to the canonical one", async () => {
    const response = await get("/creator/Iris_Monta%C3%B1o?page=1");
    expect(response.status).toBe(301);
    const location = new URL(response.headers.get("location")!, baseURL());
    expect(location.pathname + location.search).toBe("/creator/iris-montano?page=1");
  });

  it("lists the creator's videos and tags (5, then all) and copies the share link", async () => {
    const context = await newContext(browser);
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL() });
    const page = await context.newPage();
    await page.goto("/creator/aurora-vale");
    await hydrated(page);
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toContain("Aurora Vale");

    const videos = await stat(page, "videos");
    expect(videos).toBeGreaterThan(0);
    expect(await page.locator("main article").count()).toBe(Math.min(videos, 10));
    const flames = await stat(page, "flames");
    expect(flames).toBeGreaterThanOrEqual(0);
    // Views of the creator's clips: a counter (creator_stats), labelled like the other tiles.
    await expect(page.locator("[data-stat=views] dt").textContent()).resolves.toBe("Views");
    expect(await stat(page, "views")).toBeGreaterThanOrEqual(0);

    const tagCount = await stat(page, "tags");
    const tagList = page.locator("section", { has: page.getByRole("heading", { name: "Tags", exact: true }) }).locator("ul > li");
    // The demo seed is deterministic: this creator's clips carry more than 5 tags.
    expect(tagCount).toBeGreaterThan(5);
    expect(await tagList.count()).toBe(5);
    await page.getByRole("button", { name: `Show all (${Math.min(tagCount, 50)})` }).click();
    expect(await tagList.count()).toBe(Math.min(tagCount, 50));
    await page.getByRole("button", { name: "Show less" }).click();
    expect(await tagList.count()).toBe(5);
    const firstTag = await tagList.first().locator("a").getAttribute("href");
    expect(firstTag).toMatch(/^\/tag\/[a-z0-9-]+$/);

    await page.getByRole("button", { name: "Share" }).click();
    await page.getByText("Link copied to clipboard").waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(/^https?:\/\/[^/]+\/creator\/aurora-vale$/);
    await context.close();
  });

  it("answers 'Creator Not Found' with a 404 and a way home", async () => {
    const response = await get("/creator/nobody-by-this-name");
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain("Creator Not Found");
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    expect((await get("/creator/aurora-vale?page=99")).status).toBe(404);

    const page = await newPage(browser);
    await page.goto("/creator/nobody-by-this-name");
    await page.getByRole("link", { name: "Back to home" }).click();
    await page.waitForURL(`${baseURL()}/`);
    await page.context().close();
  });
});

describe("tag page", () => {
  it("sorts by Popular, then Recent: the order and the URL change", async () => {
    const page = await newPage(browser);
    await page.goto("/tag/hetero");
    await hydrated(page);
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("#Hetero");
    await expect(page.title()).resolves.toBe("#Hetero · Spicy Clips");
    const sorts = page.getByRole("navigation", { name: "Sort clips" });
    await expect(sorts.getByRole("link", { name: "Popular" }).getAttribute("aria-current")).resolves.toBe("true");
    const videos = await stat(page, "videos");
    expect(videos).toBeGreaterThan(10);
    expect(await stat(page, "creators")).toBeGreaterThan(1);
    await expect(page.locator("[data-stat=views] dt").textContent()).resolves.toBe("Views");
    const popular = await cardTitles(page);
    expect(popular.length).toBe(10);

    await sorts.getByRole("link", { name: "Recent" }).click();
    await page.waitForURL(`${baseURL()}/tag/hetero?sort=recent`);
    await sorts.locator('a[aria-current="true"]', { hasText: "Recent" }).waitFor();
    const recent = await cardTitles(page);
    expect(recent.length).toBe(10);
    expect(recent).not.toEqual(popular);

    // Paging keeps the sort; related tags link to other tag pages.
    const pagination = page.getByRole("navigation", { name: "Pagination" });
    await pagination.getByRole("link", { name: "Page 2" }).click();
    await page.waitForURL(`${baseURL()}/tag/hetero?sort=recent&page=2`);
    await pagination.locator('a[aria-current="page"]', { hasText: "2" }).waitFor();
    const second = await cardTitles(page);
    expect(second.some((title) => recent.includes(title))).toBe(false);
    const related = page.getByRole("complementary").getByRole("link");
    expect(await related.count()).toBeGreaterThan(0);
    expect(await related.count()).toBeLessThanOrEqual(10);
    await expect(related.first().getAttribute("href")).resolves.not.toBe("/tag/hetero");
    await page.context().close();
  });

  it("answers 'Tag Not Found' with a 404", async () => {
    const response = await get("/tag/no-such-tag-here");
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain("Tag Not Found");
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    expect(html).toContain("Back to home");
  });
});
