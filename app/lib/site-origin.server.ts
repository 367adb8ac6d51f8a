import type { Env } from "./env.server";

/**
 * The public origin for absolute URLs (canonical, hreflang, sitemaps, robots.txt, e-mail links) on the
 * host a request came to (docs/decisions/070-client-ip-and-origins.md): on one of CONSCIOUS_HOSTS, the
 * origin of Conscious Mode — CONSCIOUS_SITE_URL when set, else that host itself, which is on the allow-list;
 * PUBLIC_URL on every other Host, whatever a client sends. Only an exact host name counts here
 * (not the "part of a host" that selects the brand), so a forged Host never reaches an e-mail.
 */
export function originForHost(
  env: Pick<Env, "CONSCIOUS_HOSTS" | "CONSCIOUS_SITE_URL">,
  publicOrigin: string,
  host: string | null | undefined,
  protocol: string,
): string {
  const match = /^([a-z0-9.-]+)(?::(\d{1,5}))?$/i.exec(host ?? "");
  if (!match) return publicOrigin;
  const name = match[1]!.toLowerCase();
  if (!env.CONSCIOUS_HOSTS.includes(name)) return publicOrigin;
  if (env.CONSCIOUS_SITE_URL) return new URL(env.CONSCIOUS_SITE_URL).origin;
  return `${protocol === "https" ? "https" : "http"}://${host!.toLowerCase()}`;
}
