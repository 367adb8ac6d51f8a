import { eq } from "drizzle-orm";
import { userFlames } from "~schema";
import type { Database } from "~/lib/database";
import { followOwnerSets, type OwnerSets } from "~/lib/cache/owner-sets.server";
import { CHANNELS } from "~/lib/db/channels";
import { perDatabase } from "~/lib/db/engine.server";

/**
 * The clips each flame owner has flamed, kept in memory on PGlite in process and kept exact by the `user_flames`
 * announcements (migration 0020; app/lib/cache/owner-sets.server.ts says how). Null on other databases, which are
 * asked every time.
 */
export const flamedSetsOf: (db: Database) => Promise<OwnerSets | null> = perDatabase("flamed-sets", (db) =>
  followOwnerSets(db, { channel: CHANNELS.userFlames, trigger: "user_flames_notify", load: (owner) => load(db, owner) }),
);

async function load(db: Database, owner: { userId: string } | { anonymousId: string }): Promise<Set<string>> {
  const condition = "userId" in owner ? eq(userFlames.userId, owner.userId) : eq(userFlames.anonymousId, owner.anonymousId);
  const rows = await db.select({ clipId: userFlames.clipId }).from(userFlames).where(condition);
  return new Set(rows.map((row) => row.clipId));
}
