import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seededDataDir, startServer, type RunningServer } from "../support/server";
import { signIn } from "./sign-in";
import { baseURL, hydrated, launchBrowser, newPage } from "./support";

// A stand-in ad network on loopback: its script marks the document it runs in and notes what it could reach.
const AD_SCRIPT = `
window.__adLoaded = (window.__adLoaded || 0) + 1;
var reach = { origin: self.origin };
try { reach.cookie = document.cookie; } catch (e) { reach.cookie = "blocked"; }
try { reach.storage = String(localStorage.length); } catch (e) { reach.storage = "blocked"; }
try { reach.parent = parent.document.title; } catch (e) { reach.parent = "blocked"; }
window.__adReach = reach;`;
let adNetwork: Server;
let site: RunningServer;
let browser: Browser;
let adScriptUrl: string;

beforeAll(async () => {
  adNetwork = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/javascript" });
    res.end(AD_SCRIPT);
  });
  await new Promise<void>((resolve) => adNetwork.listen(0, "127.0.0.1", resolve));
  adScriptUrl = `http://127.0.0.1:${(adNetwork.address() as AddressInfo).port}/ad.js`;
  site = await startServer({ AD_SCRIPT_URL: adScriptUrl, LOG_LEVEL: "error", ...seededDataDir() });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
  adNetwork?.close();
});

type AdWindow = { __adLoaded?: number; __adReach?: Record<string, string> };
/** How many times the ad script ran, in the page or any of its frames (undefined: never). */
async function adsLoaded(page: Page): Promise<number | undefined> {
  const counts = await Promise.all(
    page.frames().map((frame) => frame.evaluate(() => (window as unknown as AdWindow).__adLoaded).catch(() => undefined)),
  );
  const ran = counts.filter((n): n is number => typeof n === "number");
  return ran.length ? ran.reduce((a, b) => a + b, 0) : undefined;
}

describe("ads (ADR 060)", () => {
  it("loads the configured script about a second after hydration, allowed by the CSP", async () => {
    const context = await browser.newContext({ baseURL: site.url });
    await context.addCookies([{ name: "age_verified", value: "true", url: site.url }]);
    const page = await context.newPage();
    const response = await page.goto("/");
    expect(response!.headers()["content-security-policy"]).toContain(new URL(adScriptUrl).origin);
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    expect(await adsLoaded(page)).toBeUndefined();
    await expect.poll(() => adsLoaded(page), { timeout: 5000 }).toBe(1);
    await context.close();
  });

  it("runs it in a sandboxed, cross-origin frame: no access to the page's cookies, storage or DOM", async () => {
    const context = await browser.newContext({ baseURL: site.url });
    await context.addCookies([{ name: "age_verified", value: "true", url: site.url }]);
    const page = await context.newPage();
    await page.goto("/");
    await hydrated(page);
    await page.evaluate(() => localStorage.setItem("page-secret", "1"));
    await expect.poll(() => adsLoaded(page), { timeout: 5000 }).toBe(1);
    // Not in the page itself.
    expect(await page.evaluate(() => (window as unknown as AdWindow).__adLoaded)).toBeUndefined();
    await expect(page.locator("script[data-ad-script]").count()).resolves.toBe(0);
    const frame = page.locator("iframe[sandbox]");
    await expect(frame.count()).resolves.toBe(1);
    const sandbox = (await frame.getAttribute("sandbox"))!.split(/\s+/);
    expect(sandbox).toContain("allow-scripts");
    expect(sandbox).not.toContain("allow-same-origin");
    expect(sandbox).not.toContain("allow-top-navigation");
    expect(await frame.getAttribute("title")).toBeTruthy();
    const adFrame = page.frames().find((f) => f !== page.mainFrame())!;
    const reach = await adFrame.evaluate(() => (window as unknown as AdWindow).__adReach);
    expect(reach).toEqual({ origin: "null", cookie: "blocked", storage: "blocked", parent: "blocked" });
    // The slot fits a phone and a desktop without a sideways scroll.
    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1440, height: 900 },
    ]) {
      await page.setViewportSize(viewport);
      const box = (await frame.boundingBox())!;
      expect(box.width).toBeLessThanOrEqual(Math.min(viewport.width, 728));
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    }
    await context.close();
  });

  it("never loads it in Conscious Mode", async () => {
    const context = await browser.newContext({ baseURL: site.url });
    const page = await context.newPage();
    await page.goto("/?mode=sfw");
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await page.waitForTimeout(1500);
    expect(await page.evaluate(() => (window as unknown as { __adLoaded?: number }).__adLoaded)).toBeUndefined();
    await context.close();
  });

  it("is absent, and not allowed by the CSP, when AD_SCRIPT_URL is unset", async () => {
    const page = await newPage(browser);
    const response = await page.goto("/");
    expect(response!.headers()["content-security-policy"]).not.toContain("127.0.0.1:");
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await page.waitForTimeout(1500);
    await expect(page.locator("iframe[sandbox]").count()).resolves.toBe(0);
    expect(baseURL()).not.toBe(site.url);
    await page.context().close();
  });

  it("never loads it for premium members", { timeout: 120_000 }, async () => {
    // E-mailed links and the session cookie belong to the server's public origin.
    const origin = site.url.replace("127.0.0.1", "localhost");
    const context = await browser.newContext({ baseURL: origin });
    await context.addCookies([{ name: "age_verified", value: "true", url: origin }]);
    const page = await context.newPage();
    await signIn(page, `ads-${randomUUID().slice(0, 8)}@example.com`, site.url);
    // Signed in without premium: the ads still come.
    await expect.poll(() => adsLoaded(page), { timeout: 5000 }).toBe(1);

    await page.goto("/ativar");
    await hydrated(page);
    await page.getByLabel("Promotional code").fill("userbeta");
    await page.getByRole("button", { name: "Activate", exact: true }).click();
    await page.waitForURL("**/premium-success?activated=true&plan=beta", { timeout: 15_000 });

    await page.goto("/");
    await hydrated(page);
    await page.waitForTimeout(1500);
    expect(await adsLoaded(page)).toBeUndefined();
    await expect(page.locator("iframe[sandbox]").count()).resolves.toBe(0);
    await context.close();
  });
});
