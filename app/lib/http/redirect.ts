// Redirect targets that come from input (a form's redirectTo, ?next=, the magic-link callback) go to
// same-site paths only: docs/decisions/070-client-ip-and-origins.md and 090-same-site-redirects.md.

const SITE = "http://same.site";
/** One leading slash, not followed by another slash or a backslash (which browsers read as "//"). */
const SINGLE_SLASH = /^\/(?![/\\])/;
/** Backslashes, controls and spaces: browsers drop or rewrite them before resolving. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const UNSAFE_CHARACTERS = /[\\\u0000-\u0020\u007f]/;
/** Encoded dots, slashes and backslashes in the path: a genuine link from the site never has them. */
const ENCODED_SEPARATORS = /%(2e|2f|5c)/i;
const MAX_LENGTH = 2048;

/**
 * Only same-site paths are followed: the value is checked as written, parsed against the site's
 * origin, the origins compared, and the normalised result checked again (dot segments can turn
 * "/a/..//evil" into "//evil"). Anything else falls back to `fallback`.
 */
export function safeRedirectPath(value: unknown, fallback = "/"): string {
  if (typeof value !== "string" || value.length > MAX_LENGTH) return fallback;
  if (!SINGLE_SLASH.test(value) || UNSAFE_CHARACTERS.test(value)) return fallback;
  const path = value.split(/[?#]/, 1)[0] ?? "";
  if (ENCODED_SEPARATORS.test(path)) return fallback;
  let url: URL;
  try {
    url = new URL(value, SITE);
  } catch {
    return fallback;
  }
  if (url.origin !== SITE) return fallback;
  const result = url.pathname + url.search + url.hash;
  return SINGLE_SLASH.test(result) && !UNSAFE_CHARACTERS.test(result) ? result : fallback;
}
