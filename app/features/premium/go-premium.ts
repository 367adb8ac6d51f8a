import { handoffBeginUrl } from "~/lib/auth-handoff";
import { isLocalHost, type BrandMode } from "~/lib/brand-mode";
import type { Env } from "~/lib/env.server";
import { ACTIVATE_PATH } from "./promo";

/** Query of the Conscious Mode landing that shows the 'Activate Conscious Mode Now' call to action. */
export const GO_PREMIUM_QUERY = "source=header_premium_button&cta=premium";

/**
 * Where 'Go Premium' leads: Conscious Mode's landing. Its address is
 * CONSCIOUS_SITE_URL, else the first CONSCIOUS_HOSTS entry over HTTPS; on local hosts
 * the same server switches brand with ?mode=sfw. A public host ignores
 * ?mode=, so without a configured Conscious Mode site the link goes straight to
 * this site's activation page.
 */
export function goPremiumUrl(env: Pick<Env, "CONSCIOUS_SITE_URL" | "CONSCIOUS_HOSTS">, host: string | null, signedIn = false): string {
  if (isLocalHost(host)) return `/?mode=sfw&${GO_PREMIUM_QUERY}`;
  const site = env.CONSCIOUS_SITE_URL ?? (env.CONSCIOUS_HOSTS[0] ? `https://${env.CONSCIOUS_HOSTS[0]}` : null);
  if (!site) return ACTIVATE_PATH;
  // A member arrives signed in there too, without a second e-mail (ADR 122).
  if (signedIn && env.CONSCIOUS_SITE_URL) return handoffBeginUrl(new URL(env.CONSCIOUS_SITE_URL).origin, `/?${GO_PREMIUM_QUERY}`);
  return `${site.replace(/\/+$/, "")}/?${GO_PREMIUM_QUERY}`;
}

/**
 * Where premium-success's "back to the main site" leads (docs/product.md §11.8): the adult site's root. From the
 * adult site that is "/"; from Conscious Mode it is MAIN_SITE_URL, or on local hosts the same
 * server switched back with ?mode=adult; without either, this site's own root.
 */
export function mainSiteUrl(env: Pick<Env, "MAIN_SITE_URL">, host: string | null, brandMode: BrandMode): string {
  if (brandMode === "adult") return "/";
  if (isLocalHost(host)) return "/?mode=adult";
  return env.MAIN_SITE_URL ? `${env.MAIN_SITE_URL.replace(/\/+$/, "")}/` : "/";
}
