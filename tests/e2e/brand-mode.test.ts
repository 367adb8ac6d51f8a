import { randomUUID } from "node:crypto";
import { request as httpRequest } from "node:http";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountMenu, newSitePage, signIn, site } from "./sign-in";
import { baseURL, hydrated, launchBrowser, newPage } from "./support";

let browser: Browser;
beforeAll(async () => {
  // calm.test is in CONSCIOUS_HOSTS for the suite's server (global-setup.ts).
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
// Wording of the adult site that a Conscious Mode page must never show (in its text, title or OpenGraph).
const ADULT_WORDING = /Spicy Clips|flame|liked videos|audience|age confirmation|adults?\b|videos favoritos|flamas|filtro de público/i;

/** What a visitor reads on the page: its text, its title and the site name link previews show. */
async function wordingOf(page: Page): Promise<string> {
  return page.evaluate(() =>
    [document.title, document.querySelector('meta[property="og:site_name"]')?.getAttribute("content") ?? "", document.body.innerText].join(
      "\n",
    ),
  );
}

const SAFE_PAGES = [
  "/",
  "/auth/sign-in",
  "/auth/callback",
  "/my-account",
  "/insights",
  "/ativar",
  "/premium-success",
  "/sobre",
  "/termos-de-uso",
  "/politica-de-privacidade",
  "/no/such/page",
  "/video/anything",
  "/liked-videos",
];

describe("brand mode", () => {
  it("renders the Conscious Mode landing on a CONSCIOUS_HOSTS host, with nothing adult in the page", async () => {
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

  it("renders the landing in English with both calls to action", async () => {
    const page = await newPage(browser);
    const conscious = `http://calm.test:${new URL(baseURL()).port}`;
    await page.goto(`${conscious}/`);
    await page.getByRole("heading", { name: "Transform Impulse into Consciousness" }).waitFor();
    await expect(page.getByRole("link", { name: "Start Your Journey" }).getAttribute("href")).resolves.toBe("/ativar");
    await expect(page.getByRole("link", { name: "Activate Conscious Mode Now" }).count()).resolves.toBe(0);
    // It explains the tools and names the research behind them.
    await page.getByRole("heading", { name: "How it helps you stop" }).waitFor();
    const research = page.getByRole("region", { name: "The research behind it" });
    await research.getByRole("heading", { name: "A short pause, with an easy way out" }).waitFor();
    await expect(research.innerText()).resolves.toMatch(/one sec, PNAS 2023[\s\S]*Gollwitzer & Sheeran, 2006/);
    await page.goto(`${conscious}/?source=header_premium_button&cta=premium`);
    const cta = page.getByRole("link", { name: "Activate Conscious Mode Now" });
    await expect(cta.getAttribute("href")).resolves.toBe("/ativar");
    await expect(page.locator("main").getByText("userbeta").count()).resolves.toBeGreaterThan(0);
    // The highlighted call to action replaces 'Start Your Journey'.
    await expect(page.getByRole("link", { name: "Start Your Journey" }).count()).resolves.toBe(0);
    await page.context().close();
  });

  it("renders the landing in Spanish and the premium call to action", async () => {
    const context = await browser.newContext({ locale: "es-ES" });
    const page = await context.newPage();
    const conscious = `http://calm.test:${new URL(baseURL()).port}`;
    await page.goto(`${conscious}/`);
    await page.getByRole("heading", { name: "Transforma el impulso en consciencia" }).waitFor();
    await page.getByRole("heading", { name: "Cómo te ayuda a parar" }).waitFor();
    const research = page.getByRole("region", { name: "La investigación detrás" });
    await research.getByRole("heading", { name: "Decidir de antemano cuándo parar" }).waitFor();
    await expect(research.innerText()).resolves.toMatch(/one sec, PNAS 2023[\s\S]*Gollwitzer y Sheeran, 2006/);
    await page.goto(`${conscious}/?source=header_premium_button&cta=premium`);
    await page.getByRole("link", { name: "Activa el Modo Consciente ahora" }).waitFor();
    await expect(page.getByText("userbeta").count()).resolves.toBeGreaterThan(0);
    await context.close();
  });

  it("never serves an adult route in Conscious Mode", async () => {
    const { status, body } = await getWithHost("/video/anything", "calm.test");
    expect(status).toBe(404);
    for (const marker of ADULT_MARKERS) expect(body).not.toContain(marker);
  });

  it("names Conscious Mode, never the adult site, on every Conscious Mode page in both languages", async () => {
    const conscious = `http://calm.test:${new URL(baseURL()).port}`;
    for (const [locale, name] of [
      ["en-US", "Conscious Mode"],
      ["es-ES", "Modo Consciente"],
    ] as const) {
      const context = await browser.newContext({ locale });
      const page = await context.newPage();
      for (const path of SAFE_PAGES) {
        await page.goto(`${conscious}${path}`);
        await page.locator("footer").waitFor();
        const wording = await wordingOf(page);
        expect(wording, `${locale} ${path}`).not.toMatch(ADULT_WORDING);
        expect(await page.title(), `${locale} ${path}`).toContain(name);
        await expect(page.locator("footer").textContent(), `${locale} ${path}`).resolves.toContain(`${new Date().getFullYear()} ${name}.`);
      }
      await context.close();
    }
  });

  it("answers adult routes in Conscious Mode with the site's 404 page, inside the header and footer", async () => {
    const page = await newPage(browser);
    const conscious = `http://calm.test:${new URL(baseURL()).port}`;
    for (const path of ["/video/anything", "/liked-videos", "/search?q=anything", "/contato"]) {
      const response = await page.goto(`${conscious}${path}`);
      expect(response!.status(), path).toBe(404);
      await page.getByRole("heading", { name: "Oops! Page not found" }).waitFor();
      await expect(page.locator("header").getByRole("link", { name: "Conscious Mode home" }).count(), path).resolves.toBe(1);
      await expect(page.getByRole("contentinfo").count(), path).resolves.toBe(1);
    }
    await page.getByRole("link", { name: "Return to Home" }).click();
    await page.getByRole("heading", { name: "Transform Impulse into Consciousness" }).waitFor();
    await page.context().close();
  });

  it("offers signed-in members only the conscious pages, in conscious wording", { timeout: 120_000 }, async () => {
    const email = `calm-${randomUUID().slice(0, 8)}@example.com`;
    const page = await newSitePage(browser);
    await signIn(page, email);

    // Adult mode lists Liked videos in the account menu.
    await accountMenu(page, email).click();
    await page.locator("header").getByRole("link", { name: "Liked videos" }).waitFor();

    // ?mode=sfw is remembered in a cookie: this context stays in Conscious Mode from here on.
    await page.goto(`${site()}/my-account?mode=sfw`);
    await hydrated(page);
    await expect(page.locator("html").getAttribute("data-brand")).resolves.toBe("conscious");
    await accountMenu(page, email).click();
    const menu = page.locator("header details");
    await menu.getByRole("link", { name: "Insights" }).waitFor();
    await expect(menu.getByRole("link", { name: "Liked videos" }).count()).resolves.toBe(0);
    await expect(page.getByText("Permanently delete your account, your profile and your usage history.").count()).resolves.toBe(1);
    expect(await wordingOf(page)).not.toMatch(ADULT_WORDING);

    // The refused adult page keeps the member's header.
    const response = await page.goto(`${site()}/liked-videos`);
    expect(response!.status()).toBe(404);
    await page.getByRole("heading", { name: "Oops! Page not found" }).waitFor();
    await accountMenu(page, email).waitFor();
    expect(await wordingOf(page)).not.toMatch(ADULT_WORDING);

    await page.goto(`${site()}/?mode=adult`);
    await page.context().close();
  });
});
