import { randomUUID } from "node:crypto";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hydrated, launchBrowser, newPage } from "./support";
import { newSitePage, signIn, site } from "./sign-in";

// One sign-in in this file (the per-IP sign-in limit is shared by the whole e2e run).

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser(["--host-resolver-rules=MAP calm.test 127.0.0.1"]);
});
afterAll(() => browser?.close());

type Session = { seconds: number; emotionId: number | null; endedBy: string | null };
const sessionsOf = async (page: Page) =>
  ((await (await page.request.get(`${site()}/api/usage`)).json()) as { sessions: Session[] }).sessions;

describe("premium activation and the usage timer", () => {
  it("asks signed-out visitors to sign in, in both brand modes", { timeout: 120_000 }, async () => {
    const page = await newPage(browser);
    for (const path of ["/ativar", "/ativar?mode=sfw"]) {
      await page.goto(path);
      await hydrated(page);
      await page.getByLabel("Promotional code").fill("userbeta");
      await page.getByRole("button", { name: "Activate", exact: true }).click();
      const alert = page.locator("main").getByRole("alert");
      await alert.getByText("You must be logged in to activate premium access.").waitFor();
      await expect(alert.getByRole("link", { name: "Sign in" }).getAttribute("href")).resolves.toBe("/auth/sign-in?next=/ativar");
    }
    // Conscious Mode really is the other brand here (no adult rating).
    expect(await page.locator('meta[name="RATING"]').count()).toBe(0);
    expect((await page.request.get("/api/usage")).status()).toBe(401);
    // Without premium the success page says so, in its title too.
    await page.goto("/premium-success?activated=true&plan=beta");
    await page.getByRole("heading", { name: "Premium is not active" }).waitFor();
    await expect(page.title()).resolves.toBe("Premium is not active · Conscious Mode");
    await page.context().close();
  });

  it("offers Go Premium to signed-out visitors on every screen, and asks them to sign in to activate", async () => {
    for (const viewport of [
      { width: 360, height: 640 },
      { width: 390, height: 844 },
      { width: 1366, height: 768 },
      { width: 2560, height: 1440 },
    ]) {
      const page = await newPage(browser, { viewport });
      await page.goto("/");
      const goPremium = page.locator("header").getByRole("link", { name: "Go Premium" });
      await expect(goPremium.isVisible(), `${viewport.width}px`).resolves.toBe(true);
      const box = (await goPremium.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
      if (viewport.width === 360) {
        await hydrated(page);
        await goPremium.click();
        await page.getByRole("link", { name: "Activate Conscious Mode Now" }).click();
        await page.waitForURL("**/ativar");
        await hydrated(page);
        // Not signed in: the activation page says so before the code is even tried.
        await page.locator("main").getByText("You need an account to activate premium.").waitFor();
        await expect(page.locator("main").getByRole("link", { name: "Sign in" }).getAttribute("href")).resolves.toBe(
          "/auth/sign-in?next=/ativar",
        );
      }
      await page.context().close();
    }
  });

  it("saves timer sessions with their emotion, then activates beta premium", { timeout: 180_000 }, async () => {
    const page = await newSitePage(browser);
    await signIn(page, `premium-${randomUUID().slice(0, 8)}@example.com`);

    // The anonymous session of the page left for the sign-in link arrives with the new cookie and
    // counts for the account (the same person's time): measure from what is there now.
    await page.waitForTimeout(500);
    const before = (await sessionsOf(page)).length;

    // The session timer sits in the header on every page; its panel holds the mood and 'End session'.
    const timer = page.locator("header").getByTestId("session-timer");
    await expect.poll(() => timer.getByRole("timer").textContent(), { timeout: 15_000 }).not.toBe("00:00");
    await timer.click();
    const panel = page.getByRole("region", { name: "This session" });
    await expect(panel.getByTestId("timer-state").textContent()).resolves.toBe("Short session");
    const picker = panel.getByLabel("How do you feel?");
    await expect.poll(() => picker.locator("option").count()).toBeGreaterThan(1);
    await picker.selectOption({ label: "Curious" });
    const curious = Number(await picker.inputValue());
    // Each choice is confirmed in a short status line.
    const said = panel.getByRole("status");
    await said.getByText("Noted: you feel Curious. It is saved with this session.").waitFor();
    await page.waitForTimeout(1100);
    await panel.getByRole("button", { name: "End session" }).click();
    await said.getByText(/^Session of 00:\d\d saved\. A new one starts when you carry on\.$/).waitFor();
    // The session was saved as it ran (one row under its own id): ending it saves it once more, with the emotion.
    await expect
      .poll(async () => {
        const [latest] = await sessionsOf(page);
        return latest?.endedBy === "ended" && latest.emotionId === curious && latest.seconds >= 1;
      })
      .toBe(true);
    const ended = (await sessionsOf(page)).length;
    expect(ended).toBeGreaterThanOrEqual(before);
    expect(ended).toBeLessThanOrEqual(before + 1);
    await page.keyboard.press("Escape");

    // A new session starts with the next activity and goes on across pages: one row, saved as it goes.
    await page.mouse.move(10, 300);
    await page.mouse.wheel(0, 10);
    await expect.poll(() => timer.getByRole("timer").textContent(), { timeout: 10_000 }).toMatch(/^00:0[2-9]$/);
    await page.goto(`${site()}/termos-de-uso`);
    await hydrated(page);
    // The same session: the header's timer does not start again from zero.
    await expect
      .poll(() => page.locator("header").getByTestId("session-timer").getByRole("timer").textContent())
      .toMatch(/^00:(0[2-9]|[1-5]\d)$/);
    await page.goto(`${site()}/ativar`);
    await expect.poll(async () => (await sessionsOf(page)).length, { timeout: 10_000 }).toBe(ended + 1);
    const [running] = await sessionsOf(page);
    expect(running!.seconds).toBeGreaterThanOrEqual(2);
    expect(running!.emotionId).toBeNull();
    await page.waitForTimeout(1500);
    // Leaving more pages saves the same session again, not a new one.
    await page.goto(`${site()}/termos-de-uso`);
    await hydrated(page);
    await page.goto(`${site()}/ativar`);
    await page.waitForTimeout(1000);
    expect((await sessionsOf(page)).length).toBe(ended + 1);

    // Before premium, the adult header offers 'Go Premium', leading to the Conscious Mode landing's call to action.
    await page.goto(`${site()}/termos-de-uso`);
    const goPremium = page.locator("header").getByRole("link", { name: "Go Premium" });
    await expect(goPremium.getAttribute("href")).resolves.toBe("/?mode=sfw&source=header_premium_button&cta=premium");
    // On a phone too, in the header itself.
    await page.setViewportSize({ width: 360, height: 640 });
    await expect(goPremium.isVisible()).resolves.toBe(true);
    await page.setViewportSize({ width: 1280, height: 900 });

    // Activation: a wrong code, then 'userbeta' in another case; the success page follows after 2 s.
    await page.goto(`${site()}/ativar`);
    await hydrated(page);
    const code = page.getByLabel("Promotional code");
    await code.fill("not-a-code");
    await page.getByRole("button", { name: "Activate", exact: true }).click();
    await page.locator("main").getByRole("alert").getByText('Invalid promotional code. Use "userbeta" for beta access.').waitFor();
    await code.fill("UserBeta");
    await page.getByRole("button", { name: "Activate", exact: true }).click();
    await page.getByText("Premium activated!").waitFor();
    await page.waitForURL("**/premium-success?activated=true&plan=beta", { timeout: 15_000 });
    await expect(page.getByTestId("premium-plan").textContent()).resolves.toBe("BETA (30 days)");
    await expect(page.title()).resolves.toBe("Premium activated · Spicy Clips");
    await page.getByText("Ad-free browsing").waitFor();
    await expect(page.getByRole("link", { name: "Back to the main site" }).getAttribute("href")).resolves.toBe("/");

    await page.goto(`${site()}/ativar`);
    await page.getByRole("heading", { name: "Premium Already Active" }).waitFor();
    await page.getByRole("link", { name: "Return to home" }).waitFor();

    // Premium users see no 'Go Premium' (and get no ads: the root passes no ad script for them).
    await page.goto(`${site()}/termos-de-uso`);
    await page
      .locator("header")
      .getByRole("link", { name: "Sign in" })
      .or(page.locator("header summary[aria-label^='Account menu']"))
      .first()
      .waitFor();
    await expect(page.locator("header").getByRole("link", { name: "Go Premium" }).count()).resolves.toBe(0);
    await expect(page.locator('header a[href*="cta=premium"]').count()).resolves.toBe(0);
    await page.context().close();
  });
});
