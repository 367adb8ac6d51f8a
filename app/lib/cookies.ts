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
