// How the server decides between the adult site and Conscious Mode, its
// safe-for-work site, for each request (docs/product.md §2.1, docs/decisions/004-brand-mode.md).

export type BrandMode = "adult" | "conscious";
export const BRAND_MODE_COOKIE = "brand_mode";

/** The layout route whose children are the adult site only (app/routes/adult-only.tsx). */
export const ADULT_ONLY_ROUTE_ID = "routes/adult-only";

/**
 * The one brand rule every route obeys: a route inside the adult-only layout is not answered in Conscious Mode.
 * The layout's middleware applies it to pages and React Router's resource routes; server/resource-routes.ts to
 * the routes Express calls itself, from the same route tree.
 */
export function refusesRoute(mode: BrandMode, routeIds: readonly string[]): boolean {
  return mode === "conscious" && routeIds.includes(ADULT_ONLY_ROUTE_ID);
}

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "::1"]);

/** The host name without port or IPv6 brackets, lower-cased. */
export function hostName(hostHeader: string | null | undefined): string {
  const host = (hostHeader ?? "").trim().toLowerCase();
  if (host.startsWith("[")) return host.slice(1, host.indexOf("]") > 0 ? host.indexOf("]") : undefined);
  return host.split(":")[0] ?? "";
}

export function isLocalHost(hostHeader: string | null | undefined): boolean {
  return LOCAL_HOSTS.has(hostName(hostHeader));
}

export interface BrandModeDecision {
  mode: BrandMode;
  /** Set when a local `?mode=` switch must be remembered in the cookie. */
  remember?: BrandMode;
}

export function decideBrandMode(input: {
  host: string | null | undefined;
  consciousHosts: readonly string[];
  modeParam: string | null;
  modeCookie: string | undefined;
}): BrandModeDecision {
  const host = hostName(input.host);
  if (input.consciousHosts.some((name) => name && host.includes(name))) return { mode: "conscious" };
  if (!LOCAL_HOSTS.has(host)) return { mode: "adult" };

  const fromParam = input.modeParam === "sfw" ? "conscious" : input.modeParam === "adult" ? "adult" : null;
  if (fromParam) return { mode: fromParam, remember: fromParam };
  // "safe" is what the cookie said before the code name became "conscious" (docs/glossary.md): still honoured.
  return { mode: input.modeCookie === "conscious" || input.modeCookie === "safe" ? "conscious" : "adult" };
}

/**
 * The site's name as this brand's visitors know it ("Spicy Clips" or
 * "Conscious Mode"): titles, og:site_name, footer. Every page names itself
 * through here so Conscious Mode never shows the adult brand.
 */
export function siteNameFor(t: (key: string) => string, mode: BrandMode): string {
  return t(mode === "conscious" ? "brand.consciousName" : "brand.name");
}
