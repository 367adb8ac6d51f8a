import { keep, parseKept, parseSettings, parseState, type ConsciousSettings, type KeptSession, type SessionState } from "./session";
import { USAGE_ENDPOINT } from "./timer";
import { flushSignals } from "~/features/signals";

// Browser only. The running session and an anonymous visitor's finished ones live in localStorage,
// never on the server, until the visitor signs in (docs/product.md, "One session timer").
const SESSION_KEY = "conscious.session";
const KEPT_KEY = "conscious.kept";
const SETTINGS_KEY = "conscious.settings";
const PAUSE_KEY = "conscious.pauseAt";
const PAUSE_OPEN_KEY = "conscious.pauseOpen";
const LAST_KEY = "conscious.last";
export const PAUSE_ENDPOINT = "/api/conscious";

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    // Storage can be blocked: the session then lives only as long as the page.
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Nothing to keep when storage is blocked or full.
  }
}

export const loadSession = (): SessionState | null => parseState(read(SESSION_KEY));
export const storeSession = (state: SessionState | null): void => write(SESSION_KEY, state ? JSON.stringify(state) : null);

export const keptSessions = (): KeptSession[] => parseKept(read(KEPT_KEY));
export function keepSession(body: URLSearchParams, now: number): void {
  write(KEPT_KEY, JSON.stringify(keep(keptSessions(), { body: body.toString(), endedAt: now }, now)));
}
const storeKept = (list: KeptSession[]) => write(KEPT_KEY, list.length ? JSON.stringify(list) : null);
/** Forgets the anonymous sessions kept in this browser (the member chose not to add them). */
export const discardKeptSessions = (): void => storeKept([]);

export const loadSettings = (): ConsciousSettings => parseSettings(read(SETTINGS_KEY));
export const storeSettings = (settings: ConsciousSettings): void => write(SETTINGS_KEY, JSON.stringify(settings));

export function lastPauseAt(): number | null {
  const value = Number(read(PAUSE_KEY));
  return Number.isFinite(value) && value > 0 ? value : null;
}
/** The pause shows from `now`: it stays until answered, through a reload or a remount, and not again for 30 minutes. */
export function markPause(now: number): void {
  write(PAUSE_KEY, String(now));
  write(PAUSE_OPEN_KEY, "1");
}
export const pauseOpen = (): boolean => read(PAUSE_OPEN_KEY) === "1";
export const answerPause = (): void => write(PAUSE_OPEN_KEY, null);

/** The summary of the session that just ended, for the calm page it ends on (this tab only). */
export interface LastSession {
  seconds: number;
  clips: number;
  kept: boolean;
}
export function rememberLast(last: LastSession): void {
  try {
    sessionStorage.setItem(LAST_KEY, JSON.stringify(last));
  } catch {
    // The calm page then shows no figures.
  }
}
export function readLast(): LastSession | null {
  try {
    const value = JSON.parse(sessionStorage.getItem(LAST_KEY) ?? "null") as LastSession | null;
    return value && typeof value.seconds === "number" && typeof value.clips === "number" ? value : null;
  } catch {
    return null;
  }
}

/** Records the pause's outcome for a member (anonymous visitors: the server stores nothing, 204). */
export function sendPause(outcome: "closed" | "continued"): void {
  const body = new URLSearchParams({ outcome });
  if (!navigator.sendBeacon?.(PAUSE_ENDPOINT, body)) void fetch(PAUSE_ENDPOINT, { method: "POST", body, keepalive: true }).catch(() => {});
}

/** A random UUID, also where crypto.randomUUID is missing (pages served over plain http on another host). */
export function randomId(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

let pendingSave: Promise<number> | null = null;

/** How long a save waits for the one before it to be answered: long enough to keep a moment's saves in order, short enough that one stuck request does not hold back the rest. */
export const SAVE_ORDER_WAIT_MS = 5000;

/**
 * Sends one save of a member's session and answers its HTTP status (0: not delivered); a beacon
 * when the page is going away. An in-app save is remembered, so a page that opens while it is in
 * flight (insights) can wait for it and read its figures again. Saves leave one after another: two
 * sent together (a mood chosen, then "I'm done") would otherwise race to the server.
 */
export function sendSession(body: URLSearchParams, leavingPage = false): Promise<number> {
  if (leavingPage && navigator.sendBeacon?.(USAGE_ENDPOINT, body)) return Promise.resolve(202);
  const before = pendingSave
    ? Promise.race([pendingSave, new Promise<number>((resolve) => setTimeout(() => resolve(0), SAVE_ORDER_WAIT_MS))])
    : Promise.resolve(0);
  // The watches waiting to be sent go first: the save links the session to the categories they name.
  const sent = before
    .then(() => flushSignals())
    .then(() => fetch(USAGE_ENDPOINT, { method: "POST", body, keepalive: true }))
    .then(
      (response) => response.status,
      () => 0,
    );
  pendingSave = sent;
  void sent.finally(() => {
    if (pendingSave === sent) pendingSave = null;
  });
  return sent;
}

let saver: (() => void) | null = null;

/** The running session's timer registers how to save it now (null when it unmounts). */
export function registerSessionSaver(save: (() => void) | null): void {
  saver = save;
}

/**
 * Saves a member's running session now and answers the save in flight, if any: a page showing
 * figures (insights) waits for it and reads them again, so the session it opens in is counted.
 */
export function saveSessionNow(): Promise<number> | null {
  saver?.();
  return pendingSave;
}

/**
 * Carries the sessions kept while anonymous into the account just signed in to, one by one, each
 * removed once the server has it (its id makes a second delivery replace, not duplicate).
 */
export async function carryKeptSessions(): Promise<number> {
  let carried = 0;
  for (const session of keptSessions()) {
    const status = await sendSession(new URLSearchParams(session.body));
    // Offline or rate-limited: the rest waits for the next page. A refused session is dropped.
    if (status === 0 || status === 429 || status >= 500) break;
    if (status < 300) carried++;
    storeKept(keptSessions().filter((s) => s.body !== session.body));
  }
  return carried;
}

/**
 * The browser asks not to be profiled (Global Privacy Control or Do Not Track): a member's sessions
 * then stay in the browser as an anonymous visitor's do, and the server would refuse them anyway.
 */
export function browserAsksNoProfile(): boolean {
  const privacy = navigator as Navigator & { globalPrivacyControl?: boolean };
  return privacy.globalPrivacyControl === true || navigator.doNotTrack === "1";
}
