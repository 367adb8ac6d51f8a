import { randomUUID } from "node:crypto";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VISITOR_CHROME } from "./feed-support";
import { baseURL, hydrated, launchBrowser, newPage } from "./support";
import { newSitePage, signIn, site } from "./sign-in";

// Conscious Mode on the adult site (docs/product.md §11.9): the intention, the stop card after N
// clips, "I'm done" to the calm page, and the pause's "Close" — on a phone and a desktop, in both languages.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const WORDS = {
  en: {
    switch: "Conscious Mode",
    pauseSetting: "A breathing pause before the feed",
    intention: "What are you here for?",
    fiveClips: "When I reach 5 clips, I'll stop",
    calmBefore: "Calm",
    stop: "This is your stopping point",
    bored: "Bored",
    done: "I'm done",
    more: "5 more clips",
    calm: "You stopped where you meant to",
    pause: "Take a breath",
    close: "Close",
    continue: "Continue to the feed",
    calmPause: "Good choice",
  },
  es: {
    switch: "Modo Consciente",
    pauseSetting: "Una pausa para respirar antes del feed",
    intention: "¿A qué vienes?",
    fiveClips: "Cuando llegue a 5 clips, paro",
    calmBefore: "Calma",
    stop: "Aquí querías parar",
    bored: "Aburrimiento",
    done: "Ya terminé",
    more: "5 clips más",
    calm: "Paraste donde querías",
    pause: "Respira",
    close: "Cerrar",
    continue: "Seguir al feed",
    calmPause: "Buena elección",
  },
} as const;
type Language = keyof typeof WORDS;

const timer = (page: Page) => page.locator("header").getByTestId("session-timer");

/** Waits for the header's timer to be React's (it loads after the page) and opens its panel. */
async function openPanel(page: Page) {
  await expect.poll(() => timer(page).getByRole("timer").textContent(), { timeout: 20_000 }).not.toBe("00:00");
  await timer(page).click();
}

async function turnOn(page: Page, words: (typeof WORDS)[Language], pause: boolean) {
  await openPanel(page);
  await page.getByRole("switch", { name: words.switch }).check();
  if (pause) await page.getByRole("checkbox", { name: words.pauseSetting }).check();
  await timer(page).click();
}

/** One step down the feed with the keyboard, then the clip on screen has changed. */
async function nextClip(page: Page) {
  const before = await page.locator("[data-clip-id]").first().getAttribute("data-clip-id");
  await page.keyboard.press("ArrowDown");
  await expect.poll(() => page.locator("[data-clip-id]").first().getAttribute("data-clip-id")).not.toBe(before);
  // The session notes the clip at its next second.
  await page.waitForTimeout(1200);
}

/**
 * The feed's own first page has arrived (Up Next shows its clips), so the clip on screen is the one the visitor's order
 * opens on and stays; and the session has noted that clip.
 */
async function feedSettled(page: Page) {
  await page.locator("[data-upnext-title]").first().waitFor({ state: "attached" });
  const onScreen = await page.locator("[data-clip-id]").first().getAttribute("data-clip-id");
  const noted = () =>
    page.evaluate(() => (JSON.parse(localStorage.getItem("conscious.session") ?? "null") as { onScreen?: string } | null)?.onScreen);
  await expect.poll(noted).toBe(onScreen);
}

/** The visitor's language, as the language menu keeps it (a cookie), for `origin`. */
async function speak(page: Page, language: Language, origin: string) {
  await page.context().addCookies([{ name: "lang", value: language, url: origin }]);
}

