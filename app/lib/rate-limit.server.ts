import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { rateLimit } from "../../db/schema";
import type { Database } from "./db.server";

export interface RateLimitRule {
  /** Window length in seconds. */
  window: number;
  max: number;
}

/**
 * A fixed-window counter in the database (the table Better Auth uses for its
 * own limits, under our own key prefixes), so limits hold across several app
 * servers. Keys are hashed: no e-mail address or IP is stored in clear.
 * Returns true when the request is allowed (and counts it).
 */
export async function takeRateLimit(db: Database, key: string, rule: RateLimitRule, now = Date.now()): Promise<boolean> {
  const id = createHash("sha256").update(key).digest("hex");
  const windowStart = now - rule.window * 1000;
  const [row] = await db
    .insert(rateLimit)
    .values({ id, key: id, count: 1, lastRequest: now })
    .onConflictDoUpdate({
      // The primary key, not `key`: two first requests at once both insert, and
      // only the arbiter index turns the loser's insert into the update (a
      // conflict on the other unique index would raise instead).
      target: rateLimit.id,
      set: {
        count: sql`case when ${rateLimit.lastRequest} < ${windowStart} then 1 else ${rateLimit.count} + 1 end`,
        lastRequest: sql`case when ${rateLimit.lastRequest} < ${windowStart} then ${now} else ${rateLimit.lastRequest} end`,
      },
    })
    .returning({ count: rateLimit.count });
  return (row?.count ?? 1) <= rule.max;
}
