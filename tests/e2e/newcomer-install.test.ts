import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { request as httpRequest } from "node:http";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium } from "playwright-core";
import { baseURL, chromiumPath, hydrated } from "./support";

// Installable like an app, per brand (docs/decisions/141-installable-per-brand.md): a manifest with names, icons
// (a maskable one among them), colours, standalone display and a start URL; apple-touch-icon; /favicon.ico; the
// companion site's manifest and icons show nothing adult; Chromium reports the site installable.

interface Manifest {
  name: string;
  short_name: string;
  description: string;
  start_url: string;
  display: string;
  theme_color: string;
  background_color: string;
  lang: string;
  icons: { src: string; sizes: string; type: string; purpose: string }[];
}

const ADULT_WORDS = /spicy|clip|adult|18|flame|sex|porn|nsfw/i;

/** A GET sent to the suite's server under another Host (calm.test is one of its CONSCIOUS_HOSTS). */
function getAs(path: string, host: string): Promise<{ status: number; type: string | undefined; body: Buffer }> {
  const url = new URL(baseURL());
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port: url.port, path, headers: { host } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, type: res.headers["content-type"], body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
}

async function installabilityErrors(page: Page): Promise<unknown[]> {
  const cdp = await page.context().newCDPSession(page);
  // Chromium reads the manifest once the page has loaded; ask until it has (an empty list may come before).
  let errors: { errorId: string }[] = [];
  for (let i = 0; i < 20; i++) {
    ({ installabilityErrors: errors } = (await cdp.send("Page.getInstallabilityErrors")) as {
      installabilityErrors: { errorId: string }[];
    });
    const manifest = (await cdp.send("Page.getAppManifest")) as { url: string; errors: unknown[] };
    if (manifest.url && errors.every((e) => e.errorId !== "no-manifest")) break;
    await page.waitForTimeout(250);
  }
  await cdp.detach();
  return errors;
}

describe.each([
  { brand: "adult", query: "?mode=adult" },
  { brand: "conscious", query: "?mode=sfw" },
] as const)("the $brand site", ({ brand, query }) => {
  it.each(["en", "es"] as const)("declares a complete manifest and Chromium reports it installable (%s)", async (language) => {
    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1440, height: 900 },
    ]) {
      // A profile on disk: Chromium does not offer to install from an incognito context (Playwright's default).
      const context = await chromium.launchPersistentContext(mkdtempSync(path.join(tmpdir(), "install-")), {
        executablePath: chromiumPath(),
        args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run"],
        baseURL: baseURL(),
        viewport,
        locale: language === "es" ? "es-ES" : "en-US",
      });
      await context.addCookies([{ name: "age_verified", value: "true", url: baseURL() }]);
      const page = await context.newPage();
      await page.goto(`/${query}&lang=${language}`);
      await hydrated(page);
      const href = await page.locator('link[rel="manifest"]').getAttribute("href");
      expect(href).toBe(`/manifest.webmanifest?lang=${language}`);
      const response = await page.request.get(href!);
      expect(response.status()).toBe(200);
      expect(response.headers()["content-type"]).toContain("application/manifest+json");
      const manifest = (await response.json()) as Manifest;
      expect(manifest).toMatchObject({ start_url: "/", display: "standalone", lang: language });
      expect(manifest.name.length).toBeGreaterThan(0);
      expect(manifest.short_name.length).toBeLessThanOrEqual(15);
      expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/);
      expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/);
      expect(manifest.icons.some((i) => i.purpose === "maskable" && i.sizes === "512x512")).toBe(true);
      expect(manifest.icons.some((i) => i.purpose === "any" && i.sizes === "192x192")).toBe(true);
      for (const icon of manifest.icons) {
        const image = await page.request.get(icon.src);
        expect(image.status(), icon.src).toBe(200);
        expect(image.headers()["content-type"]).toBe("image/png");
        expect(icon.src).toContain(`/${brand}-`);
      }
      if (brand === "conscious") {
        expect(JSON.stringify(manifest)).not.toMatch(ADULT_WORDS);
        expect(manifest.name).toBe(language === "es" ? "Modo Consciente" : "Conscious Mode");
      } else {
        expect(manifest.name).toBe("Spicy Clips");
      }

      const touchIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute("href");
      expect(touchIcon).toBe(`/icons/${brand}-apple-touch-180.png`);
      expect((await page.request.get(touchIcon!)).status()).toBe(200);
      expect(await installabilityErrors(page)).toEqual([]);
      await page.context().close();
    }
  });
});

describe("icons at the paths browsers ask for", () => {
  it("answers /favicon.ico and /apple-touch-icon.png with the brand of the host", async () => {
    const get = (path: string, host?: string) => getAs(path, host ?? new URL(baseURL()).host);
    const adultIco = await get("/favicon.ico");
    expect(adultIco.status).toBe(200);
    const adultBytes = adultIco.body;
    expect(adultBytes.readUInt16LE(2)).toBe(1); // an icon file
    const calmIco = await get("/favicon.ico", "calm.test");
    expect(calmIco.status).toBe(200);
    expect(calmIco.body.equals(adultBytes)).toBe(false);
    for (const host of [undefined, "calm.test"]) {
      const touch = await get("/apple-touch-icon.png", host);
      expect(touch.status).toBe(200);
      expect(touch.type).toBe("image/png");
    }
    // The companion host's manifest, asked for directly: its own brand only.
    const calm = await get("/manifest.webmanifest", "calm.test");
    const manifest = JSON.parse(calm.body.toString("utf8")) as Manifest;
    expect(manifest.name).toBe("Conscious Mode");
    expect(JSON.stringify(manifest)).not.toMatch(ADULT_WORDS);
  });
});