/** `alreadyOn`: Conscious Mode was turned on in an earlier session, so the intention asks as the feed opens. */
async function stopFlow(page: Page, language: Language, origin: string, alreadyOn = false) {
  const words = WORDS[language];
  await speak(page, language, origin);
  await page.goto(`${origin}/`);
  await hydrated(page);
  if (!alreadyOn) await turnOn(page, words, false);
  const card = page.getByRole("dialog", { name: words.intention });
  await card.waitFor();
  await feedSettled(page);
  await card.getByRole("button", { name: words.calmBefore, exact: true }).click();
  await card.getByRole("button", { name: words.fiveClips }).click();
  await expect(card.isVisible()).resolves.toBe(false);
  // Progress sits beside the timer and counts the session's clips, not the intention's: the clip on screen is counted,
  // and so is any other the session showed before the intention was chosen (a member's home page can open on one
  // clip and the feed's own first page on another, or a session that began at sign-in saw the lead already).
  const progress = timer(page).getByTestId("intention-progress");
  await expect.poll(() => progress.textContent()).toMatch(/^[1-4]\/5$/);
  let counted = Number((await progress.textContent())!.split("/")[0]);
  // Each swipe counts the clip it brings unless the session counted that clip already (clips are counted once).
  const sessionClips = () =>
    page.evaluate(() => (JSON.parse(localStorage.getItem("conscious.session") ?? "null") as { clips?: string[] } | null)?.clips ?? []);
  for (let swipes = 1; counted < 5; swipes++) {
    expect(swipes).toBeLessThanOrEqual(10);
    const before = await sessionClips();
    await nextClip(page);
    const shown = await page.locator("[data-clip-id]").first().getAttribute("data-clip-id");
    counted = before.length + (before.includes(shown!) ? 0 : 1);
    await expect.poll(() => progress.textContent()).toBe(`${counted}/5`);
  }
  // The next swipe brings the stop card instead of a clip; nothing moves on by itself.
  await page.keyboard.press("ArrowDown");
  const stop = page.getByRole("dialog", { name: words.stop });
  await stop.waitFor();
  await expect(stop.getByTestId("stop-summary").textContent()).resolves.toMatch(/^5 clips/);
  // Keyboard first: the way out has the focus.
  await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe(words.done);
  await page.keyboard.press("Escape");
  await expect(stop.isVisible()).resolves.toBe(true);
  await expect(timer(page).getByTestId("intention-progress").textContent()).resolves.toBe("5/5");
  await stop.getByRole("button", { name: words.bored, exact: true }).click();
  await stop.getByRole("button", { name: words.done }).click();
  await page.waitForURL("**/done");
  await page.getByRole("heading", { name: words.calm }).waitFor();
  await expect(page.getByTestId("calm-summary").textContent()).resolves.toMatch(/^5 clips/);
  // The calm page carries nothing adult: no clip, no video, no thumbnail.
  await expect(page.locator("main video, main img, main [data-clip-id]").count()).resolves.toBe(0);
  // The session is over: the next one starts from zero.
  await expect.poll(() => timer(page).getByRole("timer").textContent()).toBe("00:00");
}

