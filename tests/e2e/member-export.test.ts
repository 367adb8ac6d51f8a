import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hydrated, launchBrowser } from "./support";
import { newSitePage, signIn, site } from "./sign-in";

// "Download my data" on the companion site: the session and pause just made are in the member's copy, and nothing
// adult. One sign-in for the file (the per-IP sign-in limit is shared by the whole e2e run).

let browser: Browser;
let page: Page;
const email = `export-${randomUUID().slice(0, 8)}@example.com`;

beforeAll(async () => {
  browser = await launchBrowser();
  page = await newSitePage(browser);
  await signIn(page, email);
  await page.goto(`${site()}/`);
  const statuses = await page.evaluate(async () => {
    const session = await fetch("/api/usage", {
      method: "POST",
      body: new URLSearchParams({
        seconds: "240",
        startedAt: new Date(Date.now() - 300_000).toISOString(),
        clips: "7",
        moodBeforeId: "1",
        emotionId: "6",
        intention: "clips",
        intentionTarget: "5",
        extensions: "1",
        endedBy: "done",
      }),
    });
    const pause = await fetch("/api/conscious", { method: "POST", body: new URLSearchParams({ outcome: "continued" }) });
    return [session.status, pause.status];
  });
  expect(statuses[0]).toBe(201);
  expect(statuses[1]).toBeLessThan(300);
}, 120_000);
afterAll(() => browser?.close());

const SIZES = [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1440, height: 900 },
] as const;
const WORDS = {
  en: { heading: "Your data", prepare: "Prepare my copy", json: "Download my data (JSON)", csv: "Sessions as a spreadsheet (CSV)" },
  es: {
    heading: "Tus datos",
    prepare: "Preparar mi copia",
    json: "Descargar mis datos (JSON)",
    csv: "Sesiones como hoja de cálculo (CSV)",
  },
} as const;

async function downloaded(link: ReturnType<Page["getByRole"]>): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  return readFileSync((await download.path())!, "utf8");
}

describe.each(SIZES)("My account on the companion site, $name", ({ width, height }) => {
  it.each(["en", "es"] as const)("downloads the member's sessions, moods, intentions and pauses (%s)", async (language) => {
    await page.setViewportSize({ width, height });
    await page.goto(`${site()}/my-account?mode=sfw&lang=${language}`);
    await hydrated(page);
    expect(await page.locator("html").getAttribute("data-brand")).toBe("conscious");
    await expect.poll(() => page.title()).toMatch(language === "es" ? /Modo Consciente/ : /Conscious Mode/);
    expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toMatch(/\/my-account$/);
    const words = WORDS[language];
    const section = page.getByRole("region", { name: words.heading });
    await section.waitFor();
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    // The first visit asks for a copy (a job prepares it; the page looks again until the links show); later
    // visits find the copy still valid.
    const json = section.getByRole("link", { name: words.json });
    const prepare = section.getByRole("button", { name: words.prepare, exact: true });
    if (await prepare.isVisible()) await prepare.click();
    await json.waitFor({ timeout: 30_000 });
    expect(await json.getAttribute("href")).toMatch(/^\/my-account\/data\/[0-9a-f-]{36}\?format=json&sig=/);

    // Reached by keyboard.
    let reached = false;
    for (let i = 0; i < 60 && !reached; i++) {
      await page.keyboard.press("Tab");
      reached = await json.evaluate((el) => el === document.activeElement);
    }
    expect(reached).toBe(true);

    const text = await downloaded(json);
    const body = JSON.parse(text) as {
      account: { email: string };
      consciousMode: { sessions: Record<string, unknown>[]; pauses: { outcome: string }[] };
    };
    expect(body.account.email).toBe(email);
    expect(body.consciousMode.sessions).toContainEqual(
      expect.objectContaining({
        seconds: 240,
        clips: 7,
        moodBefore: "Calm",
        moodAfter: "Happy",
        intention: { kind: "clips", target: 5 },
        fiveMore: 1,
        endedBy: "done",
      }),
    );
    expect(body.consciousMode.pauses.map((p) => p.outcome)).toContain("continued");
    expect(Object.keys(body)).not.toContain("flames");
    expect(text).not.toMatch(/"categories"|\/video\/|creator/);

    const csv = await downloaded(section.getByRole("link", { name: words.csv }));
    expect(csv.split("\r\n")[0]).toBe(
      "id,startedAt,seconds,clips,moodBefore,moodAfter,intention,intentionTarget,fiveMore,endedBy,localHour",
    );
    expect(csv).toMatch(/,240,7,Calm,Happy,clips,5,1,done,\d{0,2}\r\n/);
  });
});
