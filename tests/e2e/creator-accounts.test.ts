import { randomUUID } from "node:crypto";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newSitePage, signIn, signInModerator, site } from "./sign-in";
import { hydrated, launchBrowser, reactOwns } from "./support";

// A member asks to run a seeded creator's page from "This is me", the desk adds the profile link where the code is
// checked and approves, and the member sees the dashboard — phone and desktop, both languages. Sign-ins here: one
// member and creators@example.com (ADMIN_EMAILS of the e2e server).

const CREATOR = { slug: "rio-castell", name: "Rio Castell" };
const EDITOR = "creators@example.com";

let browser: Browser;
let member: Page;
let desk: Page | undefined;
beforeAll(async () => {
  browser = await launchBrowser();
  member = await newSitePage(browser);
  await signIn(member, `creator-${randomUUID().slice(0, 8)}@example.com`);
}, 120_000);
afterAll(() => browser?.close());

const fitsTheScreen = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe("creator accounts", () => {
  it("This is me → the desk approves → the member's dashboard", async () => {
    // On a phone: the creator page's link, then the request.
    await member.setViewportSize({ width: 390, height: 844 });
    await member.goto(`${site()}/creator/${CREATOR.slug}`);
    await hydrated(member);
    const thisIsMe = member.getByRole("link", { name: `This is me: ask to run ${CREATOR.name}'s page` });
    await reactOwns(thisIsMe);
    await thisIsMe.click();
    await member.waitForURL(/\/my-creator\?claim=/);
    await hydrated(member);
    await expect.poll(() => member.title()).toMatch(/^My creator page · /);
    expect(await member.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex");
    const ask = member.getByRole("button", { name: "Ask to run this page" });
    await reactOwns(ask);
    await ask.click();
    await member.getByRole("status").filter({ hasText: "Asked." }).waitFor();
    const code = ((await member.getByTestId("claim-code").textContent()) ?? "").replace("Code: ", "");
    expect(code).toMatch(/^spicy-[a-z2-9]{8}$/);
    expect(await fitsTheScreen(member)).toBe(true);

    // The desk, on a desktop: the page links to no profile yet, so the link goes on first, then the approval.
    desk = await newSitePage(browser);
    await desk.setViewportSize({ width: 1440, height: 900 });
    await signInModerator(desk, EDITOR);
    await desk.goto(`${site()}/admin/creator-claims`);
    await hydrated(desk);
    const request = desk.locator("li[data-claim]", { hasText: code });
    await request.waitFor();
    expect(await request.getByRole("button", { name: "Approve" }).count()).toBe(0);
    await desk.goto(`${site()}/admin/creators?q=${CREATOR.slug}`);
    await hydrated(desk);
    const save = desk.getByRole("button", { name: "Save changes" });
    await reactOwns(save);
    await desk.getByLabel("Website URL").fill(`https://example.com/${CREATOR.slug}`);
    await save.click();
    await desk.getByText("Saved. The change shows on the next request.").waitFor();
    await desk.goto(`${site()}/admin/creator-claims`);
    await hydrated(desk);
    await expect.poll(() => request.getByRole("link", { name: `https://example.com/${CREATOR.slug}` }).count()).toBe(1);
    const approve = request.getByRole("button", { name: "Approve" });
    await reactOwns(approve);
    await approve.click();
    await desk.getByRole("status").filter({ hasText: "Approved" }).waitFor();
    await desk.goto(`${site()}/admin/audit`);
    await hydrated(desk);
    await desk.getByText("Creator request approved").first().waitFor();

    // The member's dashboard, phone and desktop, English and Spanish.
    for (const [width, height] of [
      [360, 640],
      [390, 844],
      [1440, 900],
    ] as const) {
      await member.setViewportSize({ width, height });
      await member.goto(`${site()}/my-creator`);
      await hydrated(member);
      await member.getByRole("heading", { name: `${CREATOR.name}: your numbers` }).waitFor();
      expect(await member.locator("[data-stat=followers] dd").textContent()).toMatch(/\d/);
      const rows = member.locator("tr[data-clip]");
      expect(await rows.count()).toBeGreaterThan(0);
      await member.getByRole("link", { name: "Last 30 days" }).click();
      await member.waitForURL(/days=30/);
      await member.getByRole("heading", { name: "In the last 30 days" }).waitFor();
      expect(await member.getByRole("link", { name: "Last 30 days" }).getAttribute("aria-current")).toBe("page");
      expect(await fitsTheScreen(member)).toBe(true);

      await member.goto(`${site()}/my-creator?lang=es`);
      await hydrated(member);
      await member.getByRole("heading", { name: `${CREATOR.name}: tus cifras` }).waitFor();
      expect(await member.getByRole("listitem").filter({ hasText: "Gestionas esta página" }).count()).toBe(1);
      // Every figure's label fits its tile ("Visualizaciones" ran out of a third of the phone's width).
      for (const label of await member.locator("[data-stat] dt").all())
        expect(await label.evaluate((el) => el.scrollWidth <= el.clientWidth), (await label.textContent()) ?? "").toBe(true);
      // Each period is one line in its pill ("Últimos 30 días" broke inside it at 360 px), and the page still fits.
      for (const pill of await member.getByRole("navigation", { name: "Periodo" }).getByRole("link").all())
        expect((await pill.boundingBox())!.height, (await pill.textContent()) ?? "").toBeLessThan(40);
      expect(await fitsTheScreen(member)).toBe(true);
      await member.goto(`${site()}/my-creator?lang=en`);
    }
  });

  it("the owner edits the bio; it shows on the page only after the desk approves it", async () => {
    if (!desk) throw new Error("the first test signs the desk in");
    const bio = `Synthetic studio bio ${randomUUID().slice(0, 6)}`;
    await member.setViewportSize({ width: 390, height: 844 });
    await member.goto(`${site()}/my-creator`);
    await hydrated(member);
    const send = member.getByRole("button", { name: "Send for review" });
    await reactOwns(send);
    await member.getByLabel("Bio (English)").fill(bio);
    await send.click();
    await member.getByRole("status").filter({ hasText: "Sent." }).waitFor();
    expect(await fitsTheScreen(member)).toBe(true);
    await member.goto(`${site()}/creator/${CREATOR.slug}`);
    await hydrated(member);
    expect(await member.getByText(bio).count()).toBe(0);

    await desk.goto(`${site()}/admin/creator-edits`);
    await hydrated(desk);
    const change = desk.locator(`li[data-edit="${CREATOR.slug}"]`);
    await change.locator('tr[data-field="bio"]', { hasText: bio }).waitFor();
    const approve = change.getByRole("button", { name: "Approve" });
    await reactOwns(approve);
    await approve.click();
    await desk.getByRole("status").filter({ hasText: "Approved" }).waitFor();
    await desk.goto(`${site()}/admin/audit`);
    await hydrated(desk);
    await desk.getByText("Creator page change approved").first().waitFor();

    for (const [width, height] of [
      [360, 640],
      [390, 844],
      [1440, 900],
    ] as const) {
      await member.setViewportSize({ width, height });
      await member.goto(`${site()}/creator/${CREATOR.slug}`);
      await hydrated(member);
      await member.getByText(bio).waitFor();
      expect(await fitsTheScreen(member)).toBe(true);
    }
  });

  it("the desk renames a creator's address and the old one redirects permanently", async () => {
    if (!desk) throw new Error("the first test signs the desk in");
    for (const [width, height] of [
      [360, 640],
      [390, 844],
      [1440, 900],
    ] as const) {
      await desk.setViewportSize({ width, height });
      await desk.goto(`${site()}/admin/creators?q=vega-lux`);
      await hydrated(desk);
      const address = desk.getByLabel("Address (slug): /creator/…");
      await address.waitFor();
      expect(await fitsTheScreen(desk)).toBe(true);
    }
    const save = desk.getByRole("button", { name: "Save changes" });
    await reactOwns(save);
    await desk.getByLabel("Address (slug): /creator/…").fill("vega-lux-studio");
    await save.click();
    await desk.getByText("Saved. The change shows on the next request.").waitFor();

    const old = await fetch(`${site()}/creator/vega-lux?sort=popular`, { headers: { cookie: "age_verified=true" }, redirect: "manual" });
    expect(old.status).toBe(301);
    expect(old.headers.get("location")).toBe("/creator/vega-lux-studio?sort=popular");
    await member.goto(`${site()}/creator/vega-lux`);
    await hydrated(member);
    expect(new URL(member.url()).pathname).toBe("/creator/vega-lux-studio");
    expect(await member.locator('link[rel="canonical"]').getAttribute("href")).toMatch(/\/creator\/vega-lux-studio$/);
  });
});
