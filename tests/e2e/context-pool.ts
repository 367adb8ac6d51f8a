import type { Browser, BrowserContext, CDPSession, Page } from "playwright-core";

/**
 * Visitors' browser contexts, kept for the next visitor with the same options instead of closed
 * (docs/decisions/242-end-to-end-visitors-reuse-their-page.md).
 *
 * A new page costs Chromium about half a second of CPU before anything loads, and a first load in it about a second more
 * than a load in a page that has loaded the site before (docs/performance.md § "What a test's browser costs"); most tests
 * play a few visitors each. So a context a test closes is reset to what a new one holds — no cookie, no storage of any
 * origin it visited (local and session storage, IndexedDB, service workers, caches), no history, no listener, no route,
 * the viewport it was made with, the pointer outside the page — and parked with its one page on `about:blank`; the
 * next `newContext` with the same options takes it. The page goes to `about:blank` before anything is cleared, so the
 * site's last beacons leave with the visitor's own cookies, as when a tab closes.
 *
 * What cannot be undone through the public API — an init script or binding a test added, a CDP session, a fake clock,
 * geolocation, extra headers, a HAR or WebSocket route, a changed navigation time-out — marks the context spent: it is
 * closed for real. The HTTP cache is kept, as a returning browser's would be: a test about a first visit's network asks
 * for `fresh: true`.
 */

/** Contexts parked per set of options (the key, whatever their viewport), at most. */
const PARKED_PER_KEY = 3;

interface Kept {
  key: string;
  /** The context's own `close`, before it was replaced. */
  close: BrowserContext["close"];
  /** The viewport the context was made or last taken with: a reset goes back to it. */
  viewport: { width: number; height: number } | null;
  /** Cookies every visitor of these options starts with (the age gate passed). */
  startCookies: Parameters<BrowserContext["addCookies"]>[0];
  /** Set once the test did something a reset cannot undo. */
  spent: boolean;
  viewportChanged: boolean;
  permissionsGranted: boolean;
  offline: boolean;
  origins: Set<string>;
  /** The page handed out by the next `newPage`, parked with the context. */
  parkedPage: Page | null;
  cdp: Map<Page, CDPSession>;
  /** The context's and its parked page's listeners when they were made: a test's own go on reset. */
  listeners: Map<object, Listeners>;
  /** The context's own `newCDPSession`: the pool's sessions spend nothing. */
  openCdp: BrowserContext["newCDPSession"];
}

/** Parked contexts by their options' key (of every browser of the process: a context is taken only by its own). */
const parked = new Map<string, BrowserContext[]>();
const kept = new WeakMap<BrowserContext, Kept>();

/**
 * A parked context of `browser` for these options, reset, or undefined. Contexts that differ only in their viewport
 * share a key: the one taken gets `viewport`, as a new one would be made with it.
 */
export async function takeParked(
  browser: Browser,
  key: string,
  viewport: { width: number; height: number },
): Promise<BrowserContext | undefined> {
  const list = parked.get(key) ?? [];
  // The one parked last: the test that closed it may be the one asking again.
  let at = list.length - 1;
  while (at >= 0 && !(kept.has(list[at]!) && browser.contexts().includes(list[at]!))) at--;
  if (at < 0) return undefined;
  const context = list.splice(at, 1)[0]!;
  const state = kept.get(context)!;
  state.viewport = viewport;
  const page = state.parkedPage;
  const size = page?.viewportSize();
  if (page && (size?.width !== viewport.width || size?.height !== viewport.height)) await page.setViewportSize(viewport);
  return context;
}

/** Whether a context is parked (a file's close leaves it to the next file). */
export function isParked(context: BrowserContext): boolean {
  const state = kept.get(context);
  return !!state && (parked.get(state.key)?.includes(context) ?? false);
}

/** The event emitter side of Playwright's objects (its own EventEmitter, as Node's). */
interface Emitter {
  eventNames(): (string | symbol)[];
  rawListeners(name: string | symbol): unknown[];
  removeListener(name: string | symbol, listener: unknown): unknown;
}

type Listeners = Map<string | symbol, unknown[]>;

/** The listeners on an object now: Playwright's own, made with it, and the pool's. */
function listenersOf(target: object): Listeners {
  const emitter = target as unknown as Emitter;
  return new Map(emitter.eventNames().map((name) => [name, [...emitter.rawListeners(name)]]));
}

/** Removes every listener added since `before` (a test's; Playwright's own wait on `close`, so none is removed blindly). */
function removeListenersSince(target: object, before: Listeners): void {
  const emitter = target as unknown as Emitter;
  for (const name of emitter.eventNames()) {
    const kept = before.get(name) ?? [];
    for (const listener of emitter.rawListeners(name)) if (!kept.includes(listener)) emitter.removeListener(name, listener);
  }
}

/**
 * Makes `context` one the pool takes back on `close()`. Call it after the helper's own set-up (its age cookie and
 * init script), which every visitor of `key` shares.
 */
