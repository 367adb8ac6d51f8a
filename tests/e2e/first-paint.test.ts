import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseURL, hydrated, launchBrowser, newPage } from "./support";

// What the first frame of a page waits for and what it already holds (docs/decisions/105-first-load-budget-met.md):
// Lighthouse's largest contentful paint and layout shifts on the home, video, tag and creator pages.
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const html = async (path: string) =>
  (await fetch(`${baseURL()}${path}`, { headers: { cookie: "age_verified=true", "accept-language": "en" } })).text();
const head = (page: string) => page.slice(0, page.indexOf("</head>"));
const firstLink = (page: string, pattern: RegExp) => head(page).search(pattern);

describe("the first paint", () => {
  it("holds the page's scripts back until the first paint: no modulepreload link, no module script, the bootstrap inert under its nonce (docs/decisions/110-scripts-after-first-paint.md)", async () => {
    const page = await html("/");
    expect(firstLink(page, /<link[^>]*rel="stylesheet"/)).toBeGreaterThan(0);
    expect(page).not.toMatch(/<link[^>]*rel="modulepreload"/);
    expect(page).not.toMatch(/<script[^>]*type="module"/);
    const nonce = /<script nonce="([^"]+)"/.exec(page)![1]!;
    const bootstrap =
      /<script nonce="([^"]+)" type="text\/x-module-after-paint"[^>]*>([\s\S]*?)<\/script><script nonce="([^"]+)">([\s\S]*?)<\/script>/.exec(
        page,
      );
    expect(bootstrap?.[1]).toBe(nonce);
    expect(bootstrap?.[2]).toMatch(/import\("\/assets\/entry\.client-[^"]+\.js"\)/);
    expect(bootstrap?.[3]).toBe(nonce);
    expect(bootstrap?.[4]).toContain("first-contentful-paint");
  });

  it("requests no script before the first contentful paint, hydrates, and breaks no CSP rule, on home, video, tag and creator pages", async () => {
    const home = await html("/");
    const paths = ["/", ...["video", "tag", "creator"].map((kind) => new RegExp(`href="(/${kind}/[^"?#]+)"`).exec(home)![1]!)];
    for (const path of paths) {
      const page = await newPage(browser);
      const problems: string[] = [];
      page.on("console", (m) => m.type() === "error" && problems.push(m.text()));
      page.on("pageerror", (e) => problems.push(e.message));
      await page.addInitScript(() =>
        document.addEventListener("securitypolicyviolation", (e) => console.error(`CSP: ${e.violatedDirective} ${e.blockedURI}`)),
      );
      await page.goto(path);
      await hydrated(page);
      const timing = await page.evaluate(() => ({
        firstPaint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Infinity,
        scripts: performance
          .getEntriesByType("resource")
          .filter((entry) => /\.m?js(\?|$)/.test(entry.name))
          .map((entry) => ({ url: new URL(entry.name).pathname, start: entry.startTime })),
      }));
      expect(timing.scripts.length, path).toBeGreaterThan(2);
      for (const script of timing.scripts) expect(script.start, `${path}: ${script.url}`).toBeGreaterThanOrEqual(timing.firstPaint);
      expect(problems, path).toEqual([]);
      await page.context().close();
    }
  });

  it("loads the first two thumbnails of a tag or creator page at once and first, the others when near", async () => {
    const home = await html("/");
    const thumbnailsOf = async (path: string) =>
      [...(await html(path)).matchAll(/<img [^>]*src="\/media\/thumbs\/[^"]+"[^>]*>/g)].map(([img]) => img);
    for (const kind of ["tag", "creator"]) {
      // The home page's links follow its shuffle, and other suites add clips with tags of their own: take the first
      // linked page that lists more than two clips.
      const paths = [...new Set([...home.matchAll(new RegExp(`href="(/${kind}/[^"?#]+)"`, "g"))].map(([, path]) => path!))];
      // The home page renders one clip; the feed's next pages name more tags and creators.
      const feed = (await (await fetch(`${baseURL()}/api/feed?offset=0`, { headers: { cookie: "age_verified=true" } })).json()) as {
        clips: { creatorSlug: string; tags: { slug: string }[] }[];
      };
      for (const clip of feed.clips) {
        if (kind === "creator") paths.push(`/creator/${clip.creatorSlug}`);
        else paths.push(...clip.tags.map((tag) => `/tag/${tag.slug}`));
      }
      let path = "";
      let thumbnails: string[] = [];
      for (const candidate of paths) {
        thumbnails = await thumbnailsOf(candidate);
        path = candidate;
        if (thumbnails.length > 2) break;
      }
      expect(thumbnails.length, path).toBeGreaterThan(2);
      for (const img of thumbnails.slice(0, 2)) expect(img, path).toMatch(/loading="eager"[^>]*fetchPriority="high"/);
      for (const img of thumbnails.slice(2)) expect(img, path).toContain('loading="lazy"');
    }
  });

  /** The page's first video poster, its largest paint, is preloaded from the head at high priority. */
  const expectPosterPreloaded = (page: string) => {
    const poster = /<video [^>]*poster="([^"]+)"/.exec(page)![1]!;
    const preload = [...head(page).matchAll(/<link rel="preload"[^>]*>/g)]
      .map(([link]) => link)
      .find((link) => link.includes(`href="${poster}"`));
    expect(preload).toMatch(/as="image"/);
    expect(preload).toMatch(/fetchPriority="high"/);
  };

  it("preloads the video page's poster, its largest paint", async () => {
    const video = /href="(\/video\/[^"?#]+)"/.exec(await html("/"))![1]!;
    expectPosterPreloaded(await html(video));
  });

  it("preloads the home page's first poster, its largest paint", async () => {
    expectPosterPreloaded(await html("/"));
  });

  it("holds every page's first frame until the header is parsed", async () => {
    const home = await html("/");
    for (const path of ["/", /href="(\/video\/[^"?#]+)"/.exec(home)![1]!, "/sobre"]) {
      const page = await html(path);
      expect(head(page), path).toContain('<link rel="expect" href="#header-end" blocking="render"/>');
      expect(page.indexOf('id="header-end"'), path).toBeGreaterThan(page.indexOf("</header>"));
    }
  });

  it("holds the home page's first frame until the feed's stage is parsed", async () => {
    const page = await html("/");
    expect(head(page)).toContain('<link rel="expect" href="#feed-stage-end" blocking="render"/>');
    // The marker closes the stage: the overlay and the action rail come before it.
    expect(page.indexOf('id="feed-stage-end"')).toBeGreaterThan(page.indexOf('class="feed-rail"'));
  });
});

