import { randomUUID } from "node:crypto";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseURL, hydrated, launchBrowser, newPage } from "./support";

// One sign-in in this file (the per-IP sign-in limit is shared by the whole e2e run).

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const site = () => baseURL().replace("127.0.0.1", "localhost");

async function signIn(page: Page, email: string) {
  await page.goto(`${site()}/`);
  await hydrated(page);
  await page.locator("header").getByRole("link", { name: "Sign in" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("E-mail").fill(email);
  await dialog.getByRole("button", { name: "Send magic link" }).click();
  await dialog.getByText("Email sent!").waitFor();
  let link: string | null = null;
  for (let attempt = 0; attempt < 50 && !link; attempt++) {
    const mails = (await (
      await fetch(`${baseURL()}/dev/mailbox.json`)
    ).json()) as { to: string; link: string | null }[];
    link =
      mails.find((m) => m.to === email && m.link?.includes("magic-link"))
        ?.link ?? null;
    if (!link) await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await page.goto(link!);
  await page.waitForURL(`${site()}/`);
  await hydrated(page);
}

type Session = { seconds: number; startedAt: string };
const sessionsOf = async (page: Page) =>
  (
    (await (await page.request.get(`${site()}/api/usage`)).json()) as {
      sessions: Session[];
    }
  ).sessions;
const minutes = (seconds: number) => `${Math.round(seconds / 60)} min`;

describe("insights", () => {
  it("asks signed-out visitors to sign in", { timeout: 60_000 }, async () => {
    const page = await newPage(browser, { ageVerified: true });
    const response = await page.goto("/insights");
    expect(response?.status()).toBe(401);
    await page.getByRole("heading", { name: "Access Required" }).waitFor();
    await page.context().close();
  });

  it(
    "shows the user's own figures, saves a goal and nudges on the home page",
    { timeout: 180_000 },
    async () => {
      const page = await newPage(browser);
      await page
        .context()
        .addCookies([{ name: "age_verified", value: "true", url: site() }]);
      await signIn(page, `insights-${randomUUID().slice(0, 8)}@example.com`);

      for (const seconds of ["120", "200"]) {
        const status = await page.evaluate(
          (s) =>
            fetch("/api/usage", {
              method: "POST",
              body: new URLSearchParams({
                seconds: s,
                startedAt: new Date(Date.now() - 300_000).toISOString(),
                emotionId: "1",
              }),
            }).then((r) => r.status),
          seconds,
        );
        expect(status).toBe(201);
      }

      // The home page's own timer may also save a session as we leave it: compare with what is stored.
      await expect
        .poll(
          async () => {
            await page.goto(`${site()}/insights`);
            const stored = await sessionsOf(page);
            const total = stored.reduce((n, s) => n + s.seconds, 0);
            const shown = {
              sessions: await page.getByTestId("stat-sessions").textContent(),
              total: await page.getByTestId("stat-total").textContent(),
              longest: await page.getByTestId("stat-longest").textContent(),
              today: await page.getByTestId("stat-today").textContent(),
            };
            const expected = {
              sessions: String(stored.length),
              total: minutes(total),
              longest: minutes(Math.max(...stored.map((s) => s.seconds))),
              today: minutes(total),
            };
            return (
              JSON.stringify(shown) === JSON.stringify(expected) &&
              stored.length >= 2
            );
          },
          { timeout: 30_000 },
        )
        .toBe(true);
      await hydrated(page);
      await expect(
        page
          .getByTestId("emotions")
          .getByRole("rowheader", { name: "Calm" })
          .count(),
      ).resolves.toBe(1);
      const today = new Date().toISOString().slice(0, 10);
      const bar = page.locator(`[data-day="${today}"]`);
      await expect(bar.getAttribute("aria-label")).resolves.toMatch(
        /: \d+ min$/,
      );
      await expect(page.locator("figure table tbody tr").count()).resolves.toBe(
        7,
      );
      await expect(
        page.locator('meta[name="robots"]').getAttribute("content"),
      ).resolves.toContain("noindex");

      // A 5-minute goal is already passed by the 320 s posted today.
      await page.getByLabel("Daily limit in minutes").fill("5");
      await page.getByRole("button", { name: "Save goal" }).click();
      await page.getByTestId("goal-status").getByText("Goal saved.").waitFor();
      await page
        .getByTestId("goal-current")
        .getByText("Your goal: 5 min a day")
        .waitFor();
      await page.locator('[data-prompt="overGoal"]').waitFor();

      await page.goto(`${site()}/`);
      await hydrated(page);
      const nudge = page
        .getByRole("status")
        .filter({ hasText: "You've passed today's goal." });
      await nudge.waitFor();
      await nudge.getByRole("button", { name: "Dismiss" }).click();
      await nudge.waitFor({ state: "detached" });
      await page.reload();
      await hydrated(page);
      await expect.poll(() => nudge.count()).toBe(0);

      await page.goto(`${site()}/insights`);
      await hydrated(page);
      await page.getByLabel("Daily limit in minutes").fill("");
      await page.getByRole("button", { name: "Save goal" }).click();
      await page
        .getByTestId("goal-status")
        .getByText("Goal cleared.")
        .waitFor();
      await page
        .getByTestId("goal-current")
        .getByText("No goal set.")
        .waitFor();
      await page.context().close();
    },
  );
});
