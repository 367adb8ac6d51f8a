import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { existsSync } from "node:fs";
import { inject } from "vitest";

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

export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), args: [...FLAGS, ...extraArgs] });
}

export interface ContextOptions {
  /** Pre-set the age_verified cookie (most tests are not about the gate). */
  ageVerified?: boolean;
  locale?: string;
  reducedMotion?: "reduce" | "no-preference";
  viewport?: { width: number; height: number };
  /** A phone: touch events and a mobile viewport. */
  touch?: boolean;
}

export async function newContext(browser: Browser, options: ContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: baseURL(),
    locale: options.locale ?? "en-US",
    reducedMotion: options.reducedMotion ?? "no-preference",
    viewport: options.viewport ?? { width: 1280, height: 900 },
    ...(options.touch ? { hasTouch: true, isMobile: true } : {}),
  });
  if (options.ageVerified ?? true) {
    await context.addCookies([{ name: "age_verified", value: "true", url: baseURL() }]);
    await context.addInitScript(() => window.localStorage.setItem("age_verified", "true"));
  }
  return context;
}

export async function newPage(browser: Browser, options: ContextOptions = {}): Promise<Page> {
  return (await newContext(browser, options)).newPage();
}

/** Resolves once React has hydrated the page (root sets html[data-hydrated]). */
export async function hydrated(page: Page): Promise<void> {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}
