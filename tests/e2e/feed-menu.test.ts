import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { feed, position, VISITOR_CHROME } from "./feed-support";
import { site, signIn } from "./sign-in";
import { baseURL, hydrated, launchBrowser, newContext } from "./support";

// A feed clip's menu (docs/decisions/160-feed-ranking.md): "Why this clip" names the ranking's reasons, "Not
// interested" takes the clip out with Undo, and the feed's order is chosen there and remembered.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const menuButton = (page: Page) => feed(page).getByRole("button", { name: "More", exact: true });
const menu = (page: Page) => page.getByRole("dialog", { name: "About this clip" });

/** Waits for the visitor's own first page (it brings the reasons and the order). */
async function ownPage(page: Page) {
  await page.waitForResponse((response) => response.url().includes("/api/feed?") && response.ok());
}

describe("the clip menu on the feed", () => {
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1440, height: 900 },
  ]) {
    it(
      `at ${viewport.width}×${viewport.height}: says why, removes a clip with Undo, and remembers the order`,
      { timeout: 120_000 },
      async () => {
        const page = await (await newContext(browser, { viewport })).newPage();
        const first = ownPage(page);
        await page.goto("/");
        await hydrated(page);
        await first;
        await page.keyboard.press("ArrowDown");
        await expect.poll(() => position(page).then((p) => p.index)).toBe(2);

        await menuButton(page).click();
        // It opens beside its button, over the clip, whole on the screen.
        const [panel, button] = [(await menu(page).boundingBox())!, (await menuButton(page).boundingBox())!];
        expect(button.x - (panel.x + panel.width)).toBeGreaterThanOrEqual(0);
        expect(button.x - (panel.x + panel.width)).toBeLessThan(48);
        expect(panel.y + panel.height).toBeGreaterThan(button.y);
        expect(panel.x).toBeGreaterThanOrEqual(0);
        expect(panel.y).toBeGreaterThanOrEqual(0);
        expect(panel.y + panel.height).toBeLessThanOrEqual(viewport.height);
        await menu(page).getByRole("button", { name: "Why this clip" }).click();
        const reasons = await menu(page).getByTestId("why-reasons").locator("li").allTextContents();
        expect(reasons.length).toBeGreaterThan(0);
        // A newcomer has no tastes: the reasons are the hot ranking's and exploration's.
        for (const reason of reasons) expect(reason).toMatch(/New to you|Popular|Just published|newest/);
        // What the feed learned, to see and change it, is one step away.
        expect(await menu(page).getByRole("link", { name: "See and change what the feed learned" }).getAttribute("href")).toBe(
          "/what-the-feed-learned",
        );
        await page.keyboard.press("Escape");
        await expect.poll(() => menu(page).count()).toBe(0);
        // Focus is back on the button that opened it.
        expect(await menuButton(page).evaluate((el) => el === document.activeElement)).toBe(true);

        const removed = (await position(page)).title;
        const before = (await position(page)).total;
        await menuButton(page).click();
        await menu(page).getByRole("button", { name: "Not interested" }).click();
        await page.getByRole("status").filter({ hasText: "Removed from your feed." }).waitFor();
        await expect.poll(() => position(page).then((p) => p.title)).not.toBe(removed);
        expect((await position(page)).total).toBe(before - 1);
        await page.getByRole("button", { name: "Undo" }).click();
        await expect.poll(() => position(page).then((p) => p.title)).toBe(removed);

        const reordered = ownPage(page);
        await menuButton(page).click();
        await menu(page).getByRole("radio", { name: "Newest" }).click();
        await reordered;
        await page.reload();
        await hydrated(page);
        await menuButton(page).click();
        await expect.poll(() => menu(page).getByRole("radio", { name: "Newest" }).isChecked()).toBe(true);
        await page.context().close();
      },
    );
  }

  it("the feed's order from the keyboard: arrows move among the choices, Enter saves, focus goes back to More", async () => {
    const page = await (await newContext(browser, { viewport: { width: 1440, height: 900 } })).newPage();
    const first = ownPage(page);
    await page.goto("/");
    await hydrated(page);
    await first;
    const saves: string[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/api/feed-choice")) saves.push(request.postData() ?? "");
    });
    const focusedName = () => page.evaluate(() => document.activeElement?.closest("label")?.textContent ?? document.activeElement?.tagName);
    const onMore = () => menuButton(page).evaluate((el) => el === document.activeElement);

    await menuButton(page).focus();
    await page.keyboard.press("Enter");
    await menu(page).getByRole("button", { name: "Why this clip" }).waitFor();
    for (let press = 0; press < 12 && (await focusedName()) !== "For you"; press++) await page.keyboard.press("Tab");
    expect(await focusedName()).toBe("For you");
    // An arrow moves on without choosing: nothing is saved, the menu stays, For you is still the order.
    await page.keyboard.press("ArrowDown");
    expect(await focusedName()).toBe("Newest");
    await page.keyboard.press("ArrowDown");
    expect(await focusedName()).toBe("Shuffle");
    expect(await menu(page).count()).toBe(1);
    expect(await menu(page).getByRole("radio", { name: "For you" }).isChecked()).toBe(true);
    expect(saves).toEqual([]);
    // Enter chooses; the feed starts again in that order and focus is back on More.
    const reordered = ownPage(page);
    await page.keyboard.press("Enter");
    await reordered;
    expect(saves).toEqual(["intent=order&order=shuffle"]);
    await expect.poll(onMore).toBe(true);
    expect(await menu(page).count()).toBe(0);

    // A refused save is said, in the menu, which stays open with the order unchanged.
    await page.route("**/api/feed-choice", (route) => route.fulfill({ status: 503, body: "" }));
    await menuButton(page).click();
    await menu(page).getByRole("radio", { name: "Newest" }).click();
    await menu(page).getByRole("alert").filter({ hasText: "The feed order could not be saved. Try again." }).waitFor();
    expect(await menu(page).getByRole("radio", { name: "Shuffle" }).isChecked()).toBe(true);
    // Chosen by pointer, once it is saved: focus is back on More too.
    await page.unroute("**/api/feed-choice");
    const again = ownPage(page);
    await menu(page).getByRole("radio", { name: "Newest" }).click();
    await again;
    await expect.poll(onMore).toBe(true);
    await page.reload();
    await hydrated(page);
    await menuButton(page).click();
    await expect.poll(() => menu(page).getByRole("radio", { name: "Newest" }).isChecked()).toBe(true);
    await page.context().close();
  });

  it("closes when Tab moves focus on past its last control, leaving focus where it went", async () => {
    const page = await (await newContext(browser, { viewport: { width: 1440, height: 900 } })).newPage();
    const first = ownPage(page);
    await page.goto("/");
    await hydrated(page);
    await first;
    await menuButton(page).focus();
    await page.keyboard.press("Enter");
    await menu(page).getByRole("button", { name: "Why this clip" }).waitFor();
    const inMenu = () => page.evaluate(() => document.getElementById("clip-menu")?.contains(document.activeElement) ?? false);
    expect(await inMenu()).toBe(true);
    for (let press = 0; press < 12 && (await inMenu()); press++) await page.keyboard.press("Tab");
    await expect.poll(() => menu(page).count()).toBe(0);
    expect(await menuButton(page).getAttribute("aria-expanded")).toBe("false");
    // Focus went on to the page's next control, not back to the menu's button.
    expect(
      await page.evaluate(
        () => document.activeElement !== document.body && document.activeElement?.closest("button, a, input, select") !== null,
      ),
    ).toBe(true);
    expect(await menuButton(page).evaluate((el) => el === document.activeElement)).toBe(false);
    await page.context().close();
  });

  it("a lead marked Not interested does not come back: the next visit opens on another clip", { timeout: 120_000 }, async () => {
    const page = await (await newContext(browser, { viewport: { width: 390, height: 844 } })).newPage();
    const first = page.waitForResponse((response) => response.url().includes("/api/feed?") && response.ok());
    await page.goto("/");
    await hydrated(page);
    const lead = ((await (await first).json()) as { clips: { id: string }[] }).clips[0]!.id;
    const title = (await position(page)).title;
    expect((await position(page)).index).toBe(1);

    await menuButton(page).click();
    // The mark is sent without waiting (the toast shows at once): the reload below must come after it was written.
    const written = page.waitForResponse(
      (response) => response.url().includes("/api/feed-choice") && response.request().method() === "POST",
    );
    await menu(page).getByRole("button", { name: "Not interested" }).click();
    await page.getByRole("status").filter({ hasText: "Removed from your feed." }).waitFor();
    await expect.poll(() => position(page).then((p) => p.title)).not.toBe(title);
    expect((await written).ok()).toBe(true);

    // The stored home page leads with it for everyone else; this visitor's page, as sent, already leads elsewhere.
    const again = page.waitForResponse((response) => response.url().includes("/api/feed?") && response.ok());
    const document = await page.reload();
    expect(await document!.text()).not.toContain(lead);
    expect((await position(page)).title).not.toBe(title);
    await hydrated(page);
    const ids = ((await (await again).json()) as { clips: { id: string }[] }).clips.map((clip) => clip.id);
    expect(ids).not.toContain(lead);
    await page.keyboard.press("ArrowUp");
    await expect.poll(() => position(page).then((p) => p.index)).toBeGreaterThan(1);
    expect((await position(page)).title).not.toBe(title);
    await page.context().close();
  });

  it(
    "Not interested sinks the clip's creator in the clips already held: the next one is another creator's",
    { timeout: 120_000 },
    async () => {
      type Held = { title: string; creatorSlug: string };
      // A feed whose own first page holds two clips of one creator in a row, then another creator's: the seed picks the
      // newcomers' order (ADR 232), so a few seeds are tried.
      let found: { page: Page; clips: Held[]; at: number } | undefined;
      for (let attempt = 0; attempt < 12 && !found; attempt++) {
        const context = await newContext(browser, { viewport: { width: 390, height: 844 } });
        await context.addCookies([{ name: "feed_seed", value: `sink-${attempt}`, url: baseURL() }]);
        const page = await context.newPage();
        const first = page.waitForResponse((response) => /\/api\/feed\?.*offset=0/.test(response.url()) && response.ok());
        await page.goto("/");
        await hydrated(page);
        const clips = ((await (await first).json()) as { clips: Held[] }).clips;
        const at = clips.findIndex(
          (clip, i) =>
            i >= 1 &&
            clips[i + 1]?.creatorSlug === clip.creatorSlug &&
            clips.slice(i + 2).some((later) => later.creatorSlug !== clip.creatorSlug),
        );
        if (at >= 1) found = { page, clips, at };
        else await context.close();
      }
      expect(found, "no seed gave a first page with two clips of one creator in a row").toBeDefined();
      const { page, clips, at } = found!;
      for (let step = 0; step < at; step++) await page.keyboard.press("ArrowDown");
      await expect.poll(() => position(page).then((p) => p.title)).toBe(clips[at]!.title);

      await menuButton(page).click();
      await menu(page).getByRole("button", { name: "Not interested" }).click();
      await page.getByRole("status").filter({ hasText: "Removed from your feed." }).waitFor();
      // Not the same creator's next clip, but the first held after it of another creator.
      const next = clips.slice(at + 1).find((clip) => clip.creatorSlug !== clips[at]!.creatorSlug)!;
      await expect.poll(() => position(page).then((p) => p.title)).toBe(next.title);
      expect((await position(page)).index).toBe(at + 1);
      await page.context().close();
    },
  );

  it(
    "on a 360×640 touch screen in Spanish: rows, choices, Undo and Forget this are a finger's size, all on the screen",
    { timeout: 120_000 },
    async () => {
      const context = await newContext(browser, {
        viewport: { width: 360, height: 640 },
        touch: true,
        locale: "es-ES",
        userAgent: VISITOR_CHROME,
      });
      const page = await context.newPage();
      const first = ownPage(page);
      await page.goto("/");
      await hydrated(page);
      await first;
      const height = (locator: Locator) => locator.boundingBox().then((box) => box!.height);
      const inside = (locator: Locator) =>
        locator.boundingBox().then((box) => box!.x >= 0 && box!.y >= 0 && box!.x + box!.width <= 360 && box!.y + box!.height <= 640);

      const clips = page.getByRole("region", { name: "Clips", exact: true });
      await clips.getByRole("button", { name: "Más", exact: true }).click();
      const panel = page.getByRole("dialog", { name: "Sobre este clip" });
      await panel.getByRole("button", { name: "Por qué este clip" }).click();
      expect(await inside(panel)).toBe(true);
      for (const name of ["Por qué este clip", "No me interesa"])
        expect(await height(panel.getByRole("button", { name }))).toBeGreaterThanOrEqual(44);
      for (const name of ["Denunciar este clip", "Reclamar este clip", "Ver y cambiar lo que aprendió tu feed"])
        expect(await height(panel.getByRole("link", { name }))).toBeGreaterThanOrEqual(44);
      for (const name of ["Para ti", "Más nuevos", "Aleatorio"])
        expect(await height(panel.locator("label", { has: page.getByRole("radio", { name }) }))).toBeGreaterThanOrEqual(44);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

      // The toast: its Undo a finger's size, the toast itself clear of Previous and Next in the corner.
      const marked = page.waitForResponse((response) => response.url().endsWith("/api/feed-choice"));
      await panel.getByRole("button", { name: "No me interesa" }).click();
      const toast = page.getByRole("status").filter({ hasText: "Quitado de tu feed." });
      await toast.waitFor();
      expect(await height(toast.getByRole("button", { name: "Deshacer" }))).toBeGreaterThanOrEqual(44);
      const [toastBox, previousBox] = [await toast.boundingBox(), await clips.getByRole("button", { name: "Anterior" }).boundingBox()];
      expect(toastBox!.x + toastBox!.width).toBeLessThanOrEqual(previousBox!.x);

      // What the feed learned from it, once the mark is recorded: each Forget this a finger's size.
      expect((await marked).ok()).toBe(true);
      await page.goto("/what-the-feed-learned");
      await hydrated(page);
      const forget = page.getByRole("button", { name: /^Olvidar/ });
      await expect.poll(() => forget.count()).toBeGreaterThan(0);
      for (const button of await forget.all()) expect(await height(button)).toBeGreaterThanOrEqual(44);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

      // From the keyboard: the pressed button leaves with its row, so the result is said and focus goes to the heading
      // rather than back to the top of the document.
      const heading = page.getByRole("heading", { level: 1, name: "Lo que aprendió tu feed" });
      const focusedOnHeading = () => heading.evaluate((el) => el === document.activeElement);
      const forgotten = (await forget.first().getAttribute("aria-label"))!;
      await forget.first().focus();
      await page.keyboard.press("Enter");
      await page.locator("[data-sonner-toast]", { hasText: "Olvidado: el feed ya no lo tiene en cuenta." }).waitFor();
      await expect.poll(focusedOnHeading).toBe(true);
      // Its row is gone (another, weaker, may take its place in the list).
      expect(await page.getByRole("button", { name: forgotten, exact: true }).count()).toBe(0);
      await page.getByRole("button", { name: "Reiniciar todo" }).focus();
      await page.keyboard.press("Enter");
      await page.locator("[data-sonner-toast]", { hasText: "Se reinició todo lo que aprendió el feed." }).waitFor();
      await page.locator("[data-learned-empty]").waitFor();
      await expect.poll(focusedOnHeading).toBe(true);
      await context.close();
    },
  );

  it(
    "in My account, signed in, at 360×640 in Spanish: Forget this and Reset everything say their result and keep focus in the section",
    { timeout: 120_000 },
    async () => {
      const context = await browser.newContext({ baseURL: site(), viewport: { width: 360, height: 640 }, userAgent: VISITOR_CHROME });
      await context.addCookies([{ name: "age_verified", value: "true", url: site() }]);
      const page = await context.newPage();
      await signIn(page, `learned-${Date.now().toString(36)}@example.com`);
      // Something learned: a clip marked Not interested sinks its creator and tags.
      const marked = await page.evaluate(async () => {
        const { clips } = (await (await fetch("/api/feed?offset=0")).json()) as { clips: { id: string }[] };
        return (await fetch("/api/feed-choice", { method: "POST", body: new URLSearchParams({ intent: "dismiss", clipId: clips[0]!.id }) }))
          .status;
      });
      expect(marked).toBeLessThan(300);
      await context.addCookies([{ name: "lang", value: "es", url: site() }]);
      await page.goto("/my-account");
      await hydrated(page);
      const section = page.getByTestId("feed-learned");
      const heading = section.getByRole("heading", { level: 2, name: "Lo que aprendió tu feed" });
      const focusedOnHeading = () => heading.evaluate((el) => el === document.activeElement);
      const forget = section.getByRole("button", { name: /^Olvidar «/ });
      await expect.poll(() => forget.count()).toBeGreaterThan(0);
      const forgotten = (await forget.first().getAttribute("aria-label"))!;

      await forget.first().focus();
      await page.keyboard.press("Enter");
      await page.locator("[data-sonner-toast]", { hasText: "Olvidado: el feed ya no lo tiene en cuenta." }).waitFor();
      await expect.poll(focusedOnHeading).toBe(true);
      expect(await page.getByRole("button", { name: forgotten, exact: true }).count()).toBe(0);
      expect(new URL(page.url()).pathname).toBe("/my-account");

      await section.getByRole("button", { name: "Reiniciar todo" }).focus();
      await page.keyboard.press("Enter");
      await page.locator("[data-sonner-toast]", { hasText: "Se reinició todo lo que aprendió el feed." }).waitFor();
      await section.locator("[data-learned-empty]").waitFor();
      await expect.poll(focusedOnHeading).toBe(true);
      await context.close();
    },
  );
});
