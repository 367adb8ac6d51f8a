import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, durationMessage, lastDays } from "~/features/conscious/insights";
import { dayIn } from "~/features/conscious/time-zone";
import { hydrated, launchBrowser, newPage } from "./support";
import { accountMenu, newSitePage, signIn, site } from "./sign-in";

// One sign-in in this file (the per-IP sign-in limit is shared by the whole e2e run).

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
/** Minutes between now and the nearer midnight in a zone. */
function minutesFromMidnight(zone: string) {
  const [h, m] = new Intl.DateTimeFormat("en-GB", { timeZone: zone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" })
    .format(new Date())
    .split(":")
    .map(Number);
  const since = h! * 60 + m!;
  return Math.min(since, 24 * 60 - since);
}
// A zone whose calendar day differs from UTC's right now, so counting in UTC would show. Of the two (at 10:xx UTC both
// do), the one farther from its midnight, at least 30 minutes: the sessions posted 5 minutes back and the whole test
// (5 minutes at most) stay on one local day, which "today" and the goal's check assume.
const ZONE = ["Pacific/Kiritimati", "Pacific/Pago_Pago"]
  .filter((zone) => dayIn(new Date(), zone) !== dayIn(new Date(), "UTC"))
  .sort((a, b) => minutesFromMidnight(b) - minutesFromMidnight(a))[0]!;
const DAY_MS = 86_400_000;
const ADULT_WORDS = /\b(swing|hotwife|bdsm)\b/i;

type Session = { seconds: number; startedAt: string };
const sessionsOf = async (page: Page) =>
  (
    (await (await page.request.get(`${site()}/api/usage`)).json()) as {
      sessions: Session[];
    }
  ).sessions;
/** A duration as the page writes it in English: '45 s', '2 min 5 s', '1 h 5 min' (never '0 min'). */
const duration = (seconds: number) => {
  const { key, values } = durationMessage(seconds);
  const { h, m, s } = values;
  return { seconds: `${s} s`, minutes: `${m} min`, minutesSeconds: `${m} min ${s} s`, hours: `${h} h`, hoursMinutes: `${h} h ${m} min` }[
    key
  ];
};
const today = () => dayIn(new Date(), ZONE);

/** What /insights should show for a window of `days` days ending today in ZONE, from the stored sessions. */
async function expectedFigures(page: Page, days: number) {
  const first = lastDays(today(), days)[0]!;
  const inWindow = (await sessionsOf(page)).filter((s) => dayIn(new Date(s.startedAt), ZONE) >= first);
  return { sessions: String(inWindow.length), total: duration(inWindow.reduce((n, s) => n + s.seconds, 0)) };
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

/** Serious or critical axe violations (and any aria-allowed-role) within `selector`. */
async function axeViolations(page: Page, selector = "html") {
  await page.addScriptTag({ content: AXE_SOURCE });
  const violations = await page.evaluate(async (context) => {
    const { axe } = window as unknown as { axe: typeof import("axe-core") };
    return (await axe.run(context, { resultTypes: ["violations"] })).violations;
  }, selector);
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical" || v.id === "aria-allowed-role")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/** Seconds per category slug in the premium view of /insights. */
const categorySeconds = async (page: Page) =>
  Object.fromEntries(
    await page
      .locator("[data-testid=category-time] li")
      .evaluateAll((items) => items.map((li) => [li.getAttribute("data-category"), Number(li.getAttribute("data-seconds"))])),
  ) as Record<string, number>;

describe("insights", () => {
  it("asks signed-out visitors to sign in", { timeout: 60_000 }, async () => {
    const page = await newPage(browser, { ageVerified: true });
    const response = await page.goto("/insights");
    expect(response?.status()).toBe(401);
    await page.getByRole("heading", { name: "Access Required" }).waitFor();
    await page.context().close();
  });

  it(
    "shows the user's own figures in their time zone, saves a goal, nudges on the home page, and widens with premium",
    { timeout: 300_000 },
    async () => {
      const page = await newSitePage(browser);
      const cdp = await page.context().newCDPSession(page);
      await cdp.send("Emulation.setTimezoneOverride", { timezoneId: ZONE });
      // axe is injected into pages whose CSP would refuse it.
      await cdp.send("Page.setBypassCSP", { enabled: true });
      await signIn(page, `insights-${randomUUID().slice(0, 8)}@example.com`);

      for (const seconds of ["120", "1080"]) {
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
              total: duration(total),
              longest: duration(Math.max(...stored.map((s) => s.seconds))),
              today: duration(total),
            };
            return JSON.stringify(shown) === JSON.stringify(expected) && stored.length >= 2;
          },
          { timeout: 30_000 },
        )
        .toBe(true);
      await hydrated(page);
      // Days are the browser's, told to the server by the tz cookie.
      await expect(page.getByTestId("time-zone-note").textContent()).resolves.toBe(`Days follow your time zone: ${ZONE}.`);
      await expect(page.getByTestId("emotions").getByRole("rowheader", { name: "Calm" }).count()).resolves.toBe(1);
      const bar = page.locator(`[data-day="${today()}"]`);
      // Today's bar says its time in words to a screen reader: minutes and seconds under an hour.
      await expect(bar.textContent()).resolves.toMatch(/: \d+ min( \d+ s)?$/);
      await expect(page.locator("figure table tbody tr").count()).resolves.toBe(7);
      await expect(page.locator('meta[name="robots"]').getAttribute("content")).resolves.toContain("noindex");

      // A 5-minute goal is already passed by the 20 minutes posted today.
      await page.getByLabel("Daily limit in minutes").fill("5");
      await page.getByRole("button", { name: "Save goal" }).click();
      await page.getByTestId("goal-status").getByText("Goal saved.").waitFor();
      await page.getByTestId("goal-current").getByText("Your goal: 5 min a day").waitFor();
      await page.locator('[data-prompt="overGoal"]').waitFor();
      // The goal line's label sits well inside today's bar (5 of 20 minutes): it keeps AA contrast there.
      await page.reload();
      await hydrated(page);
      await expect(axeViolations(page)).resolves.toEqual([]);

      await page.goto(`${site()}/`);
      await hydrated(page);
      const nudge = page.getByRole("status").filter({ hasText: "You've passed today's goal." });
      await nudge.waitFor();
      await expect(axeViolations(page, "[data-testid=goal-nudge]")).resolves.toEqual([]);
      await nudge.getByRole("button", { name: "Dismiss" }).click();
      await nudge.waitFor({ state: "detached" });
      await page.reload();
      await hydrated(page);
      await expect.poll(() => nudge.count()).toBe(0);

      await page.goto(`${site()}/insights`);
      await hydrated(page);
      await page.getByLabel("Daily limit in minutes").fill("");
      await page.getByRole("button", { name: "Save goal" }).click();
      await page.getByTestId("goal-status").getByText("Goal cleared.").waitFor();
      await page.getByTestId("goal-current").getByText("No goal set.").waitFor();

      // Data of its own for the premium views: a 15-minute session seven and a half days ago (outside the free
      // 7 days, inside premium's 30, and within the 8 days a beacon may arrive late), 9 of its minutes on BDSM clips.
      const old = await page.evaluate(
        (startedAt) =>
          fetch("/api/usage", {
            method: "POST",
            body: new URLSearchParams({ seconds: "900", startedAt, categories: JSON.stringify({ bdsm: 540 }) }),
          }).then((r) => r.status),
        new Date(Date.now() - 7.5 * DAY_MS).toISOString(),
      );
      expect(old).toBe(201);

      // Free: 7 days without the old session, and only a teaser for time by category.
      const free = await expectedFigures(page, 7);
      const premium = await expectedFigures(page, 30);
      expect(premium).not.toEqual(free);
      await insightsMatch(page, 7);
      await page.getByText("Figures from your own timer sessions over the last 7 days.").waitFor();
      await page.getByText("Premium shows the last 30 days and your time by category.").waitFor();
      await expect(page.getByRole("heading", { name: "Time by category" }).count()).resolves.toBe(0);
      // Conscious Mode's teaser promises no category view.
      await page.goto(`${site()}/insights?mode=sfw`);
      await page.getByText("Premium shows the last 30 days.", { exact: true }).waitFor();
      await page.goto(`${site()}/insights?mode=adult`);

      await page.goto(`${site()}/ativar`);
      await hydrated(page);
      await page.getByLabel("Promotional code").fill("userbeta");
      await page.getByRole("button", { name: "Activate", exact: true }).click();
      await page.waitForURL("**/premium-success?activated=true&plan=beta", {
        timeout: 15_000,
      });

      // Premium: 30 days, the old session counted, and its minutes on BDSM.
      await insightsMatch(page, 30);
      await page.getByText("Figures from your own timer sessions over the last 30 days.").waitFor();
      await expect(page.locator("figure table tbody tr").count()).resolves.toBe(30);
      const oldDay = dayIn(new Date(Date.now() - 7.5 * DAY_MS), ZONE);
      expect(oldDay < addDays(today(), -6) && oldDay >= addDays(today(), -29)).toBe(true);
      await expect(page.locator(`[data-day="${oldDay}"]`).getAttribute("data-minutes")).resolves.toBe("15");
      const byCategory = page.getByRole("region", { name: "Time by category" });
      await byCategory.getByRole("listitem").filter({ hasText: "BDSM" }).waitFor();
      const before = await categorySeconds(page);
      expect(before.bdsm).toBeGreaterThanOrEqual(540);
      await expect(page.getByText("Premium shows the last 30 days and your time by category.").count()).resolves.toBe(0);

      // The real session timer next to swing clips: every second it runs there is swing time. The
      // session is the one already running (one session across pages), saved again as the page is left.
      const timedBefore = (await sessionsOf(page)).reduce((n, s) => n + s.seconds, 0);
      await page.goto(`${site()}/?category=swing`);
      await hydrated(page);
      const timer = page.locator("header").getByTestId("session-timer");
      const shown = Date.now();
      await expect.poll(() => timer.getByRole("timer").textContent(), { timeout: 15_000 }).toMatch(/^\d\d:\d\d$/);
      await page.waitForTimeout(Math.max(0, 4000 - (Date.now() - shown)));
      // Leaving saves the session through sendBeacon. The swing time gained is at least the seconds spent on the swing
      // feed less rounding, and at most one second more than the session time gained: the browser floors the session's
      // milliseconds and each category's separately: 12.12 s of session with 6.89 s on swing, then 4.87 s more on swing,
      // is 16.99 s (16 s, +4) of session and 11.76 s (11 s, +5) of swing.
      await expect
        .poll(
          async () => {
            await page.goto(`${site()}/insights`);
            const timed = (await sessionsOf(page)).reduce((n, s) => n + s.seconds, 0) - timedBefore;
            const gained = ((await categorySeconds(page)).swing ?? 0) - (before.swing ?? 0);
            return gained >= 3 && gained <= timed + 1;
          },
          { timeout: 30_000 },
        )
        .toBe(true);

      // Conscious Mode never names a category, not even in the page's data.
      await page.goto(`${site()}/insights?mode=sfw`);
      await page.getByText("Figures from your own timer sessions over the last 30 days.").waitFor();
      await expect(page.getByRole("heading", { name: "Time by category" }).count()).resolves.toBe(0);
      expect(await page.content()).not.toMatch(ADULT_WORDS);
      await page.goto(`${site()}/insights?mode=adult`);
      await page.context().close();
    },
  );
  it("counts the running session, saved on the way to insights", { timeout: 120_000 }, async () => {
    const page = await newSitePage(browser);
    const email = `insights-nav-${randomUUID().slice(0, 8)}@example.com`;
    await signIn(page, email);
    // The session runs in the header; leave the home page for insights through the menu (no page load).
    await page.waitForTimeout(2200);
    await accountMenu(page, email).click();
    await page.getByRole("link", { name: "Insights", exact: true }).click();
    await page.waitForURL(`${site()}/insights`);
    await hydrated(page);
    await expect.poll(async () => (await sessionsOf(page)).length, { timeout: 10_000 }).toBeGreaterThan(0);
    const stored = (await sessionsOf(page)).length;
    // Without a reload, the page's figures come to include it.
    await expect.poll(() => page.getByTestId("stat-sessions").textContent(), { timeout: 10_000 }).toBe(String(stored));
    await page.context().close();
  });
});