describe("hydration moves nothing on the feed", () => {
  const boxes = (page: Page) =>
    page.evaluate(() =>
      [".feed-info", ".feed-rail", ".feed-overlay"].map((selector) => {
        const box = document.querySelector(selector)!.getBoundingClientRect();
        return { selector, top: box.top, height: box.height, tags: document.querySelectorAll(`${selector} a[href^="/tag/"]`).length };
      }),
    );
  const visibleTags = (page: Page) => page.locator(".feed-info a[href^='/tag/']").filter({ visible: true }).count();

  it("shows the same tags and the same overlay and rail with and without the page's JavaScript, at 360, 412 and 1440 px", async () => {
    for (const viewport of [
      { width: 360, height: 640 },
      { width: 412, height: 823 },
      { width: 1440, height: 900 },
    ]) {
      const serverOnly = await newPage(browser, { viewport });
      await serverOnly.route("**/*.js", (route) => route.abort());
      await serverOnly.goto("/");
      const before = { boxes: await boxes(serverOnly), tags: await visibleTags(serverOnly) };
      // The same clip with the page hydrated (the feed's first clip is the same for the same visitor).
      const cookies = await serverOnly.context().cookies();
      const page = await newPage(browser, { viewport });
      await page.context().addCookies(cookies);
      await page.goto("/");
      await hydrated(page);
      expect({ boxes: await boxes(page), tags: await visibleTags(page) }, `${viewport.width} px`).toEqual(before);
      await serverOnly.context().close();
      await page.context().close();
    }
  });
});
