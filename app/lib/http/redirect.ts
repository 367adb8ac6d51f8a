/**
 * Only same-site paths are followed: "/x" yes; "//evil.example", "/\\evil",
 * "https://…" and anything odd fall back to `fallback`.
 */
export function safeRedirectPath(value: unknown, fallback = "/"): string {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  try {
    const url = new URL(value, "http://same.site");
    if (url.origin !== "http://same.site") return fallback;
    return url.pathname + url.search + url.hash;
  } catch {
    return fallback;
  }
}
