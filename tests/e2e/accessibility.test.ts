import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { AxeResults } from "axe-core";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { leadClip, removeCaptions, setCaptions, vtt } from "./captions-desk";
import { hydrated, launchBrowser, newPage, reactOwns, type ContextOptions } from "./support";
import { newSitePage, signIn, signInModerator, site } from "./sign-in";

// The bar of docs/product.md §19, "axe reports no serious or critical violation", page by page in real Chromium.
// Sign-ins here: one member, a11y-desk@example.com and a11y-captions@example.com (ADMIN_EMAILS of the e2e server).

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const BLOCKING = new Set(["serious", "critical"]);

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/**
 * The site's CSP only runs scripts that carry the response's nonce, so an injected axe would be
 * blocked: the page ignores CSP for this audit (Chromium's DevTools switch, applies from the next load).
 */
async function auditablePage(options: ContextOptions = {}, page?: Page): Promise<Page> {
  const target = page ?? (await newPage(browser, options));
  const cdp = await target.context().newCDPSession(target);
  await cdp.send("Page.setBypassCSP", { enabled: true });
  return target;
}

type Violation = AxeResults["violations"][number];

/** Every serious or critical violation, written so a reader can find and fix it. */
function explain(where: string, violations: Violation[]): string {
  const lines = [`${where}: ${violations.length} serious or critical axe violation(s)`];
  for (const v of violations) {
    lines.push(`- [${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})`);
    for (const node of v.nodes) {
      lines.push(`    ${node.target.join(" ")}`);
      if (node.failureSummary) lines.push(`      ${node.failureSummary.replace(/\n/g, "\n      ")}`);
    }
  }
  return lines.join("\n");
}

