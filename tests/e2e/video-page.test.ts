import { randomUUID } from "node:crypto";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseURL, hydrated, launchBrowser, newPage } from "./support";

let browser: Browser;
let clip: { slug: string; id: string };

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${baseURL()}${path}`, { redirect: "manual", headers: { cookie: "age_verified=true", "accept-language": "en", ...headers } });

const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]+)"\/>/.exec(html)?.[1];

function jsonLdOf(html: string) {
  const match = /<script type="application\/ld\+json"([^>]*)>([^<]*)<\/script>/.exec(html);
  expect(match, "a JSON-LD script").not.toBeNull();
  return { attributes: match![1]!, data: JSON.parse(match![2]!) as Record<string, unknown> };
}

beforeAll(async () => {
  browser = await launchBrowser();
  // A clip from the server-rendered home feed; its full id is in the page's loader data.
  const home = await (await get("/")).text();
  const slug = /href="\/video\/([a-z0-9-]+)"/.exec(home)![1]!;
  const html = await (await get(`/video/${slug}`)).text();
  const id = new RegExp(`${slug.slice(-8)}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}`).exec(html)![0];
  clip = { slug, id };
});
afterAll(() => browser?.close());

describe("video page", () => {
  it("answers the UUID, the slug and any slug ending in the short id with the same canonical page and structured data", async () => {
    for (const path of [`/video/${clip.id}`, `/video/${clip.slug}`, `/video/something-${clip.id.slice(0, 8)}`]) {
      const response = await get(path);
      expect(response.status, path).toBe(200);
      const html = await response.text();
      // The canonical origin is the site's public origin (PUBLIC_URL, else localhost).
      const canonical = canonicalOf(html)!;
      expect(canonical, path).toMatch(new RegExp(`^https?://[^/]+/video/${clip.slug}$`));
      expect(html).toMatch(/<title>[^<]+ · Spicy Clips<\/title>/);
      expect(html).toContain('<meta property="og:type" content="video.other"/>');
      expect(html).toContain('<meta property="og:video:type" content="video/mp4"/>');
      expect(html).toMatch(/<meta property="og:video" content="http:\/\/[^"]+\/media\/clips\/[^"]+\.mp4"\/>/);
      expect(html).toMatch(/<video[^>]*>(<source[^>]*>)*<source src="\/media\/clips\//);

      const ld = jsonLdOf(html);
      expect(ld.attributes).toMatch(/nonce="[^"]+"/);
      expect(ld.data).toMatchObject({ "@context": "https://schema.org", "@type": "VideoObject", embedUrl: canonical });
      expect(ld.data.duration).toMatch(/^PT\d+S$/);
      expect(ld.data.contentUrl).toMatch(/^http:\/\/[^/]+\/media\/clips\/.+\.mp4$/);
      expect((ld.data.thumbnailUrl as string[])[0]).toMatch(/^http:\/\/[^/]+\/media\//);
      expect(Number.isNaN(Date.parse(ld.data.uploadDate as string))).toBe(false);
    }
  });

  it("speaks Spanish and shows no media before the age gate is passed", async () => {
    const html = await (await fetch(`${baseURL()}/video/${clip.slug}`, { headers: { "accept-language": "es" } })).text();
    expect(html).toContain("Enlace a este vídeo");
    expect(html).toContain("Vídeos relacionados");
    expect(html).not.toMatch(/<video[^>]+src=|<source[^>]+src=/);
    expect(html).not.toMatch(/<img[^>]+src="\/media\//);
  });

  it("answers unknown, malformed and short ids with the Video Not Found page and a 404", async () => {
    for (const path of [`/video/${randomUUID()}`, "/video/no-such-video", `/video/x-${clip.id.slice(0, 7)}`, "/video/bad%20id!"]) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      const html = await response.text();
      expect(html).toContain("Video Not Found");
      expect(html).toContain("The video you are looking for does not exist.");
      expect(html).toContain('<meta name="robots" content="noindex"/>');
    }
    const page = await newPage(browser);
    await page.goto("/video/no-such-video");
    await hydrated(page);
    await page.getByRole("link", { name: "Back to home" }).click();
    await page.waitForURL(`${baseURL()}/`);
    await page.context().close();
  });

  it("invites an anonymous visitor to sign in instead of giving a flame", async () => {
    const page = await newPage(browser);
    const flamePosts: string[] = [];
    page.on("request", (request) => request.url().includes("/api/flames") && flamePosts.push(request.url()));
    await page.goto(`/video/${clip.slug}`);
    await hydrated(page);
    const button = page.getByRole("button", { name: /^Flame, / });
    const before = await button.textContent();
    await button.click();
    await page.getByRole("status").filter({ hasText: "Sign in to give flames" }).waitFor({ timeout: 10_000 });
    expect(await button.textContent()).toBe(before);
    expect(await button.getAttribute("aria-pressed")).toBe("false");
    expect(flamePosts).toEqual([]);
    await page.context().close();
  });

  it("links related videos to their own video pages", async () => {
    const page = await newPage(browser);
    await page.goto(`/video/${clip.slug}`);
    await hydrated(page);
    const related = page.locator("section", { has: page.getByRole("heading", { name: "Related videos" }) }).locator("article h3 a");
    const count = await related.count();
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThanOrEqual(6);
    const href = (await related.first().getAttribute("href"))!;
    expect(href).toMatch(/^\/video\/[a-z0-9-]+$/);
    expect(href).not.toBe(`/video/${clip.slug}`);
    const title = (await related.first().textContent())!;

    await related.first().click();
    await page.waitForURL(`${baseURL()}${href}`);
    await page.getByRole("heading", { level: 1, name: title }).waitFor({ timeout: 10_000 });
    expect(new URL((await page.locator('link[rel="canonical"]').getAttribute("href"))!).pathname).toBe(href);
    await page.context().close();
  });
});
