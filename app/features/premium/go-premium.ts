import { isLocalHost } from "~/lib/brand-mode";
import type { Env } from "~/lib/env.server";
import { ACTIVATE_PATH } from "./promo";

/** Query of the safe landing that shows the 'Activate Conscious Mode Now' call to action. */
export const GO_PREMIUM_QUERY = "source=header_premium_button&cta=premium";

/**
 * Where 'Go Premium' leads: the companion site's landing. Its address is
 * SAFE_SITE_URL, else the first SAFE_HOSTS entry over HTTPS; on local hosts
 * the same server switches brand with ?mode=sfw. A public host ignores
 * ?mode=, so without a configured companion site the link goes straight to
 * this site's activation page.
 */
export function goPremiumUrl(env: Pick<Env, "SAFE_SITE_URL" | "SAFE_HOSTS">, host: string | null): string {
  if (isLocalHost(host)) return `/?mode=sfw&${GO_PREMIUM_QUERY}`;
  const site = env.SAFE_SITE_URL ?? (env.SAFE_HOSTS[0] ? `https://${env.SAFE_HOSTS[0]}` : null);
  return site ? `${site.replace(/\/+$/, "")}/?${GO_PREMIUM_QUERY}` : ACTIVATE_PATH;
}
