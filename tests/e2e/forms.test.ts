import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseURL, hydrated, launchBrowser, newPage } from "./support";

// Every record from this machine counts against the per-form, per-IP limit
// (5 in 10 minutes): this file stays under it except where it tests it.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function open(path: string): Promise<Page> {
  const page = await newPage(browser);
  await page.goto(path);
  await hydrated(page);
  return page;
}

const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]", { hasText: text }).first().waitFor({ timeout: 15_000 });

/** The lasting confirmation after a success: still there once the toast has gone (docs/product.md §9.1). */
async function confirmation(page: Page, form: string, text: string) {
  const panel = page.getByTestId(`${form}-form-confirmation`);
  await panel.getByText(text).waitFor();
  // A toast under the pointer waits for it to leave.
  await page.mouse.move(0, 0);
  await page.locator("[data-sonner-toast]").first().waitFor({ state: "detached", timeout: 15_000 });
  await expect(panel.isVisible()).resolves.toBe(true);
  await expect(panel.getAttribute("role")).resolves.toBe("status");
  return panel;
}
const field = (page: Page, form: string, name: string) => page.locator(`#${form}-form [name="${name}"]`);
const errorOf = (page: Page, form: string, name: string) => page.locator(`#${form}-form-${name}-error`);

describe("the public forms (ADR 012)", () => {
  it("links /submit from the footer of every page, the home page's included", async () => {
    const page = await open("/");
    const footer = page.locator("body > footer");
    for (const path of ["/", "/tag/neon", "/sobre"]) {
      await page.goto(path);
      expect(await footer.getByRole("link", { name: "Submit content" }).getAttribute("href"), path).toBe("/submit");
    }
    await footer.getByRole("link", { name: "Submit content" }).click();
    await page.waitForURL("**/submit");
    await page.getByRole("heading", { level: 1, name: "Submit content" }).waitFor();
    await page.context().close();
  });

  it("submit: validates on submit, then on change, and lands on / with its toast", async () => {
    const page = await open("/submit");
    expect(await page.getByText("every audience the site offers").count()).toBe(1);
    expect(await page.getByRole("link", { name: /Back to home/ }).getAttribute("href")).toBe("/");
    expect(await field(page, "submit", "imageOrVideoLink").getAttribute("type")).toBe("url");
    expect(await field(page, "submit", "tags").getAttribute("placeholder")).toBe("blonde, fetish, amateur");
    // An example address, not the site's host name.
    expect(await field(page, "submit", "imageOrVideoLink").getAttribute("placeholder")).toBe("https://www.example.com/your-clip");
    expect(await field(page, "submit", "socialLinks").getAttribute("rows")).toBe("3");
    expect(await page.locator('#submit-form select[name="category"] option').count()).toBe(12);

    await page.getByRole("button", { name: "Submit for review" }).click();
    expect(await errorOf(page, "submit", "creatorName").textContent()).toBe("Creator name must be at least 2 characters");
    expect(await errorOf(page, "submit", "category").textContent()).toBe("Please select a category");
    expect(await errorOf(page, "submit", "tags").textContent()).toBe("Please add at least one tag, separated by commas");
    expect(await errorOf(page, "submit", "salesProfileLink").textContent()).toBe("Please enter a valid URL");
    expect(page.url()).toContain("/submit");

    await field(page, "submit", "creatorName").fill("Ava Night");
    await errorOf(page, "submit", "creatorName").waitFor({ state: "detached" });
    await field(page, "submit", "category").selectOption("Cosplay");
    await field(page, "submit", "tags").fill("blonde, cosplay");
    await field(page, "submit", "imageOrVideoLink").fill("https://example.com/clip.mp4");
    await field(page, "submit", "salesProfileLink").fill("https://fans.example/ava");
    await page.getByRole("button", { name: "Submit for review" }).click();
    await toast(page, "Content submitted for review!");
    await page.waitForURL((url) => url.pathname === "/");
    await page.context().close();
  });

  it("report: prefills the URL from ?video= and clears both fields after sending", async () => {
    const page = await open("/report?video=abc12345");
    expect(await field(page, "report", "contentUrl").inputValue()).toMatch(/^https?:\/\/[^/]+\/video\/abc12345$/);
    expect(await field(page, "report", "description").getAttribute("rows")).toBe("5");
    await page.getByRole("button", { name: "Send report" }).click();
    expect(await errorOf(page, "report", "description").textContent()).toBe("Please describe the problem");
    await field(page, "report", "description").fill("This clip was posted without consent.");
    await page.getByRole("button", { name: "Send report" }).click();
    await toast(page, "Report submitted successfully!");
    await expect.poll(() => field(page, "report", "contentUrl").inputValue()).toBe("");
    expect(await field(page, "report", "description").inputValue()).toBe("");
    const panel = await confirmation(page, "report", "Report submitted successfully!");
    await panel.getByText("Our moderators review every report").waitFor();
    expect(await panel.getByRole("link", { name: "Back to the clip" }).getAttribute("href")).toBe("/video/abc12345");
    await page.context().close();

    const byContentId = await open("/report?contentId=feed1234");
    expect(await field(byContentId, "report", "contentUrl").inputValue()).toMatch(/\/video\/feed1234$/);
    await byContentId.context().close();
  });

  it("claim: the button waits for a position, at both addresses", async () => {
    const page = await open("/claim-this-content?video=abc12345");
    const button = page.getByRole("button", { name: "Send claim" });
    expect(await button.isDisabled()).toBe(true);
    expect(await field(page, "claim", "phone").getAttribute("type")).toBe("tel");
    await field(page, "claim", "email").fill("ava@example.com");
    await page.getByLabel("I want this content to be removed").check();
    expect(await button.isEnabled()).toBe(true);
    // Removal makes the claim a notice: its elements appear and are required, copyright asking for more.
    await button.click();
    expect(await errorOf(page, "claim", "signature").textContent()).toBe("Please type your full name as your signature");
    await page.getByRole("radio", { name: /I own the copyright/ }).check();
    await page.getByLabel("Postal address").waitFor();
    await page.getByRole("radio", { name: /was published without consent/ }).check();
    expect(await page.getByLabel("Postal address").isVisible()).toBe(false);
    await field(page, "claim", "details").fill("It shows me; I never agreed to it.");
    await page.getByLabel(/I state in good faith/).check();
    await field(page, "claim", "signature").fill("Ava Example");
    await button.click();
    await toast(page, "Claim submitted successfully!");
    await expect.poll(() => field(page, "claim", "email").inputValue()).toBe("");
    expect(await button.isDisabled()).toBe(true);
    const panel = await confirmation(page, "claim", "Claim submitted successfully!");
    expect(await panel.getByRole("link", { name: "Back to the clip" }).getAttribute("href")).toBe("/video/abc12345");
    await page.context().close();

    // A claim posted before the page hydrated comes back (400) with its position chosen: the button stays enabled.
    const early = await open("/esse-conteudo-e-meu");
    await Promise.all([
      early.waitForURL("**/esse-conteudo-e-meu"),
      early.evaluate(() => {
        const form = Object.assign(document.createElement("form"), { method: "post", action: "/esse-conteudo-e-meu" });
        for (const [name, value] of [
          ["contentUrl", "https://example.com/mine"],
          ["position", "removal"],
        ]) {
          form.append(Object.assign(document.createElement("input"), { type: "hidden", name, value }));
        }
        document.body.append(form);
        HTMLFormElement.prototype.submit.call(form);
      }),
    ]);
    await hydrated(early);
    expect(await errorOf(early, "claim", "email").textContent()).toBe("Please enter a valid email");
    expect(await early.getByLabel("I want this content to be removed").isChecked()).toBe(true);
    expect(await early.getByRole("button", { name: "Send claim" }).isEnabled()).toBe(true);
    await early.context().close();

    const portuguese = await open("/esse-conteudo-e-meu");
    expect(await portuguese.getByRole("heading", { level: 1 }).textContent()).toBe("Claim this content");
    await portuguese.context().close();
  });

  it("contact: required fields, then 'Message sent successfully!' and a reset form", async () => {
    const page = await open("/contato");
    expect(await page.getByText(/simulation/i).count()).toBe(0);
    await page.getByRole("button", { name: "Send message" }).click();
    expect(await errorOf(page, "contact", "name").textContent()).toBe("Please enter your name");
    expect(await errorOf(page, "contact", "email").textContent()).toBe("Please enter a valid email");
    expect(await errorOf(page, "contact", "subject").textContent()).toBe("Please enter a subject");
    expect(await errorOf(page, "contact", "message").textContent()).toBe("Please enter your message");
    await field(page, "contact", "name").fill("Ava");
    await field(page, "contact", "email").fill("ava@example.com");
    await field(page, "contact", "subject").fill("Hello");
    await field(page, "contact", "message").fill("A question about partnerships.");
    await page.getByRole("button", { name: "Send message" }).click();
    await toast(page, "Message sent successfully!");
    await expect.poll(() => field(page, "contact", "name").inputValue()).toBe("");
    const panel = await confirmation(page, "contact", "Message sent successfully!");
    // No clip to go back to: the way home instead.
    expect(await panel.getByRole("link", { name: "Back to the clip" }).count()).toBe(0);
    expect(await panel.getByRole("link", { name: "Back to home" }).getAttribute("href")).toBe("/");
    await page.context().close();
  });

  it("speaks Spanish, messages included", async () => {
    const page = await newPage(browser, { locale: "es-ES" });
    await page.goto("/contato");
    await hydrated(page);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Contacto");
    await page.getByRole("button", { name: "Enviar mensaje" }).click();
    expect(await errorOf(page, "contact", "name").textContent()).toBe("Introduce tu nombre");
    await page.context().close();
  });

  it("partnership: explains the points and sends the application", async () => {
    const page = await open("/promote-only-fans");
    // The partnership page promises more points for uploads longer than 10 seconds, with the real values (ADR 173).
    await page.getByText("10 points for uploads longer than 10 seconds.").waitFor();
    await page.getByText("5 points for each upload a moderator publishes.").waitFor();
    await page.getByRole("button", { name: "Apply for partnership" }).click();
    expect(await errorOf(page, "partnership", "salesPlatformUrl").textContent()).toBe("Please enter a valid URL");
    await field(page, "partnership", "salesPlatformUrl").fill("https://fans.example/ava");
    await field(page, "partnership", "socialNetworkUrl").fill("https://x.com/ava");
    await field(page, "partnership", "email").fill("ava@example.com");
    await page.getByRole("button", { name: "Apply for partnership" }).click();
    await toast(page, "Partnership application submitted successfully!");
    await confirmation(page, "partnership", "Partnership application submitted successfully!");
    await page.context().close();
  });

  it("works without JavaScript: 400 with kept values and messages, then success", async () => {
    const context = await browser.newContext({ baseURL: baseURL(), javaScriptEnabled: false, locale: "en-US" });
    await context.addCookies([{ name: "age_verified", value: "true", url: baseURL() }]);
    const page = await context.newPage();

    await page.goto("/submit");
    await field(page, "submit", "creatorName").fill("A");
    await field(page, "submit", "tags").fill("blonde, amateur");
    const [invalid] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST"),
      page.getByRole("button", { name: "Submit for review" }).click(),
    ]);
    expect(invalid.status()).toBe(400);
    await page.waitForLoadState();
    expect(await errorOf(page, "submit", "creatorName").textContent()).toBe("Creator name must be at least 2 characters");
    expect(await field(page, "submit", "tags").inputValue()).toBe("blonde, amateur");
    await field(page, "submit", "creatorName").fill("Ava Night");
    await field(page, "submit", "category").selectOption("Solo");
    await field(page, "submit", "imageOrVideoLink").fill("https://example.com/clip.mp4");
    await field(page, "submit", "salesProfileLink").fill("https://fans.example/ava");
    await page.getByRole("button", { name: "Submit for review" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    // No toast without JavaScript: the home page says it in a status line instead.
    await page.getByRole("status").filter({ hasText: "Content submitted for review!" }).waitFor();

    await page.goto("/report?video=abc12345");
    await field(page, "report", "description").fill("Wrong creator credited.");
    await page.getByRole("button", { name: "Send report" }).click();
    const panel = page.getByRole("status").filter({ hasText: "Report submitted successfully!" });
    await panel.waitFor();
    expect(await panel.getByRole("link", { name: "Back to the clip" }).getAttribute("href")).toBe("/video/abc12345");
    expect(await field(page, "report", "description").inputValue()).toBe("");
    await context.close();
  });

  it("a plain POST to /submit goes home with a flash toast", async () => {
    const response = await fetch(`${baseURL()}/submit`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: "age_verified=true" },
      body: new URLSearchParams({
        creatorName: "Ava",
        category: "Toys",
        tags: "toys",
        imageOrVideoLink: "https://example.com/a",
        salesProfileLink: "https://fans.example/a",
      }),
      redirect: "manual",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/");
    const flash = response.headers.getSetCookie().find((cookie) => cookie.startsWith("flash="))!;
    expect(flash).toContain("flash=contentSubmitted");

    const page = await newPage(browser);
    await page.context().addCookies([{ name: "flash", value: "contentSubmitted", url: baseURL() }]);
    await page.goto("/");
    await toast(page, "Content submitted for review!");
    await page.context().close();
  });
});
