import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, startServerProcess, type ServerProcess } from "../../scripts/support/server-process";
import { seededDataDir } from "../support/server";
import { mailTo } from "./sign-in";
import { hydrated, launchBrowser, newContext } from "./support";

// Production's two hosts (ADR 122): the adult site and Conscious Mode's own, on one server here, both names mapped
// to the loopback address. A member signed in on the adult site goes premium on the companion host without a
// second e-mail, and comes back premium.

const ADULT = "spicy.test";
const CALM = "calm.test";

let browser: Browser;
let server: ServerProcess;
let port: number;
const adult = () => `http://${ADULT}:${port}`;
const calm = () => `http://${CALM}:${port}`;

beforeAll(async () => {
  port = await freePort();
  server = await startServerProcess({
    port,
    dataDirPrefix: "spicy-e2e-handoff-",
    env: {
      DATABASE_URL: process.env.TEST_DATABASE_URL || undefined,
      ...seededDataDir(),
      PUBLIC_URL: `http://${ADULT}:${port}`,
      MAIN_SITE_URL: `http://${ADULT}:${port}`,
      CONSCIOUS_SITE_URL: `http://${CALM}:${port}`,
      CONSCIOUS_HOSTS: CALM,
      SIGN_IN_LIMIT_PER_IP: "1000",
      JOB_WORKERS: "0",
    },
    healthTimeoutMs: 300_000,
  });
  browser = await launchBrowser([`--host-resolver-rules=MAP ${ADULT} 127.0.0.1, MAP ${CALM} 127.0.0.1`]);
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function signInOnAdult(page: Page, email: string) {
  await page.goto(`${adult()}/auth/sign-in`);
  await hydrated(page);
  await page.getByLabel("E-mail").fill(email);
  await page.getByRole("button", { name: "Send magic link" }).click();
  await page.getByText("Email sent!").waitFor();
  // The mailbox answers on the loopback address only; the link itself names the adult host.
  const link = await mailTo(email, "magic-link", server.url);
  expect(new URL(link).host).toBe(`${ADULT}:${port}`);
  await page.goto(link);
  await page.getByRole("heading", { name: "Authentication Successful!" }).waitFor();
  await page.waitForURL(`${adult()}/`);
  await hydrated(page);
}

describe.each([
  { name: "phone", viewport: { width: 390, height: 844 }, touch: true },
  { name: "desktop", viewport: { width: 1440, height: 900 }, touch: false },
] as const)("signing in across hosts on a $name", ({ name, viewport, touch }) => {
  it("Go Premium signs the member in on Conscious Mode's host, activates, and the member comes back premium", async () => {
    const email = `handoff-${name}@example.com`;
    const context = await newContext(browser, { viewport, touch });
    await context.addCookies([{ name: "age_verified", value: "true", url: adult() }]);
    const page = await context.newPage();
    await signInOnAdult(page, email);

    await page.locator("header").getByRole("link", { name: "Go Premium" }).click();
    await page.waitForURL((url) => url.host === `${CALM}:${port}` && url.searchParams.get("cta") === "premium");
    await hydrated(page);
    expect(await page.locator("html").getAttribute("data-brand")).toBe("conscious");
    // Signed in there: the activation page offers the code field, not a sign-in.
    await page.goto(`${calm()}/ativar`);
    await hydrated(page);
    await page.getByLabel("Promotional code").fill("userbeta");
    await page.getByRole("button", { name: "Activate", exact: true }).click();
    await page.waitForURL("**/premium-success?activated=true&plan=beta", { timeout: 15_000 });
    // No second e-mail was sent.
    const mails = (await (await fetch(`${server.url}/dev/mailbox.json`)).json()) as { to: string }[];
    expect(mails.filter((m) => m.to === email)).toHaveLength(1);

    // Back on the adult site, premium: no Go Premium any more.
    await page.getByRole("link", { name: "Back to the main site" }).click();
    await page.waitForURL((url) => url.host === `${ADULT}:${port}`);
    await hydrated(page);
    await expect.poll(() => page.locator("header").getByRole("link", { name: "Go Premium" }).count()).toBe(0);
    await context.close();
  });

  it("offers a signed-out visitor of the companion host the way in from the main site", async () => {
    const email = `handoff-later-${name}@example.com`;
    const context = await newContext(browser, { viewport, touch });
    await context.addCookies([{ name: "age_verified", value: "true", url: adult() }]);
    const page = await context.newPage();
    await page.goto(`${calm()}/ativar`);
    await hydrated(page);
    await page.getByRole("link", { name: "Continue with my account on the main site" }).click();
    // Signed out on the main site too: sign in there, then the hand-off goes on by itself.
    await page.waitForURL((url) => url.host === `${ADULT}:${port}` && url.pathname === "/auth/sign-in");
    await hydrated(page);
    await page.getByLabel("E-mail").fill(email);
    await page.getByRole("button", { name: "Send magic link" }).click();
    await page.getByText("Email sent!").waitFor();
    await page.goto(await mailTo(email, "magic-link", server.url));
    await page.waitForURL((url) => url.host === `${CALM}:${port}` && url.pathname === "/ativar", { timeout: 20_000 });
    await hydrated(page);
    await page.getByLabel("Promotional code").waitFor();
    await context.close();
  });
});
