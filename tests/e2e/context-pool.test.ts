import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newPage } from "./support";

// The end-to-end helpers hand a closed visitor's page to the next visitor with the same options, reset
// (tests/e2e/context-pool.ts, ADR 242): every test relies on that visitor being new.
describe("a reused visitor's page", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  const options = { viewport: { width: 801, height: 601 } };
  /** The id of the Conscious timer's session this page's storage holds, if any. */
  const timerId = () => (JSON.parse(localStorage.getItem("conscious.session") ?? "null") as { id?: string } | null)?.id ?? null;

  // E2E_FRESH_CONTEXTS=1 turns the pool off for a run: then there is no reused page to look at.
  const pooled = process.env.E2E_FRESH_CONTEXTS !== "1";

  it.runIf(pooled)("holds nothing of the visitor before it: cookies, storage, history, listeners", async () => {
    const first = await newPage(browser, options);
    let heardByFirst = 0;
    first.on("response", () => heardByFirst++);
    await first.goto("/privacy");
    await first.evaluate(() => {
      localStorage.setItem("left-behind", "1");
      sessionStorage.setItem("left-behind", "1");
      document.cookie = "left_behind=1; path=/";
    });
    await first.goto("/about");
    await first.setViewportSize({ width: 500, height: 500 });
    const firstTimer = await first.evaluate(timerId);
    await first.context().close();
    const heard = heardByFirst;

    const next = await newPage(browser, options);
    // The same page, or the pool is not reusing anything and this file tests nothing.
    expect(next).toBe(first);
    expect(next.url()).toBe("about:blank");
    expect((await next.context().cookies()).map((cookie) => cookie.name)).toEqual(["age_verified"]);
    expect(next.viewportSize()).toEqual(options.viewport);
    await next.goto("/privacy");
    expect(heardByFirst).toBe(heard);
    const state = await next.evaluate(() => ({
      local: Object.keys(localStorage),
      session: Object.keys(sessionStorage),
      cookie: document.cookie.split("; ").filter((pair) => pair.startsWith("left_behind")),
    }));
    // Nothing the visitor before left; what the site writes for this visitor as its page runs (the age gate's answer,
    // the Conscious timer's session once its first tick ran) is this visitor's own.
    expect(state.local).not.toContain("left-behind");
    expect(state.session).not.toContain("left-behind");
    expect(state.cookie).toEqual([]);
    expect(state.local.filter((key) => !key.startsWith("conscious."))).toEqual(["age_verified"]);
    const nextTimer = await next.evaluate(timerId);
    if (firstTimer !== null) expect(nextTimer).not.toBe(firstTimer);
    // The history holds only the new visitor's page and the blank page it was parked on, not /privacy and /about before.
    expect(await next.evaluate(() => history.length)).toBe(2);
    await next.goBack();
    await next.waitForURL("about:blank");
    await next.context().close();
  });

  it.runIf(pooled)("closes for real a context whose test did what a reset cannot undo", async () => {
    const first = await newPage(browser, options);
    await first.context().addInitScript(() => Object.assign(window, { leftBehind: true }));
    await first.context().close();
    expect(first.isClosed()).toBe(true);
    const next = await newPage(browser, options);
    expect(next).not.toBe(first);
    await next.goto("/privacy");
    expect(await next.evaluate(() => "leftBehind" in window)).toBe(false);
    await next.context().close();
  });

  it("gives a fresh context when asked", async () => {
    const used = await newPage(browser, options);
    await used.context().close();
    const fresh = await newPage(browser, { ...options, fresh: true });
    expect(fresh).not.toBe(used);
    await fresh.context().close();
    expect(fresh.isClosed()).toBe(true);
  });
});