export function keepForReuse(
  context: BrowserContext,
  key: string,
  start: { viewport: { width: number; height: number } | null; cookies: Parameters<BrowserContext["addCookies"]>[0] },
): void {
  const state: Kept = {
    key,
    close: context.close.bind(context),
    viewport: start.viewport,
    startCookies: start.cookies,
    spent: false,
    viewportChanged: false,
    permissionsGranted: false,
    offline: false,
    origins: new Set(),
    parkedPage: null,
    cdp: new Map(),
    listeners: new Map(),
    openCdp: context.newCDPSession.bind(context),
  };
  kept.set(context, state);
  const spend = <T extends object>(target: T, names: (keyof T)[]) => {
    for (const name of names) {
      const own = target[name];
      if (typeof own !== "function") continue;
      (target as Record<keyof T, unknown>)[name] = (...args: unknown[]) => {
        state.spent = true;
        return (own as (...a: unknown[]) => unknown).apply(target, args);
      };
    }
  };
  spend(context, [
    "addInitScript",
    "exposeBinding",
    "exposeFunction",
    "newCDPSession",
    "setGeolocation",
    "setExtraHTTPHeaders",
    "routeFromHAR",
    "routeWebSocket",
    "setHTTPCredentials",
    "setDefaultNavigationTimeout",
    "setDefaultTimeout",
  ] as (keyof BrowserContext)[]);
  spend(context.clock, ["install", "fastForward", "pauseAt", "resume", "runFor", "setFixedTime", "setSystemTime"]);
  spend(context.tracing, ["start", "startChunk", "group"]);
  const grant = context.grantPermissions.bind(context);
  context.grantPermissions = (...args) => {
    state.permissionsGranted = true;
    return grant(...args);
  };
  const setOffline = context.setOffline.bind(context);
  context.setOffline = (offline) => {
    state.offline ||= offline;
    return setOffline(offline);
  };
  const newPage = context.newPage.bind(context);
  context.newPage = async () => {
    const page = state.parkedPage;
    state.parkedPage = null;
    if (page && !page.isClosed()) return page;
    const made = watchPage(await newPage(), state);
    // A context taken for another viewport than it was made with makes its pages at the one it was taken for.
    const size = made.viewportSize();
    if (state.viewport && (size?.width !== state.viewport.width || size?.height !== state.viewport.height))
      await made.setViewportSize(state.viewport);
    return made;
  };
  context.close = async (options) => {
    if (state.spent || !(await reset(context, state))) {
      kept.delete(context);
      return state.close(options);
    }
    const list = parked.get(key) ?? [];
    parked.set(key, list);
    if (list.length >= PARKED_PER_KEY) {
      kept.delete(context);
      return state.close(options);
    }
    list.push(context);
  };
  context.on("close", () => {
    kept.delete(context);
    const list = parked.get(key);
    const at = list?.indexOf(context) ?? -1;
    if (at >= 0) list!.splice(at, 1);
  });
  state.listeners.set(context, listenersOf(context));
}

/** A page of a kept context: what it visits is cleared on reset, what cannot be undone spends the context. */
function watchPage(page: Page, state: Kept): Page {
  const spend = (names: string[]) => {
    const methods = page as unknown as Record<string, unknown>;
    for (const name of names) {
      const own = methods[name];
      if (typeof own !== "function") continue;
      methods[name] = (...args: unknown[]) => {
        state.spent = true;
        return (own as (...a: unknown[]) => unknown).apply(page, args);
      };
    }
  };
  spend(["addInitScript", "exposeBinding", "exposeFunction", "setExtraHTTPHeaders", "emulateMedia", "routeFromHAR", "routeWebSocket"]);
  spend(["setDefaultNavigationTimeout", "setDefaultTimeout"]);
  const setViewportSize = page.setViewportSize.bind(page);
  page.setViewportSize = (size) => {
    state.viewportChanged = true;
    return setViewportSize(size);
  };
  page.on("framenavigated", (frame) => {
    const url = frame.url();
    if (url.startsWith("http:") || url.startsWith("https:")) state.origins.add(new URL(url).origin);
  });
  state.listeners.set(page, listenersOf(page));
  return page;
}

/** Resets a kept context to a new visitor's and parks its first page; false when it cannot be (then it is closed). */
async function reset(context: BrowserContext, state: Kept): Promise<boolean> {
  try {
    // Only a page the pool watched from its start is parked: a popup left as the first page has no listeners recorded
    // to tell the test's from Playwright's own, so it is closed with the rest.
    const pages = context.pages();
    const page = pages.find((one) => state.listeners.has(one));
    const others = pages.filter((one) => one !== page);
    for (const other of others) {
      await other.close();
      state.listeners.delete(other);
      state.cdp.delete(other);
    }
    if (page) {
      // The site's pagehide beacons leave now, with the visitor's cookies still set.
      await page.goto("about:blank");
      let cdp = state.cdp.get(page);
      if (!cdp) {
        cdp = await state.openCdp(page);
        state.cdp.set(page, cdp);
      }
      for (const origin of state.origins) {
        await cdp.send("Storage.clearDataForOrigin", { origin, storageTypes: "all" });
      }
      await cdp.send("Page.resetNavigationHistory");
      removeListenersSince(page, state.listeners.get(page) ?? new Map());
      await page.unrouteAll({ behavior: "ignoreErrors" });
      await page.mouse.move(-1, -1);
      if (state.viewportChanged && state.viewport) await page.setViewportSize(state.viewport);
    }
    state.origins.clear();
    removeListenersSince(context, state.listeners.get(context) ?? new Map());
    await context.unrouteAll({ behavior: "ignoreErrors" });
    await context.clearCookies();
    if (state.permissionsGranted) await context.clearPermissions();
    if (state.offline) await context.setOffline(false);
    if (state.startCookies.length) await context.addCookies(state.startCookies);
    state.viewportChanged = state.permissionsGranted = state.offline = false;
    state.parkedPage = page ?? null;
    return true;
  } catch {
    return false;
  }
}