async function expectNoBlockingViolations(page: Page, where: string) {
  await page.addScriptTag({ content: AXE_SOURCE });
  const violations = await page.evaluate(async () => {
    const { axe } = window as unknown as { axe: typeof import("axe-core") };
    const results = await axe.run(document, { resultTypes: ["violations"] });
    return results.violations;
  });
  const blocking = violations.filter((v) => v.impact && BLOCKING.has(v.impact));
  // Soft: every page of the test is audited, and the report lists all of them at once.
  expect
    .soft(
      blocking.map((v) => `${where} ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
      explain(where, blocking),
    )
    .toEqual([]);
}

/**
 * Opens `path` (on `origin` when given: signed-in pages live on the public origin) and audits it once
 * hydrated. Error pages render from the root's error boundary, which never marks the page hydrated.
 */
async function audit(page: Page, path: string, origin = "") {
  const response = await page.goto(origin + path);
  expect(response, path).not.toBeNull();
  if (response!.ok()) await hydrated(page);
  await expectNoBlockingViolations(page, path);
  return response!;
}

describe("accessibility: axe finds no serious or critical violation", () => {
  it("on the home page, a video page, its creator and tag pages, and search", async () => {
    const page = await auditablePage();
    await audit(page, "/");
    const video = await page.locator('main a[href^="/video/"]').first().getAttribute("href");
    expect(video).toMatch(/^\/video\//);

    await audit(page, video!);
    const creator = await page.locator('main a[href^="/creator/"]').first().getAttribute("href");
    const tag = await page.locator('main a[href^="/tag/"]').first().getAttribute("href");
    expect(creator).toMatch(/^\/creator\//);
    expect(tag).toMatch(/^\/tag\//);

    await audit(page, creator!);
    await audit(page, tag!);
    // "ne" matches the demo catalogue's neon clips: the page shows results, not the empty state.
    await audit(page, "/search?q=ne");
    await expect(page.locator('main a[href^="/video/"]').count()).resolves.toBeGreaterThan(0);
    await page.context().close();
  });

  it("on the home page and the video page of a lead clip with captions (its CC button)", async () => {
    const page = await auditablePage();
    await page.goto("/");
    await hydrated(page);
    const lead = await leadClip(page);
    const desk = await newSitePage(browser);
    await signInModerator(desk, "a11y-captions@example.com");
    try {
      await setCaptions(desk, lead.slug, vtt("Synthetic caption line"));
      // The stored home page is dropped when the catalogue changes; on PostgreSQL that notice may come a moment later.
      await expect
        .poll(
          async () => {
            await page.goto("/");
            return page.getByRole("button", { name: "Captions" }).count();
          },
          { timeout: 20_000, interval: 500 },
        )
        .toBe(1);
      await audit(page, "/");
      await audit(page, `/video/${lead.slug}`);
      expect(await page.getByRole("button", { name: "Captions" }).count()).toBe(1);
    } finally {
      await removeCaptions(desk, lead.slug);
      await desk.context().close();
      await page.context().close();
    }
  });

  it("on the forms, the static pages and the 404 page", async () => {
    const page = await auditablePage();
    for (const path of [
      "/submit",
      "/report",
      "/claim-this-content",
      "/contato",
      "/promote-content",
      "/sobre-nos",
      "/termos-de-uso",
      "/politica-de-privacidade",
      "/auth/sign-in",
    ]) {
      expect((await audit(page, path)).status(), path).toBe(200);
    }
    expect((await audit(page, "/no-such-page-here")).status()).toBe(404);
    await page.context().close();
  });

  it("on the age gate once its question shows", async () => {
    const page = await auditablePage({ ageVerified: false });
    await page.goto("/");
    const confirm = page.getByRole("dialog").getByRole("button", { name: "Confirm, I am 18 or older" });
    await confirm.waitFor({ state: "visible", timeout: 5000 });
    // The question fades in (0.3 s): audit its final colours, not a half-transparent frame.
    await page.waitForFunction(() => getComputedStyle(document.querySelector(".gate-question")!).opacity === "1");
    await expectNoBlockingViolations(page, "/ (age gate)");
    await page.context().close();
  });

  it("on the header's sign-in dialog", async () => {
    const page = await auditablePage();
    await audit(page, "/");
    await reactOwns(page.locator("header").getByRole("link", { name: "Sign in" }));
    await page.locator("header").getByRole("link", { name: "Sign in" }).click();
    await page.getByRole("dialog").getByLabel("E-mail").waitFor();
    await expectNoBlockingViolations(page, "/ (sign-in dialog)");
    await page.context().close();
  });

  it("on the Spanish home", async () => {
    const page = await auditablePage();
    await audit(page, "/?lang=es");
    await expect(page.locator("html").getAttribute("lang")).resolves.toBe("es");
    await page.context().close();
  });

  it("on the Conscious Mode landing, its premium variant and activation", async () => {
    // ?mode=sfw is remembered in a cookie: this context stays in Conscious Mode.
    const page = await auditablePage();
    for (const path of ["/?mode=sfw", "/?mode=sfw&source=header_premium_button&cta=premium", "/ativar?mode=sfw"]) {
      await audit(page, path);
      await expect(page.locator("html").getAttribute("data-brand"), path).resolves.toBe("conscious");
    }
    await page.context().close();
  });

  it("on a member's account, liked videos and insights", async () => {
    const page = await auditablePage({}, await newSitePage(browser));
    await signIn(page, `a11y-${randomUUID().slice(0, 8)}@example.com`);
    for (const path of ["/my-account", "/liked-videos", "/insights"]) {
      expect((await audit(page, path, site())).status(), path).toBe(200);
    }
    await page.context().close();
  });

  it("on the moderation pages", async () => {
    const page = await auditablePage({}, await newSitePage(browser));
    await signInModerator(page, "a11y-desk@example.com");
    for (const path of [
      "/admin",
      "/admin/submissions",
      "/admin/reports?state=all",
      "/admin/search?q=example",
      "/admin/jobs?state=done",
      "/admin/copies",
      "/admin/audit",
    ]) {
      expect((await audit(page, path, site())).status(), path).toBe(200);
    }
    await page.context().close();
  });
});
