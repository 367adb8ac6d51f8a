import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseURL, hydrated, launchBrowser, newPage } from "./support";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const get = (path: string) => fetch(`${baseURL()}${path}`, { headers: { cookie: "age_verified=true", "accept-language": "en" } });

describe("search", () => {
  it("searches from the header box and shows matching clips on a noindex page", async () => {
    const page = await newPage(browser);
    await page.goto("/");
    await hydrated(page);
    const box = page.getByRole("search", { name: "Site search" }).getByRole("searchbox", { name: "Search clips, creators and tags" });
    await box.fill("neon");
    await box.press("Enter");
    await page.waitForURL(/\/search\?q=neon$/);
    await page.getByText("Results for “neon”").waitFor();
    await expect(page.getByRole("heading", { level: 1, name: "Search" }).count()).resolves.toBe(1);
    await expect(page.locator('main a[href^="/video/"]').count()).resolves.toBeGreaterThan(0);
    await expect(page.title()).resolves.toBe("Search: neon · Spicy Clips");
    await expect(page.locator('meta[name="robots"]').getAttribute("content")).resolves.toBe("noindex");
    await expect(page.locator('link[rel="canonical"]').getAttribute("href")).resolves.toMatch(/\/search\?q=neon$/);
    // The header box keeps the term on the results page.
    await expect(box.inputValue()).resolves.toBe("neon");
    await page.context().close();
  });

  it("explains that a 1-character term is too short, with a 400", async () => {
    const page = await newPage(browser);
    await page.goto("/search");
    await hydrated(page);
    const box = page.getByRole("search", { name: "Search clips" }).getByRole("searchbox");
    await box.fill("a");
    await page.getByRole("search", { name: "Search clips" }).getByRole("button", { name: "Search" }).click();
    await page.waitForURL(/\/search\?q=a$/);
    await page.getByRole("alert").filter({ hasText: "Search term must be at least 2 characters" }).waitFor();
    await page.context().close();

    const response = await get("/search?q=%3Ca%3E");
    expect(response.status).toBe(400);
    expect(response.headers.get("x-robots-tag")).toBe("noindex");
    expect(await response.text()).toContain("Search term must be at least 2 characters");
  });

  it("collapses the header box to a button on small screens that opens the search page", async () => {
    const page = await newPage(browser, { viewport: { width: 360, height: 740 } });
    await page.goto("/");
    await hydrated(page);
    const header = page.getByRole("search", { name: "Site search" });
    await expect(header.getByRole("searchbox").isVisible()).resolves.toBe(false);
    await header.getByRole("button", { name: "Search" }).click();
    await page.waitForURL(/\/search\?q=$/);
    await page.getByRole("search", { name: "Search clips" }).getByRole("searchbox").waitFor();
    await page.context().close();
  });
});

describe("robots.txt and sitemap.xml", () => {
  it("serves robots.txt with the private paths disallowed and the sitemap", async () => {
    const response = await get("/robots.txt");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/plain");
    const body = await response.text();
    for (const path of ["/api/", "/search", "/my-account", "/liked-videos", "/admin", "/dev/"])
      expect(body).toContain(`Disallow: ${path}\n`);
    expect(body).toMatch(/\nSitemap: https?:\/\/[^\s]+\/sitemap\.xml\n/);
  });

  it("serves a sitemap of clips, creators and tags with language alternates", async () => {
    const response = await get("/sitemap.xml");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("application/xml");
    const xml = await response.text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    expect(new Set(locs).size).toBe(locs.length);
    expect(locs.filter((loc) => loc.includes("/video/")).length).toBeGreaterThan(10);
    expect(locs.some((loc) => loc.includes("/creator/"))).toBe(true);
    expect(locs.some((loc) => loc.includes("/tag/"))).toBe(true);
    expect(xml).toMatch(/<xhtml:link rel="alternate" hreflang="es" href="[^"]+\/video\/[^"]+\?lang=es"\/>/);
  });

  it("lists nothing adult in Conscious Mode", async () => {
    const response = await fetch(`${baseURL()}/sitemap.xml?mode=sfw`);
    expect(response.status).toBe(200);
    const xml = await response.text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    expect(locs).toHaveLength(1);
    expect(new URL(locs[0]!).pathname).toBe("/");
    expect(xml).not.toMatch(/\/(video|creator|tag)\//);
    expect((await fetch(`${baseURL()}/search?q=neon&mode=sfw`)).status).toBe(404);
  });
});
