import { readCookie } from "~/lib/cookies";
import { isUuidV4 } from "~/lib/uuid";

/** SPEC: the anonymous liker id lives in localStorage under `spicy_uid`; a cookie mirrors it for the server. */
export const VISITOR_ID_KEY = "spicy_uid";

export function visitorIdFrom(cookieHeader: string | null | undefined): string | null {
  const value = readCookie(cookieHeader, VISITOR_ID_KEY);
  return isUuidV4(value) ? value : null;
}

/**
 * In the browser: keep cookie and localStorage in step. A visitor whose cookie
 * was cleared gets the id back from localStorage, so their flames stay theirs.
 */
export function syncVisitorId() {
  const fromCookie = visitorIdFrom(document.cookie);
  let stored: string | null;
  try {
    stored = window.localStorage.getItem(VISITOR_ID_KEY);
    if (fromCookie && stored !== fromCookie) window.localStorage.setItem(VISITOR_ID_KEY, fromCookie);
  } catch {
    return;
  }
  if (!fromCookie && isUuidV4(stored)) {
    document.cookie = `${VISITOR_ID_KEY}=${stored}; Path=/; Max-Age=${60 * 60 * 24 * 365 * 2}; SameSite=Lax`;
  }
}
