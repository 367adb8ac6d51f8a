import { and, desc, eq, gt, gte, lte, sql } from "drizzle-orm";
import { clips, usageSessionCategories, usageSessions, watchEvents } from "~schema";
import type { Database } from "~/lib/database";
import { USAGE_MAX_SECONDS } from "./timer";

// What a session watched, from the watch signals (ADR 180). The player reports a watch when a clip leaves the
// screen, in batches that may reach the server a little after the session's last save; so a session's window runs
// from its start to ten minutes after its last save, never past the member's next session nor a day, and the link is
// made again at each save and when a page showing the figures opens within LINK_AGAIN_MS of it.

/** How long after a session's last save late watch signals may still belong to it. */
export const LATE_SIGNALS_MS = 10 * 60_000;
/** Sessions saved this recently are linked again when insights or the report open. */
export const LINK_AGAIN_MS = 15 * 60_000;

interface SessionWindow {
  id: string;
  userId: string;
  startedAt: Date;
  updatedAt: Date;
}

/** The end of the session's window: late signals allowed, but never the next session's, nor beyond a day. */
async function windowEnd(db: Database, session: SessionWindow): Promise<Date> {
  const [next] = await db
    .select({ startedAt: usageSessions.startedAt })
    .from(usageSessions)
    .where(and(eq(usageSessions.userId, session.userId), gt(usageSessions.startedAt, session.startedAt)))
    .orderBy(usageSessions.startedAt)
    .limit(1);
  const ends = [session.updatedAt.getTime() + LATE_SIGNALS_MS, session.startedAt.getTime() + USAGE_MAX_SECONDS * 1000];
  if (next) ends.push(next.startedAt.getTime());
  return new Date(Math.min(...ends));
}

/**
 * Writes the session's watched time and clips per category from the member's watch events in its window
 * (watch_events_user_idx), replacing what an earlier link wrote; the seconds on screen stay as the browser sent them.
 */
export async function linkWatched(db: Database, session: SessionWindow): Promise<void> {
  const until = await windowEnd(db, session);
  const watched = await db
    .select({
      categoryId: clips.categoryId,
      ms: sql<number>`least(sum(${watchEvents.watchedMs}), 2147483647)::int`,
      clips: sql<number>`count(distinct ${watchEvents.clipId})::int`,
    })
    .from(watchEvents)
    .innerJoin(clips, eq(clips.id, watchEvents.clipId))
    .where(
      and(
        eq(watchEvents.userId, session.userId),
        gte(watchEvents.createdAt, session.startedAt),
        lte(watchEvents.createdAt, until),
        eq(watchEvents.kind, "watch"),
      ),
    )
    .groupBy(clips.categoryId);
  const byCategory = usageSessionCategories;
  // Rows only the signals made go first (a row without seconds must keep a watched clip), then the rest are reset.
  await db.delete(byCategory).where(and(eq(byCategory.sessionId, session.id), eq(byCategory.seconds, 0)));
  await db.update(byCategory).set({ watchedMs: 0, watchedClips: 0 }).where(eq(byCategory.sessionId, session.id));
  const rows = watched.filter((w) => Number(w.clips) > 0);
  if (rows.length)
    await db
      .insert(byCategory)
      .values(
        rows.map((w) => ({
          sessionId: session.id,
          categoryId: w.categoryId,
          seconds: 0,
          watchedMs: Number(w.ms),
          watchedClips: Number(w.clips),
        })),
      )
      .onConflictDoUpdate({
        target: [byCategory.sessionId, byCategory.categoryId],
        set: { watchedMs: sql`excluded.watched_ms`, watchedClips: sql`excluded.watched_clips` },
      });
}

/** Links again the member's sessions saved in the last LINK_AGAIN_MS: their last watch signals may have come since. */
export async function linkRecentSessions(db: Database, userId: string, now: Date = new Date()): Promise<void> {
  const recent = await db
    .select({ id: usageSessions.id, userId: usageSessions.userId, startedAt: usageSessions.startedAt, updatedAt: usageSessions.updatedAt })
    .from(usageSessions)
    .where(eq(usageSessions.userId, userId))
    .orderBy(desc(usageSessions.startedAt))
    .limit(3);
  for (const session of recent)
    if (now.getTime() - session.updatedAt.getTime() < LINK_AGAIN_MS) await db.transaction((tx) => linkWatched(tx, session));
}
