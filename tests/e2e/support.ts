import { chromium, type Browser, type BrowserContext, type Locator, type Page } from "playwright-core";
import { existsSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { inject } from "vitest";
import { isParked, keepForReuse, takeParked } from "./context-pool";

export const baseURL = () => inject("baseURL");

const FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export function chromiumPath(): string {
  const path = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  if (!existsSync(path)) throw new Error(`Chromium not found at ${path}: install it (apt-get install chromium) or set CHROMIUM_PATH`);
  return path;
}

/**
 * One Chromium per test process, shared by its files (they run one after another in one process): a launch costs
 * about a second of CPU, and every visitor gets a context of their own (a used one reset to a new visitor's, ADR 242).
 * A file's `close()` closes the contexts left open instead of the browser, and leaves the parked ones to the next file.
 * A file that needs other flags (host rules) launches its own.
 */
let shared: Promise<Browser> | undefined;

export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  if (extraArgs.length > 0) return chromium.launch({ executablePath: chromiumPath(), args: [...FLAGS, ...extraArgs] });
  shared ??= chromium.launch({ executablePath: chromiumPath(), args: FLAGS }).then((browser) => {
    browser.on("disconnected", () => (shared = undefined));
    return browser;
  });
  const browser = await shared.catch((error: unknown) => {
    shared = undefined;
    throw error;
  });
  return forOneFile(browser);
}

function forOneFile(browser: Browser): Browser {
  return new Proxy(browser, {
    get(target, key) {
      if (key === "close")
        return () =>
          Promise.all(target.contexts().map((context) => (isParked(context) ? undefined : context.close()))).then(() => undefined);
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

export interface ContextOptions {
  /** Pre-set the age_verified cookie (most tests are not about the gate). */
  ageVerified?: boolean;
  locale?: string;
  reducedMotion?: "reduce" | "no-preference";
  viewport?: { width: number; height: number };
  /** A phone: touch events and a mobile viewport. */
  touch?: boolean;
  /**
   * The browser's user agent. Headless Chromium names itself "HeadlessChrome", which the server takes for a bot (its
   * watch signals are answered 204 and dropped): a test of what the feed learns passes a visitor's browser's.
   */
  userAgent?: string;
  /**
   * A context no visitor has used, with an empty HTTP cache, instead of a used one reset to a new visitor's state
   * (tests/e2e/context-pool.ts): for a test about what a first visit fetches.
   */
  fresh?: boolean;
}

export async function newContext(browser: Browser, options: ContextOptions = {}): Promise<BrowserContext> {
  const settings = {
    baseURL: baseURL(),
    locale: options.locale ?? "en-US",
    reducedMotion: options.reducedMotion ?? "no-preference",
    viewport: options.viewport ?? { width: 1280, height: 900 },
    ...(options.touch ? { hasTouch: true, isMobile: true } : {}),
    ...(options.userAgent ? { userAgent: options.userAgent } : {}),
  } as const;
  const ageVerified = options.ageVerified ?? true;
  // Contexts that differ only in their viewport share parked ones (tests/e2e/context-pool.ts).
  const { viewport, ...shared } = settings;
  const key = JSON.stringify([shared, ageVerified]);
  // E2E_FRESH_CONTEXTS=1: every visitor in a new context, as before the pool (to compare, or to rule it out).
  const fresh = options.fresh || process.env.E2E_FRESH_CONTEXTS === "1";
  const reused = fresh ? undefined : await takeParked(browser, key, viewport);
  if (reused) return reused;
  const context = await browser.newContext(settings);
  const cookies = ageVerified ? [{ name: "age_verified", value: "true", url: baseURL() }] : [];
  if (ageVerified) {
    await context.addCookies(cookies);
    await context.addInitScript(() => window.localStorage.setItem("age_verified", "true"));
  }
  if (!fresh) keepForReuse(context, key, { viewport, cookies });
  return context;
}

export async function newPage(browser: Browser, options: ContextOptions = {}): Promise<Page> {
  return (await newContext(browser, options)).newPage();
}

/** Resolves once React has hydrated the page (root sets html[data-hydrated]). */
export async function hydrated(page: Page): Promise<void> {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  // On the home feed, the visitor's own first page too: until it arrives Up Next holds placeholders and a
  // press waits for its clip (ADR 112; home-feed.test.ts tests that wait itself).
  await page.waitForFunction(() => !document.querySelector(".feed-upnext button[disabled]"));
}

/**
 * Waits until React has hydrated this element. Views that load after the first paint (ADR 043) stay
 * server HTML for a moment after the page is hydrated; a click then takes the no-JavaScript path.
 */
export async function reactOwns(locator: Locator): Promise<void> {
  await locator.first().waitFor();
  for (const started = Date.now(); Date.now() - started < 15_000; await new Promise((r) => setTimeout(r, 50))) {
    if (await locator.first().evaluate((el) => Object.keys(el).some((key) => key.startsWith("__reactProps")))) return;
  }
  throw new Error("React did not take over the element within 15 s");
}

/**
 * The first visit's JavaScript budget: every script a page loads by network idle, gzip level 9. 137 KB since the feed
 * keeps the visitor's place for Back: its code loads after the feed's first render, with "Not interested"'s moved out
 * of the home page's first load to make room for the rest there; the first visit measured 139 288 B against the 136 KB
 * it had (docs/performance.md § The first visit's budget, 137 KB).
 */
export const FIRST_VISIT_BUDGET = 137 * 1024;

/** Opens `url` in `page` and sums, gzipped at level 9, every script it fetched until the network went idle. */
export async function firstVisitScripts(page: Page, url: string): Promise<{ bytes: number; files: string[] }> {
  const scripts = new Set<string>();
  page.on("response", (r) => r.request().resourceType() === "script" && scripts.add(r.url()));
  await page.goto(url, { waitUntil: "networkidle" });
  let bytes = 0;
  for (const script of scripts) bytes += gzipSync(Buffer.from(await (await fetch(script)).arrayBuffer()), { level: 9 }).length;
  return { bytes, files: [...scripts].map((script) => new URL(script).pathname.split("/").at(-1)!) };
}

/** The two sizes the newcomer and menu tests walk: a phone (touch) and a desktop. */
export const SIZES = [
  { name: "phone", viewport: { width: 390, height: 844 }, touch: true },
  { name: "desktop", viewport: { width: 1440, height: 900 }, touch: false },
] as const;
