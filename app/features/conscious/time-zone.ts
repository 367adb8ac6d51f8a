import { readCookie } from "~/lib/cookies";

// Insights count the visitor's own calendar days (ADR 010), not UTC ones: the
// browser writes its IANA time zone into a cookie and the server counts in it.

export const TIME_ZONE_COOKIE = "tz";
export const DEFAULT_TIME_ZONE = "UTC";

const ZONE_NAME = /^[A-Za-z0-9_+\-/]{1,64}$/;

/** The canonical name of an IANA time zone, or null when Intl does not know it (the cookie is user input). */
export function canonicalTimeZone(value: string | null | undefined): string | null {
  if (!value || !ZONE_NAME.test(value)) return null;
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** The visitor's time zone from the request's Cookie header; UTC until the browser has said. */
export function timeZoneFromCookie(cookieHeader: string | null | undefined): string {
  return canonicalTimeZone(readCookie(cookieHeader, TIME_ZONE_COOKIE)) ?? DEFAULT_TIME_ZONE;
}

/** The calendar day ("YYYY-MM-DD") an instant falls on in a time zone. */
export function dayIn(instant: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}-${part("day")}`;
}

/**
 * Browser only: keeps the browser's time zone in the cookie. True when the
 * cookie changed, so figures the server just computed used another zone.
 */
export function rememberTimeZone(): boolean {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (!zone || readCookie(document.cookie, TIME_ZONE_COOKIE) === zone) return false;
  document.cookie = `${TIME_ZONE_COOKIE}=${encodeURIComponent(zone)}; Path=/; Max-Age=31536000; SameSite=Lax`;
  return true;
}
