import { mkdirSync } from "node:fs";
import { request } from "node:http";
import path from "node:path";
import type { Page } from "playwright-core";
import { fill, type PageValues, type Shot } from "./layout-walk-pages";
import { hydrated } from "./support";

// Every page at 360×640, 390×844, 768×1024 and 1440×900, in both languages, signed out (layout-walk-visitor.test.ts)
// and signed in with a 40-character address (layout-walk-member.test.ts): no interactive element may overlap another
// or leave the screen sideways, and the page never scrolls sideways. Which pages: layout-walk-pages.ts, checked
// against the route table by tests/unit/layout-walk-pages.test.ts. Screenshots of the pages a reviewer looks at go to
// test-results/screenshots.
//
// Each page is loaded once per language, at the narrowest size, and then resized to the others: the server renders
// the same HTML whatever the viewport, so the first layout at any size is the style sheet's, and the app's code that
// reads the viewport follows a resize (docs/decisions/208-layout-walk-resizes-instead-of-reloading.md).

export const VIEWPORTS = [
  { width: 360, height: 640 },
  { width: 390, height: 844 },
  { width: 768, height: 1024 },
  { width: 1440, height: 900 },
];
const LANGUAGES = ["en", "es"] as const;
const SCREENSHOTS = path.resolve("test-results/screenshots");
const SHOT_SIZES = new Set(["390x844", "1440x900"]);

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
      // The deepest elements whose box reaches past the viewport's right edge: what to look at.
      const past = [...document.body.querySelectorAll("*")].filter((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && r.right > width + 1 && ![...el.children].some((child) => child.getBoundingClientRect().right > width + 1);
      });
      const describe = (el: Element) => {
        const classes = String(el.getAttribute("class") ?? "")
          .split(" ")
          .slice(0, 3)
          .join(".");
        const text = (el.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40);
        return `${el.tagName.toLowerCase()}.${classes} to ${Math.round(el.getBoundingClientRect().right)}px「${text}」`;
      };
      const described = past.slice(0, 3).map(describe);
      out.push({
        kind: "page-overflow",
        detail: `document is ${document.documentElement.scrollWidth}px wide in ${width}px${described.length ? `: ${described.join(", ")}` : ""}`,
      });
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

/**
 * Waits until the page has laid itself out at its new size: the resize and the resize observers have run (a frame),
 * what they set has rendered (a task for React's scheduler, then another frame), and the CSS transitions a media
 * query started have ended.
 */
function settled(page: Page): Promise<void> {
  return page.evaluate(async () => {
    const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
    const task = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
    await frame();
    await task();
    await frame();
    await Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation instanceof CSSTransition)
        .map((animation) => animation.finished.catch(() => {})),
    );
  });
}

/**
 * The findings that are still there a moment later. On a busy machine a passing element (a toast sliding out, a
 * transition that started after `settled`) can overlap another for one look; a layout fault is there on both.
 */
async function lasting(page: Page): Promise<Finding[]> {
  const first = await findings(page);
  if (first.length === 0) return first;
  await page.waitForTimeout(1000);
  await settled(page);
  const again = new Set((await findings(page)).map((finding) => `${finding.kind} ${finding.detail}`));
  return first.filter((finding) => again.has(`${finding.kind} ${finding.detail}`));
}

/** Pages with content: a clip, its tag and creator, from the feed API. */
export async function catalogue(base: string): Promise<Pick<PageValues, "video" | "tag" | "creator">> {
  const response = await fetch(`${base}/api/feed?offset=0`, { headers: { cookie: "age_verified=true" } });
  const { clips } = (await response.json()) as { clips: { slug: string; creatorSlug: string; tags: { slug: string }[] }[] };
  const clip = clips.find((c) => c.tags.length > 0)!;
  return { video: `/video/${clip.slug}`, tag: `/tag/${clip.tags[0]!.slug}`, creator: `/creator/${clip.creatorSlug}` };
}

/**
 * A content report, posted as a visitor's form from its own loopback address (each form allows 5 records per address
 * in 10 minutes; other files post from 127.0.0.1–127.0.0.3), so the desk's queue has items to walk. `server` is the
 * loopback URL; `origin` the public one the browser sees (React Router refuses an action from another origin).
 */
export function postReport(server: string, origin: string, fields: Record<string, string>): Promise<number> {
  const target = new URL(server);
  const body = new URLSearchParams({ ...fields, _js: "1" }).toString();
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: target.hostname,
        port: target.port,
        path: "/report",
        method: "POST",
        localAddress: "127.0.0.5",
        headers: {
          host: new URL(origin).host,
          "content-type": "application/x-www-form-urlencoded",
          "content-length": Buffer.byteLength(body),
          origin,
          cookie: "age_verified=true",
        },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

/** Walks `patterns` (filled with `values`) in both languages at every size; returns what is wrong, one line per finding. */
export async function walk(
  page: Page,
  base: string,
  patterns: readonly string[],
  values: PageValues,
  who: string,
  shots: Record<string, Shot>,
) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const problems: string[] = [];
  for (const language of LANGUAGES) {
    // A pattern may come twice (a clip's address on the main site, then in Conscious Mode): its shots are the first's.
    const shot = new Set<string>();
    for (const pattern of patterns) {
      const pagePath = fill(pattern, values);
      const url = `${base}${pagePath}${pagePath.includes("?") ? "&" : "?"}lang=${language}`;
      await page.setViewportSize(VIEWPORTS[0]!);
      const response = await page.goto(url);
      // A 404 (or another refusal) is the root's error boundary, which does not mark the page hydrated; its layout is
      // the server's, there once the page has loaded.
      if ((response?.status() ?? 200) < 400) await hydrated(page);
      else await page.waitForLoadState("load");
      const wanted = shot.has(pattern) ? undefined : shots[pattern];
      shot.add(pattern);
      for (const viewport of VIEWPORTS) {
        const size = `${viewport.width}x${viewport.height}`;
        await page.setViewportSize(viewport);
        await settled(page);
        for (const finding of await lasting(page))
          problems.push(`${who} ${size} ${language} ${pagePath}: ${finding.kind} ${finding.detail}`);
        if (wanted && SHOT_SIZES.has(size)) {
          await page.screenshot({
            path: path.join(SCREENSHOTS, `${wanted.name}-${who}-${language}-${size}.png`),
            fullPage: wanted.fullPage ?? false,
          });
        }
      }
    }
  }
  return problems;
}
