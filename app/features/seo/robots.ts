// Private, per-visitor and machine-only paths crawlers have no business in.
const DISALLOWED = ["/api/", "/search", "/my-account", "/liked-videos", "/admin", "/dev/"];

/**
 * robots.txt, the same in both brand modes: the sitemap line points at this
 * host's own /sitemap.xml, which in Conscious Mode lists only its home
 * page, never adult URLs.
 */
export function robotsTxt(origin: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    ...DISALLOWED.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${origin.replace(/\/+$/, "")}/sitemap.xml`,
    "",
  ].join("\n");
}
