import { randomUUID } from "node:crypto";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hydrated, launchBrowser, newPage } from "./support";
import { newSitePage, signIn, site } from "./sign-in";

// One sign-in in this file (the per-IP sign-in limit is shared by the whole e2e run).

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

type Session = { seconds: number; startedAt: string };
const sessionsOf = async (page: Page) =>
  (
    (await (await page.request.get(`${site()}/api/usage`)).json()) as {
      sessions: Session[];
    }
  ).sessions;
const minutes = (seconds: number) => `${Math.round(seconds / 60)} min`;
const DAY_MS = 86_400_000;

/** What /insights should show for a window of `days` UTC days ending today, from the stored sessions. */
async function expectedFigures(page: Page, days: number) {
  const now = new Date();
  const since = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - (days - 1) * DAY_MS;
  const inWindow = (await sessionsOf(page)).filter((s) => Date.parse(s.startedAt) >= since);
  return { sessions: String(inWindow.length), total: minutes(inWindow.reduce((n, s) => n + s.seconds, 0)) };
}
const shownFigures = async (page: Page) => ({
  sessions: await page.getByTestId("stat-sessions").textContent(),
  total: await page.getByTestId("stat-total").textContent(),
});
/** Reloads /insights until it shows the stored sessions of the window (the home page's timer may still be saving one). */
const insightsMatch = (page: Page, days: number) =>
  expect
    .poll(
      async () => {
        await page.goto(`${site()}/insights`);
        return JSON.stringify(await shownFigures(page)) === JSON.stringify(await expectedFigures(page, days));
      },
      { timeout: 30_000 },
    )
    .toBe(true);

describe("insights", () => {
  it("asks signed-out visitors to sign in", { timeout: 60_000 }, async () => {
    const page = await newPage(browser, { ageVerified: true });
    const response = await page.goto("/insights");
    expect(response?.status()).toBe(401);
    await page.getByRole("heading", { name: "Access Required" }).waitFor();
    await page.context().close();
  });

  it(
    "shows the user's own figures, saves a goal, nudges on the home page, and widens with premium",
    { timeout: 240_000 },
    async () => {
      const page = await newSitePage(browser);
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

      // Data of its own for the premium views: a 15-minute session 20 days ago (outside the
      // free 7 days, inside premium's 30) and a flame on a swing clip.
      const old = await page.evaluate(
        (startedAt) =>
          fetch("/api/usage", {
            method: "POST",
            body: new URLSearchParams({ seconds: "900", startedAt }),
          }).then((r) => r.status),
        new Date(Date.now() - 20 * DAY_MS).toISOString(),
      );
      expect(old).toBe(201);
      await page.goto(`${site()}/?category=swing`);
      await hydrated(page);
      const flame = page.getByRole("button", { name: /^Flame, / });
      await flame.click();
      await expect.poll(() => flame.getAttribute("aria-pressed")).toBe("true");

      // Free: 7 days without the old session, and only a teaser for flames by category.
      const free = await expectedFigures(page, 7);
      const premium = await expectedFigures(page, 30);
      expect(premium).not.toEqual(free);
      await insightsMatch(page, 7);
      await page
        .getByText("Figures from your own timer sessions over the last 7 days.")
        .waitFor();
      await page
        .getByText("Premium shows the last 30 days and your flames by category.")
        .waitFor();
      await expect(
        page.getByRole("heading", { name: "Flames by category" }).count(),
      ).resolves.toBe(0);

      await page.goto(`${site()}/ativar`);
      await hydrated(page);
      await page.getByLabel("Promotional code").fill("userbeta");
      await page.getByRole("button", { name: "Activate", exact: true }).click();
      await page.waitForURL("**/premium-success?activated=true&plan=beta", {
        timeout: 15_000,
      });

      // Premium: 30 days, the old session counted, and the flame in its category.
      await insightsMatch(page, 30);
      await page
        .getByText("Figures from your own timer sessions over the last 30 days.")
        .waitFor();
      await expect(page.locator("figure table tbody tr").count()).resolves.toBe(
        30,
      );
      const twentyDaysAgo = new Date(Date.now() - 20 * DAY_MS)
        .toISOString()
        .slice(0, 10);
      await expect(
        page.locator(`[data-day="${twentyDaysAgo}"]`).getAttribute("data-minutes"),
      ).resolves.toBe("15");
      const byCategory = page.getByRole("region", { name: "Flames by category" });
      await expect(byCategory.getByRole("listitem").allTextContents()).resolves.toEqual([
        "Swing1 flame",
      ]);
      await expect(
        page
          .getByText("Premium shows the last 30 days and your flames by category.")
          .count(),
      ).resolves.toBe(0);
      await page.context().close();
    },
  );
});
