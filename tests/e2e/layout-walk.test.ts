import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { site, signInModerator } from "./sign-in";
import { hydrated, launchBrowser, newPage } from "./support";

// Every page at 360×640, 390×844, 768×1024 and 1440×900, in both languages, signed out and signed in with a
// 40-character address: no interactive element may overlap another or leave the screen sideways, and the page
// never scrolls sideways. Screenshots of the pages a reviewer looks at go to test-results/screenshots.

const VIEWPORTS = [
  { width: 360, height: 640 },
  { width: 390, height: 844 },
  { width: 768, height: 1024 },
  { width: 1440, height: 900 },
];
const LANGUAGES = ["en", "es"] as const;
/** 40 characters; a moderator of the e2e server (global-setup.ts), so the desk is walked too. */
const MEMBER = "polish-walk-with-a-long-name@example.com";
const SCREENSHOTS = path.resolve("test-results/screenshots");
const SHOT_SIZES = new Set(["390x844", "1440x900"]);

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(SCREENSHOTS, { recursive: true });
});
afterAll(() => browser?.close());

interface Finding {
  kind: "overlap" | "offscreen" | "page-overflow";
  detail: string;
}

/**
 * What is wrong with the page's layout as the visitor sees it: interactive elements (visible part, clipped by
 * their scrolling ancestors) that overlap, or leave the viewport sideways; a document wider than the viewport.
 */
function findings(page: Page): Promise<Finding[]> {
  return page.evaluate(() => {
    const out: { kind: "overlap" | "offscreen" | "page-overflow"; detail: string }[] = [];
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > width + 1) {
      out.push({ kind: "page-overflow", detail: `document is ${document.documentElement.scrollWidth}px wide in ${width}px` });
    }
    const selector = "a[href], button, input:not([type=hidden]), select, textarea, summary, [role=slider], [role=button], [role=tab]";
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()}「${(el.getAttribute("aria-label") ?? el.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40)}」`;
    const boxes: { el: Element; x1: number; y1: number; x2: number; y2: number }[] = [];
    for (const el of document.querySelectorAll(selector)) {
      if (el.closest("[inert], [aria-hidden=true], .sr-only")) continue;
      // Inside a closed <details> (a menu) or a hidden popover: laid out on demand, but not on screen.
      if (!el.checkVisibility({ contentVisibilityAuto: true, opacityProperty: true, visibilityProperty: true })) continue;
      const style = getComputedStyle(el);
      if (style.visibility === "hidden" || style.opacity === "0" || style.pointerEvents === "none") continue;
      const r = el.getBoundingClientRect();
      if (r.width < 2 || r.height < 2) continue;
      let [x1, y1, x2, y2] = [r.left, r.top, r.right, r.bottom];
      // Clip to ancestors that scroll or hide their overflow: a chip under a row's edge is not on screen there.
      for (let a = el.parentElement; a; a = a.parentElement) {
        const s = getComputedStyle(a);
        if (s.overflowX !== "visible" || s.overflowY !== "visible") {
          const ar = a.getBoundingClientRect();
          if (s.overflowX !== "visible") [x1, x2] = [Math.max(x1, ar.left), Math.min(x2, ar.right)];
          if (s.overflowY !== "visible") [y1, y2] = [Math.max(y1, ar.top), Math.min(y2, ar.bottom)];
        }
      }
      if (x2 - x1 < 2 || y2 - y1 < 2) continue;
      if (x1 < -1 || x2 > width + 1)
        out.push({ kind: "offscreen", detail: `${name(el)} spans ${Math.round(x1)}…${Math.round(x2)} of ${width}` });
      boxes.push({ el, x1, y1, x2, y2 });
    }
    for (let i = 0; i < boxes.length; i++)
      for (let j = i + 1; j < boxes.length; j++) {
        const [a, b] = [boxes[i]!, boxes[j]!];
        if (a.el.contains(b.el) || b.el.contains(a.el)) continue;
        const w = Math.min(a.x2, b.x2) - Math.max(a.x1, b.x1);
        const h = Math.min(a.y2, b.y2) - Math.max(a.y1, b.y1);
        // More than a 2 px touch of borders.
        if (w > 2 && h > 2)
          out.push({ kind: "overlap", detail: `${name(a.el)} overlaps ${name(b.el)} by ${Math.round(w)}×${Math.round(h)}` });
      }
    return out;
  });
}

/** Pages with content: a clip, its tag and creator, from the feed API. */
async function catalogue(base: string): Promise<{ video: string; tag: string; creator: string }> {
  const response = await fetch(`${base}/api/feed?offset=0`, { headers: { cookie: "age_verified=true" } });
  const { clips } = (await response.json()) as { clips: { slug: string; creatorSlug: string; tags: { slug: string }[] }[] };
  const clip = clips.find((c) => c.tags.length > 0)!;
  return { video: `/video/${clip.slug}`, tag: `/tag/${clip.tags[0]!.slug}`, creator: `/creator/${clip.creatorSlug}` };
}

async function walk(page: Page, base: string, paths: string[], who: string, shots: Record<string, string>) {
  const problems: string[] = [];
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    const size = `${viewport.width}x${viewport.height}`;
    for (const language of LANGUAGES) {
      for (const pagePath of paths) {
        const url = `${base}${pagePath}${pagePath.includes("?") ? "&" : "?"}lang=${language}`;
        await page.goto(url);
        await hydrated(page);
        for (const finding of await findings(page))
          problems.push(`${who} ${size} ${language} ${pagePath}: ${finding.kind} ${finding.detail}`);
        const shot = shots[pagePath];
        if (shot && SHOT_SIZES.has(size)) {
          await page.screenshot({ path: path.join(SCREENSHOTS, `${shot}-${who}-${language}-${size}.png`) });
        }
      }
    }
  }
  return problems;
}

describe("the layout of every page", () => {
  it("holds for a visitor, at four sizes and in both languages", { timeout: 900_000 }, async () => {
    const base = site();
    const { video, tag, creator } = await catalogue(base);
    const page = await newPage(browser);
    await page.context().addCookies([{ name: "age_verified", value: "true", url: base }]);
    const paths = [
      "/",
      video,
      tag,
      creator,
      "/search?q=neon",
      "/search?q=zzzzqqq",
      "/submit",
      "/report",
      "/claim-this-content",
      "/promote-content",
      "/contato",
      "/sobre",
      "/termos-de-uso",
      "/politica-de-privacidade",
      "/ativar",
      "/auth/sign-in",
      "/?mode=sfw&source=header_premium_button&cta=premium",
      "/insights",
      "/?mode=adult",
    ];
    const problems = await walk(page, base, paths, "visitor", {
      "/": "home",
      [video]: "clip",
      "/?mode=sfw&source=header_premium_button&cta=premium": "conscious-landing",
    });
    await page.context().close();
    expect(problems).toEqual([]);
  });

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
