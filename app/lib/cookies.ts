/** Reads one cookie from a Cookie header without pulling a parser into the bundle. */
export function readCookie(header: string | null | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const index = part.indexOf("=");
    if (index < 0) continue;
    if (part.slice(0, index).trim() === name) {
      try {
        return decodeURIComponent(part.slice(index + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/** Cookies carry `Secure` when the public origin is https (every Set-Cookie decides the same way). */
export function secureCookies(origin: string): boolean {
  return origin.startsWith("https:");
}

const ONE_YEAR = 60 * 60 * 24 * 365;

/** A first-party preference cookie readable by the page (language, audience, age flag). */
export function preferenceCookie(name: string, value: string, options: { secure?: boolean } = {}): string {
  return [`${name}=${encodeURIComponent(value)}`, "Path=/", `Max-Age=${ONE_YEAR}`, "SameSite=Lax", options.secure ? "Secure" : ""]
    .filter(Boolean)
    .join("; ");
}

// Cookie names read by more than one part of the site (a feature and the server's shell or micro-cache) live here.

/**
 * The player's Data saver preference (ADR 155): `on` while chosen. A cookie rather than browser storage so the
 * server's page starts its first clip on the smallest rung too; a page rendered with it is the visitor's own (the
 * micro-cache stores no page asked for with a cookie it does not know).
 */
export const DATA_SAVER_COOKIE = "data_saver";

/** The feed's shuffle seed, a session cookie: a reload keeps the order, a new visit reshuffles (ADR 072). */
export const FEED_SEED_COOKIE = "feed_seed";
