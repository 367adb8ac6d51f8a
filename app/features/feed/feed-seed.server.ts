import { FEED_SEED_COOKIE, readCookie } from "~/lib/cookies";
import { pooledRandom } from "~/lib/random-pool.server";

/**
 * The feed's shuffle seed lives in a session cookie (FEED_SEED_COOKIE): a reload or back/forward
 * keeps the order, a new visit (a new browser session) reshuffles.
 */

export function feedSeed(request: Request, secure: boolean): { seed: string; setCookie?: string } {
  const existing = readCookie(request.headers.get("cookie"), FEED_SEED_COOKIE);
  if (existing && /^[a-z0-9]{8,32}$/i.test(existing)) return { seed: existing };
  const seed = pooledRandom(8, "hex");
  return { seed, setCookie: `${FEED_SEED_COOKIE}=${seed}; Path=/; SameSite=Lax${secure ? "; Secure" : ""}` };
}