describe("Conscious Mode helps a visitor stop", () => {
  it("phone, English, a member: intention → stop card after 5 clips → I'm done, saved with both moods", { timeout: 240_000 }, async () => {
    const page = await newSitePage(browser);
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, `stop-${randomUUID().slice(0, 8)}@example.com`);
    page.context().setDefaultNavigationTimeout(60_000);
    await page.goto(`${site()}/`);
    await page.evaluate(() => localStorage.removeItem("conscious.session"));
    await stopFlow(page, "en", site());
    type Row = {
      clips: number;
      intentionKind: string | null;
      intentionTarget: number | null;
      moodBeforeId: number | null;
      emotionId: number | null;
      endedBy: string | null;
    };
    const rows = async () => ((await (await page.request.get(`${site()}/api/usage`)).json()) as { sessions: Row[] }).sessions;
    await expect
      .poll(async () => (await rows()).find((r) => r.endedBy === "done"), { timeout: 60_000 })
      .toMatchObject({
        clips: 5,
        intentionKind: "clips",
        intentionTarget: 5,
        moodBeforeId: 1,
        emotionId: 2,
      });
    await page.context().close();
  });

  it("desktop, Spanish, anonymous: the same flow ends on the calm page", { timeout: 240_000 }, async () => {
    const page = await newPage(browser, { viewport: { width: 1440, height: 900 } });
    await stopFlow(page, "es", baseURL());
    await page.context().close();
  });

  it(
    "a mood pair linked to the categories watched, and the weekly report's numbers equal the sessions made (390 px en, 1440 px es)",
    { timeout: 480_000 },
    async () => {
      // Headless Chromium names itself in its user agent, and the server drops a bot's watch signals: without a
      // visitor's browser, no watch reaches the session and no category can show.
      const page = await newPage(browser, { userAgent: VISITOR_CHROME });
      await page.context().addCookies([{ name: "age_verified", value: "true", url: site() }]);
      await signIn(page, `pairs-${randomUUID().slice(0, 8)}@example.com`);
      page.context().setDefaultNavigationTimeout(60_000);
      type Row = { id: string; seconds: number; emotionId: number | null; endedBy: string | null };
      type Exported = { consciousMode: { sessions: { id: string; watched: Record<string, unknown> }[] } };
      const rows = async () => ((await (await page.request.get(`${site()}/api/usage`)).json()) as { sessions: Row[] }).sessions;
      const watchedBy = async (id: string) => {
        const exported = (await (await page.request.get(`${site()}/my-account/data`)).json()) as Exported;
        return Object.keys(exported.consciousMode.sessions.find((s) => s.id === id)?.watched ?? {});
      };
      const made: Row[] = [];
      for (const [language, viewport] of [
        ["en", { width: 390, height: 844 }],
        ["es", { width: 1440, height: 900 }],
      ] as const) {
        await page.setViewportSize(viewport);
        await stopFlow(page, language, site(), made.length > 0);
        const fresh = async () => (await rows()).find((r) => r.endedBy === "done" && !made.some((m) => m.id === r.id));
        await expect.poll(fresh, { timeout: 60_000 }).toBeTruthy();
        made.push((await fresh())!);
      }

      // Each pair on /insights names what its session watched, as the watch signals recorded it (its three most
      // watched); the page is in Spanish now.
      await page.goto(`${site()}/insights`);
      // Sessions per category name, as the pairs name them.
      const namedSessions = new Map<string, number>();
      for (const session of made) {
        const pair = page.locator(`[data-testid="mood-pairs"] li[data-session="${session.id}"]`);
        await pair.waitFor();
        await expect(pair.getByTestId("mood-pair").textContent()).resolves.toBe(`${WORDS.es.calmBefore} → ${WORDS.es.bored}`);
        const watched = await watchedBy(session.id);
        expect(watched.length).toBeGreaterThan(0);
        const named = (await pair.getByTestId("pair-categories").textContent())!.replace(/^[^:]*:\s*/, "").split(", ");
        expect(named).toHaveLength(Math.min(3, watched.length));
        for (const name of named) namedSessions.set(name, (namedSessions.get(name) ?? 0) + 1);
      }

      // The weekly report: its figures are the sums of the two sessions just made.
      await page.goto(`${site()}/insights/week`);
      const figure = (key: string) => page.locator(`[data-testid="week-figures"] tr[data-figure="${key}"]`).getAttribute("data-now");
      await expect(figure("sessions")).resolves.toBe("2");
      await expect(figure("time")).resolves.toBe(String(made.reduce((n, s) => n + s.seconds, 0)));
      await expect(figure("kept")).resolves.toBe("2");
      await expect(page.locator(`[data-testid="week-moods"] li[data-mood="${made[0]!.emotionId}"]`).getAttribute("data-now")).resolves.toBe(
        "2",
      );
      const reported = await page
        .locator('[data-testid="week-categories"] li')
        .evaluateAll((items) => items.map((li) => [li.textContent!.split(":")[0]!, Number(li.getAttribute("data-now"))] as const));
      // The five most watched, each with as many sessions as the pairs named it in.
      expect(reported).toHaveLength(Math.min(5, namedSessions.size));
      for (const [name, sessions] of reported) expect(sessions, name).toBe(namedSessions.get(name));
      await page.context().close();
    },
  );

  for (const [language, viewport] of [
    ["es", { width: 390, height: 844 }],
    ["en", { width: 1440, height: 900 }],
  ] as const) {
    it(
      `the pause's Close leaves (${viewport.width} px, ${language}), and it does not come back within 30 minutes`,
      { timeout: 180_000 },
      async () => {
        const words = WORDS[language];
        const page = await newPage(browser, { viewport });
        await speak(page, language, baseURL());
        await page.goto("/");
        await hydrated(page);
        await turnOn(page, words, true);
        await page.getByRole("dialog", { name: words.intention }).getByRole("button", { name: words.fiveClips }).click();
        // Opening the feed brings the pause; Close is first and has the focus; Continue waits for the breath.
        await page.goto("/");
        const pause = page.getByRole("dialog", { name: words.pause });
        await pause.waitFor({ timeout: 20_000 });
        await expect(pause.getByRole("button", { name: words.continue }).isDisabled()).resolves.toBe(true);
        await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe(words.close);
        await pause.getByRole("button", { name: words.close }).click();
        await page.waitForURL("**/done?from=pause");
        await page.getByRole("heading", { name: words.calmPause }).waitFor();
        // Back to the feed within 30 minutes: no second pause.
        await page.goto("/");
        await hydrated(page);
        await expect.poll(() => timer(page).getByRole("timer").textContent(), { timeout: 20_000 }).not.toBe("00:00");
        await expect(page.getByRole("dialog", { name: words.pause }).count()).resolves.toBe(0);
        await page.context().close();
      },
    );
  }
});
