import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { requestLimits } from "../../db/schema";
import type { Database } from "./db.server";

export interface RateLimitRule {
  /** Window length in seconds. */
  window: number;
  max: number;
}

/**
 * A fixed-window counter in the database, so limits hold across several app
 * servers. Keys are hashed: no e-mail address or IP is stored in clear. One
 * upsert counts the request, so simultaneous requests are all counted.
 * Returns true when the request is allowed (and counts it).
 */
export async function takeRateLimit(db: Database, key: string, rule: RateLimitRule, now = Date.now()): Promise<boolean> {
  const hashed = createHash("sha256").update(key).digest("hex");
  const expired = sql`${requestLimits.windowStartedAt} <= ${now - rule.window * 1000}`;
  const [row] = await db
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
