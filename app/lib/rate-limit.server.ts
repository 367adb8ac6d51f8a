import { sql } from "drizzle-orm";
import { requestLimits } from "~schema";
import type { Database } from "./database";
import { keyedHash } from "./keys.server";

export interface RateLimitRule {
  /** Window length in seconds. */
  window: number;
  max: number;
}

/** What a limit needs: the database and the server secret that keys its rows. */
export interface RateLimitStore {
  db: Database;
  secret: string;
}

/** The stored form of a limit key: an HMAC with the server secret, so no row can be matched to a guessed e-mail or address. */
export function rateLimitKey(secret: string, key: string): string {
  return keyedHash(secret, "rate-limit", key);
}

/**
 * A fixed-window counter in the database, so limits hold across several app
 * servers. Keys are keyed hashes (ADR 094): no e-mail address or IP is stored,
 * not even as a plain hash. One upsert counts the request, so simultaneous
 * requests are all counted. Returns true when the request is allowed (and counts it).
 */
export async function takeRateLimit(store: RateLimitStore, key: string, rule: RateLimitRule, now = Date.now()): Promise<boolean> {
  const hashed = rateLimitKey(store.secret, key);
  const expired = sql`${requestLimits.windowStartedAt} <= ${now - rule.window * 1000}`;
  const [row] = await store.db
    .insert(requestLimits)
    .values({ key: hashed, count: 1, windowStartedAt: now })
    .onConflictDoUpdate({
      target: requestLimits.key,
      set: {
        count: sql`case when ${expired} then 1 else ${requestLimits.count} + 1 end`,
        windowStartedAt: sql`case when ${expired} then ${now} else ${requestLimits.windowStartedAt} end`,
      },
    })
    .returning({ count: requestLimits.count });
  return (row?.count ?? 1) <= rule.max;
}
