import { randomUUID } from "node:crypto";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hydrated, launchBrowser, newPage } from "./support";
import { mailTo, newSitePage as newSitePageOn, signIn, site } from "./sign-in";

// Every sign-in request from this machine counts against the per-IP limit
// (shared by the whole e2e run, raised for it in global-setup): this file makes 7.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const newSitePage = () => newSitePageOn(browser);
const go = (page: Page, path: string) => page.goto(`${site()}${path}`);

const address = (label: string) => `${label}-${randomUUID().slice(0, 8)}@example.com`;

const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]", { hasText: text }).first().waitFor();

describe("account loop", () => {
  it("signs in, finds a like, changes e-mail, signs out, deletes the account and starts again empty", { timeout: 180_000 }, async () => {
    const page = await newSitePage();
    const email = address("loop");

    // An anonymous flame on the home page becomes the account's on sign-in.
    await go(page, "/");
    await hydrated(page);
    const title = (await page.locator("main h1").first().textContent())!.trim();
    const flame = page.getByRole("button", { name: /^Flame, / });
    // The count moves at once; signing in (which takes the flame over) waits for the server's answer.
    const stored = page.waitForResponse((r) => r.url().endsWith("/api/flames") && r.request().method() === "POST");
    await flame.click();
    expect((await stored).status()).toBe(200);
    await expect.poll(() => flame.getAttribute("aria-pressed")).toBe("true");

    const usedLink = await signIn(page, email);

    // A sign-in link works once: opened again (elsewhere) it explains why it no longer does.
    const other = await newSitePage();
    await other.goto(usedLink);
    await other.getByText("Invalid or expired authentication link").waitFor();
    await other.context().close();

    // Liked videos: the merged flame is there; removing it (confirmed) empties the list.
    await go(page, "/liked-videos");
    await hydrated(page);
    const card = page.getByRole("article", { name: title });
    await card.waitFor();
    await expect(page.getByTestId("liked-total").textContent()).resolves.toBe("1 liked video");
    await card.locator("summary").click();
    await card.getByRole("button", { name: "Yes, remove" }).click();
    await page.getByRole("heading", { name: "No Liked Videos" }).waitFor();

    // Change of e-mail: confirmed from the current inbox, then verified from the new one.
    const newEmail = address("moved");
    await go(page, "/my-account");
    await hydrated(page);
    await expect(page.getByTestId("account-email").textContent()).resolves.toBe(email);
    await page.getByLabel("New email").fill(email.toUpperCase());
    await page.getByRole("button", { name: "Update email" }).click();
    await page.locator("main").getByRole("alert").filter({ hasText: "Please enter your new email." }).waitFor();
    await page.getByLabel("New email").fill(newEmail);
    await page.getByRole("button", { name: "Update email" }).click();
    await toast(page, "Check both your current and your new inbox");
    await page.goto(await mailTo(email, "verify-email"));
    await page.waitForURL("**/my-account");
    await page.goto(await mailTo(newEmail, "verify-email"));
    await page.waitForURL("**/my-account");
    await expect(page.getByTestId("account-email").textContent()).resolves.toBe(newEmail);

    // Sign out from the account page.
    await hydrated(page);
    await page.getByRole("button", { name: "Sign out" }).click();
    await toast(page, "You have been signed out.");
    await page.locator("header").getByRole("link", { name: "Sign in" }).waitFor();

    // Sign in again and delete the account through the dialog.
    await signIn(page, newEmail);
    await go(page, "/my-account");
    await hydrated(page);
    const firstId = await page.getByTestId("account-id").textContent();
    await page.getByRole("link", { name: "Delete account" }).click();
    const dialog = page.getByRole("dialog", { name: "Are you sure?" });
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await toast(page, "Your account has been successfully deleted.");
    expect(new URL(page.url()).pathname).toBe("/");
    await page.locator("header").getByRole("link", { name: "Sign in" }).waitFor();

    // The same address starts a brand-new, empty account.
    await signIn(page, newEmail);
    await go(page, "/my-account");
    const secondId = await page.getByTestId("account-id").textContent();
    expect(secondId).toBeTruthy();
    expect(secondId).not.toBe(firstId);
    await go(page, "/liked-videos");
    await page.getByRole("heading", { name: "No Liked Videos" }).waitFor();
    await page.context().close();
  });

  it("shows 'Access Required' with status 401 to visitors who are not signed in", async () => {
    const page = await newPage(browser);
    for (const path of ["/my-account", "/liked-videos"]) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(401);
      const main = page.locator("main");
      await main.getByRole("heading", { name: "Access Required" }).waitFor();
      await main.getByText("You need to be logged in to access this page.").waitFor();
      await expect(main.getByRole("link", { name: "Sign in" }).getAttribute("href")).resolves.toBe(
        `/auth/sign-in?next=${encodeURIComponent(path)}`,
      );
      await main.getByRole("link", { name: "Back to home" }).waitFor();
    }
    await page.context().close();
  });

  it("limits sign-in links per address with a translated message", async () => {
    const page = await newPage(browser, { locale: "es-ES" });
    const email = address("limit");
    await page.goto("/");
    await hydrated(page);
    await page.locator("header").getByRole("link", { name: "Iniciar sesión" }).click();
    const dialog = page.getByRole("dialog");
    for (let attempt = 1; attempt <= 3; attempt++) {
      await dialog.getByLabel("Correo electrónico").fill(email);
      await dialog.getByRole("button", { name: "Enviar enlace mágico" }).click();
      await dialog.getByText("¡Correo enviado!").waitFor();
      await dialog.getByRole("button", { name: "Enviar otro" }).click();
    }
    await dialog.getByLabel("Correo electrónico").fill(email);
    await dialog.getByRole("button", { name: "Enviar enlace mágico" }).click();
    await dialog.getByRole("alert").filter({ hasText: "Se pidieron demasiados enlaces de inicio de sesión" }).waitFor();
    await page.context().close();
  });
});
