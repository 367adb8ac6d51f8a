import { readCookie } from "~/lib/cookies";
import { isUuidV4 } from "~/lib/uuid";

/** docs/product.md §7.2, ADR 018: the anonymous flame owner id lives in localStorage under `spicy_uid`; a cookie mirrors it for the server. */
export const ANONYMOUS_ID_KEY = "spicy_uid";

/**
 * The cookie's value: `<uuid>.<signature>` (the server signs the ids it issues, ADR 093), or a bare `<uuid>`
 * set before ids were signed. Only the server can check the signature.
 */
export function parseAnonymousId(value: string | null | undefined): { id: string; signature: string | null } | null {
  if (!value) return null;
  const [id, signature, extra] = value.split(".");
  if (extra !== undefined || !isUuidV4(id)) return null;
  if (signature === undefined) return { id, signature: null };
  return /^[A-Za-z0-9_-]{20,64}$/.test(signature) ? { id, signature } : null;
}

/** The anonymous id named by the cookie, signed or not (reading which clips it flamed needs no proof). */
export function anonymousIdFrom(cookieHeader: string | null | undefined): string | null {
  return parseAnonymousId(readCookie(cookieHeader, ANONYMOUS_ID_KEY))?.id ?? null;
}

/**
 * In the browser: keep cookie and localStorage in step. A visitor whose cookie
 * was cleared gets the id back from localStorage, so their flames stay theirs.
 */
export function syncAnonymousId() {
  const fromCookie = readCookie(document.cookie, ANONYMOUS_ID_KEY);
  const cookieValid = parseAnonymousId(fromCookie) !== null;
  let stored: string | null;
  try {
    stored = window.localStorage.getItem(ANONYMOUS_ID_KEY);
    if (cookieValid && stored !== fromCookie) window.localStorage.setItem(ANONYMOUS_ID_KEY, fromCookie!);
  } catch {
    return;
  }
  if (!cookieValid && parseAnonymousId(stored)) {
    document.cookie = `${ANONYMOUS_ID_KEY}=${encodeURIComponent(stored!)}; Path=/; Max-Age=${60 * 60 * 24 * 365 * 2}; SameSite=Lax`;
  }
}

let issuing: Promise<void> | null = null;

/**
 * In the browser: make sure this visitor holds an anonymous id the server signed (ADR 140). Page views issue
 * ids (`POST /api/visitor`); a flame request never does. Called once the page is hydrated and again before an
 * anonymous flame, which waits for it; one request at a time, none once the cookie holds a signed id.
 */
export function ensureAnonymousId(): Promise<void> {
  syncAnonymousId();
  if (parseAnonymousId(readCookie(document.cookie, ANONYMOUS_ID_KEY))?.signature) return Promise.resolve();
  issuing ??= fetch("/api/visitor", { method: "POST", body: new URLSearchParams(), headers: { Accept: "application/json" } })
    // Read to the end: a body left unread keeps the request open in Chromium, and the page never goes quiet.
    .then((response) => response.text())
    .then(() => syncAnonymousId())
    .catch(() => undefined)
    .finally(() => {
      issuing = null;
    });
  return issuing;
}
