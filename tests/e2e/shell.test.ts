import { randomUUID } from "node:crypto";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newSitePage, signIn, site } from "./sign-in";
import { baseURL, hydrated, launchBrowser, newPage, reactOwns } from "./support";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** A header preference menu, by the name its summary reads out ("Language: English"). */
const menu = (page: Page, name: string) => page.locator("header summary", { hasText: name });

describe("shell", () => {
  it("renders the adult home on the server with metadata, RTA label, header and footer", async () => {
    const response = await fetch(`${baseURL()}/`, { headers: { cookie: "age_verified=true", "accept-language": "en" } });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<html lang="en"');
    expect(html).toMatch(/<title>Spicy Clips[^<]*<\/title>/);
    expect(html).toContain('<meta name="rating" content="adult"/>');
    expect(html).toContain('<meta name="RATING" content="RTA-5042-1996-1400-1577-RTA"/>');
    expect(html).toMatch(/<link rel="canonical" href="http:\/\/[^"]+\/"\/>/);
    expect(html).toContain('property="og:title"');
    expect(html).toContain('hrefLang="es"');
    expect(html).toMatch(/<video[^>]*>(<source[^>]*>)*<source src="\/media\/clips\/clip-\d\d\.mp4/);
  });

  it("fits the header's controls side by side on a phone, in both languages", async () => {
    for (const locale of ["en-US", "es-ES"]) {
      const page = await newPage(browser, { locale, viewport: { width: 390, height: 844 } });
      await page.goto("/");
      const boxes = await page.evaluate(() =>
        ["header a[href='/']", "header form[role='search'] button, header form button", "header nav"].map((selector) => {
          const box = document.querySelector(selector)!.getBoundingClientRect();
          return { left: box.left, right: box.right };
        }),
      );
      const [logo, search, nav] = boxes as [
        { left: number; right: number },
        { left: number; right: number },
        { left: number; right: number },
      ];
      // Spanish's 'Iniciar sesión' once squeezed the search form to nothing: its button lay over the logo.
      expect(search.left, locale).toBeGreaterThanOrEqual(logo.right);
      expect(nav.left, locale).toBeGreaterThanOrEqual(search.right);
      expect(nav.right, locale).toBeLessThanOrEqual(390);
      await page.context().close();
    }
  });

  it("links the seven footer pages (docs/product.md §4.2)", async () => {
    const page = await newPage(browser);
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    for (const href of [
      "/sobre",
      "/claim-this-content",
      "/report",
      "/promote-content",
      "/contato",
      "/politica-de-privacidade",
      "/termos-de-uso",
    ]) {
      await expect(footer.locator(`a[href="${href}"]`).count()).resolves.toBe(1);
    }
    await page.context().close();
  });

  it("answers unknown paths with a 404 page", async () => {
    const response = await fetch(`${baseURL()}/no/such/page`);
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain("Oops! Page not found");
    expect(html).toContain('name="robots" content="noindex"');

    const page = await newPage(browser);
    await page.goto("/still/not/here");
    await expect(page.getByRole("heading", { name: "Oops! Page not found" }).isVisible()).resolves.toBe(true);
    // The error page is hydrated like every other (the root's error boundary): marked, and its link is React's — the
    // way home is taken without loading a new document.
    await page.locator("html[data-hydrated]").waitFor({ state: "attached", timeout: 15_000 });
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await page.getByRole("link", { name: "Return to Home" }).click();
    await page.waitForURL(`${baseURL()}/`);
    await expect(page.evaluate(() => "sameDocument" in window)).resolves.toBe(true);
    await page.context().close();
  });

  it("serves the static pages in both languages with a way home", async () => {
    const pages = [
      ["/sobre-nos", "About us", "Sobre nosotros"],
      ["/sobre", "About us", "Sobre nosotros"],
      ["/termos-de-uso", "Terms of use", "Términos de uso"],
      ["/politica-de-privacidade", "Privacy policy", "Política de privacidad"],
    ] as const;
    for (const [path, en, es] of pages) {
      const english = await (await fetch(`${baseURL()}${path}`, { headers: { "accept-language": "en" } })).text();
      const spanish = await (await fetch(`${baseURL()}${path}`, { headers: { "accept-language": "es-ES,es;q=0.9" } })).text();
      expect(english).toContain(`>${en}</h1>`);
      expect(spanish).toContain(`>${es}</h1>`);
      expect(spanish).toContain('<html lang="es"');
      expect(english).toContain("Back to home");
      expect(spanish).toContain("Volver al inicio");
    }
    const terms = await (await fetch(`${baseURL()}/termos-de-uso`)).text();
    expect(terms).toContain("at least 18 years old");
  });

  it("keeps the chosen language across reloads", async () => {
    const page = await newPage(browser);
    await page.goto("/termos-de-uso");
    await reactOwns(menu(page, "Language: English"));
    await menu(page, "Language: English").click();
    await page.getByRole("button", { name: "Español" }).click();
    await page.waitForLoadState("load");
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("Términos de uso");
    await page.reload();
    await expect(page.locator("html").getAttribute("lang")).resolves.toBe("es");
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("Términos de uso");
    await page.context().close();
  });

  it("keeps the audience in a cookie and hides the menu on static pages", async () => {
    const page = await newPage(browser);
    await page.goto("/");
    await reactOwns(menu(page, "Audience: Hetero"));
    await menu(page, "Audience: Hetero").click();
    await page.getByRole("button", { name: "Gay" }).click();
    await menu(page, "Audience: Gay").waitFor();
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === "audience")?.value).toBe("gay");
    await page.goto("/termos-de-uso");
    await expect(menu(page, "Audience:").count()).resolves.toBe(0);
    await page.context().close();
  });

  it("sends security headers with a per-request script nonce", async () => {
    const first = await fetch(`${baseURL()}/`);
    const second = await fetch(`${baseURL()}/`);
    const csp = first.headers.get("content-security-policy") ?? "";
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(second.headers.get("content-security-policy")).not.toContain(nonce);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(first.headers.get("x-content-type-options")).toBe("nosniff");
    expect(first.headers.get("x-frame-options")).toBe("DENY");
    expect(first.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(first.headers.get("x-powered-by")).toBeNull();
    const html = await first.text();
    const scripts = [...html.matchAll(/<script([^>]*)>/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const attributes of scripts) expect(attributes).toContain(`nonce="${nonce}"`);
  });

  it("runs the page without CSP violations or console errors", async () => {
    const page = await newPage(browser);
    const problems: string[] = [];
    page.on("console", (m) => m.type() === "error" && problems.push(m.text()));
    page.on("pageerror", (e) => problems.push(e.message));
    await page.goto("/");
    await page.getByRole("button", { name: "Next", exact: true }).click();
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it(
    "navigates client-side to pages with a namespace not loaded yet, signed in, without console errors",
    { timeout: 120_000 },
    async () => {
      // The legal texts load on first use: that suspension once broke React's hook order (errors #520/#467).
      const page = await newSitePage(browser);
      await signIn(page, `shell-${randomUUID().slice(0, 8)}@example.com`);
      const problems: string[] = [];
      page.on("console", (m) => m.type() === "error" && problems.push(m.text()));
      page.on("pageerror", (e) => problems.push(e.message));
      for (const from of ["/", "/my-account", "/insights"]) {
        for (const [to, heading] of [
          ["/termos-de-uso", "Terms of use"],
          ["/sobre", "About us"],
        ] as const) {
          await page.goto(`${site()}${from}`);
          await hydrated(page);
          await page.getByRole("contentinfo").locator(`a[href="${to}"]`).click();
          await page.getByRole("heading", { level: 1, name: heading }).waitFor();
          // Recoverable render errors are reported just after the commit.
          await page.waitForTimeout(300);
          expect(problems, `${from} → ${to}`).toEqual([]);
        }
      }
      await page.context().close();
    },
  );

  it("keeps what a visitor typed in the header's search box before its code arrived: the same field, its text and focus", async () => {
    const page = await newPage(browser, { viewport: { width: 1440, height: 900 } });
    // The search box's code held back, as on a slow network: the visitor types into the server's field meanwhile.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/lazy-search-[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/");
    await hydrated(page);
    const field = page.getByRole("searchbox", { name: "Search clips" });
    await field.click();
    await page.keyboard.type("ocean");
    await field.evaluate((element) => ((window as unknown as { typedInto: Element }).typedInto = element));
    release();
    await reactOwns(field);
    expect(
      await page.evaluate(() => {
        const { typedInto } = window as unknown as { typedInto: HTMLInputElement };
        const shown = document.querySelector<HTMLInputElement>("header input[type=search]");
        return { kept: shown === typedInto, value: shown?.value, focused: document.activeElement === shown };
      }),
    ).toEqual({ kept: true, value: "ocean", focused: true });
    await page.context().close();
  });

  it("caches hashed assets for a year", async () => {
    const html = await (await fetch(`${baseURL()}/`)).text();
    const asset = /\/assets\/[^"]+\.js/.exec(html)?.[0];
    const response = await fetch(`${baseURL()}${asset}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toContain("immutable");
  });

  it("shows the connectivity banner when /healthz fails and recovers on retry", async () => {
    const page = await newPage(browser);
    await page.clock.install();
    await page.goto("/termos-de-uso");
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await page.route("**/healthz", (route) => route.fulfill({ status: 503, body: "{}" }));
    const banner = page.getByRole("alert").filter({ hasText: "Connection problems" });
    // The banner's script arrives after the page (it hydrates later): its 30 s check starts once it has.
    await expect
      .poll(
        async () => {
          await page.clock.fastForward(30_000);
          return banner.count();
        },
        { timeout: 15_000 },
      )
      .toBe(1);
    await expect(banner.textContent()).resolves.toContain("Reconnecting");
    await page.unroute("**/healthz");
    await banner.getByRole("button", { name: "Retry now" }).click();
    await banner.waitFor({ state: "detached" });
    await page.context().close();
  });

  it("reports health with the database", async () => {
    const response = await fetch(`${baseURL()}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok", database: "ok" });
  });
});
