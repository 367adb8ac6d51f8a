import { request as httpRequest } from "node:http";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseURL, launchBrowser, newPage } from "./support";

let browser: Browser;
beforeAll(async () => {
  // calm.test is in SAFE_HOSTS for the suite's server (global-setup.ts).
  browser = await launchBrowser(["--host-resolver-rules=MAP calm.test 127.0.0.1"]);
});
afterAll(() => browser?.close());

function getWithHost(path: string, host: string): Promise<{ status: number; body: string }> {
  const url = new URL(baseURL());
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port: url.port, path, headers: { host, cookie: "age_verified=true" } }, (res) => {
      let body = "";
      res.on("data", (c) => (body += c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

const ADULT_MARKERS = ["RTA-5042-1996-1400-1577-RTA", 'content="adult"', "/media/", "<video"];

describe("brand mode", () => {
  it("renders the companion landing on a SAFE_HOSTS host, with nothing adult in the page", async () => {
    const { status, body } = await getWithHost("/", "calm.test");
    expect(status).toBe(200);
    expect(body).toContain("Transform Impulse into Consciousness");
    for (const marker of ADULT_MARKERS) expect(body).not.toContain(marker);
  });

  it("ignores ?mode= on public hosts", async () => {
    const { body } = await getWithHost("/?mode=adult", "calm.test");
    expect(body).toContain("Transform Impulse into Consciousness");
    const adult = await getWithHost("/?mode=sfw", "clips.example");
    expect(adult.body).toContain("RTA-5042-1996-1400-1577-RTA");
  });

  it("switches on local hosts with ?mode= and remembers the choice", async () => {
    const page = await newPage(browser);
    await page.goto("/?mode=sfw");
    await page.getByRole("heading", { name: "Transform Impulse into Consciousness" }).waitFor();
    await expect(page.locator('meta[name="rating"]').count()).resolves.toBe(0);
    await page.goto("/");
    await page.getByRole("heading", { name: "Transform Impulse into Consciousness" }).waitFor();
    await expect(page.locator('video, img[src*="/media/"]').count()).resolves.toBe(0);
    await page.goto("/?mode=adult");
    await page.locator("video").first().waitFor({ state: "attached" });
    await expect(page.locator('meta[name="RATING"]').getAttribute("content")).resolves.toBe("RTA-5042-1996-1400-1577-RTA");
    await page.context().close();
  });

  it("renders the landing in Spanish and the premium call to action", async () => {
    const context = await browser.newContext({ locale: "es-ES" });
    const page = await context.newPage();
    const safe = `http://calm.test:${new URL(baseURL()).port}`;
    await page.goto(`${safe}/`);
    await page.getByRole("heading", { name: "Transforma el impulso en consciencia" }).waitFor();
    await page.goto(`${safe}/?source=header_premium_button&cta=premium`);
    await page.getByRole("link", { name: "Activa el Modo Consciente ahora" }).waitFor();
    await expect(page.getByText("userbeta").count()).resolves.toBeGreaterThan(0);
    await context.close();
  });

  it("never serves an adult route in safe mode", async () => {
    const { status, body } = await getWithHost("/video/anything", "calm.test");
    expect(status).toBe(404);
    for (const marker of ADULT_MARKERS) expect(body).not.toContain(marker);
  });
});
