import { alias } from "drizzle-orm/pg-core";
import { desc, eq, inArray } from "drizzle-orm";
import {
  categories,
  consciousPauses,
  emotionTypes,
  profiles,
  usageSessionCategories,
  usageSessions,
  weeklyMailSubscriptions,
} from "~schema";
import type { Database } from "~/lib/database";
import type { ExportedSession } from "./export";

export interface ConsciousExport {
  dailyGoalSeconds: number | null;
  sessions: ExportedSession[];
  pauses: { outcome: string; at: string }[];
  /** The weekly e-mail, when the member asked for it: its language, time zone and when they asked. */
  weeklyEmail: { language: string; timeZone: string; since: string } | null;
}

/**
 * Everything Conscious Mode keeps of a member (docs/product.md §11.10) for their data export: the daily goal, each
 * session with its moods, intention and "5 more" count, and each pause's outcome, newest first. The seconds per
 * category come only when `withCategories` (the adult site): the companion site never names adult categories.
 */
export async function consciousExport(db: Database, userId: string, options: { withCategories: boolean }): Promise<ConsciousExport> {
  const before = alias(emotionTypes, "mood_before");
  const after = alias(emotionTypes, "mood_after");
  const [profile] = await db.select({ goal: profiles.dailyGoalSeconds }).from(profiles).where(eq(profiles.id, userId));
  const sessions = await db
    .select({
      id: usageSessions.id,
      startedAt: usageSessions.startedAt,
      seconds: usageSessions.seconds,
      clips: usageSessions.clips,
      moodBefore: before.nameEn,
      moodAfter: after.nameEn,
      intentionKind: usageSessions.intentionKind,
      intentionTarget: usageSessions.intentionTarget,
      fiveMore: usageSessions.extensions,
      endedBy: usageSessions.endedBy,
      localHour: usageSessions.localHour,
    })
    .from(usageSessions)
    .leftJoin(before, eq(before.id, usageSessions.moodBeforeId))
    .leftJoin(after, eq(after.id, usageSessions.emotionId))
    .where(eq(usageSessions.userId, userId))
    .orderBy(desc(usageSessions.startedAt));
  const pauses = await db
    .select({ outcome: consciousPauses.outcome, at: consciousPauses.at })
    .from(consciousPauses)
    .where(eq(consciousPauses.userId, userId))
    .orderBy(desc(consciousPauses.at));
  const [weeklyEmail] = await db
    .select({
      language: weeklyMailSubscriptions.language,
      timeZone: weeklyMailSubscriptions.timeZone,
      since: weeklyMailSubscriptions.createdAt,
    })
    .from(weeklyMailSubscriptions)
    .where(eq(weeklyMailSubscriptions.userId, userId));
  const perCategory = options.withCategories
    ? await categorySeconds(
        db,
        sessions.map((s) => s.id),
      )
    : null;
  return {
    dailyGoalSeconds: profile?.goal ?? null,
    sessions: sessions.map(({ intentionKind, intentionTarget, startedAt, ...s }) => ({
      ...s,
      startedAt: startedAt.toISOString(),
      intention: intentionKind ? { kind: intentionKind, target: intentionTarget } : null,
      ...(perCategory ? { categories: perCategory.get(s.id)?.categories ?? {}, watched: perCategory.get(s.id)?.watched ?? {} } : {}),
    })),
    pauses: pauses.map((p) => ({ outcome: p.outcome, at: p.at.toISOString() })),
    weeklyEmail: weeklyEmail ? { ...weeklyEmail, since: weeklyEmail.since.toISOString() } : null,
  };
}

type SessionCategories = Pick<Required<ExportedSession>, "categories" | "watched">;

/** Seconds on screen and what was watched per category slug of each session, read by the sessions' primary keys in chunks. */
async function categorySeconds(db: Database, sessionIds: string[]): Promise<Map<string, SessionCategories>> {
  const bySession = new Map<string, SessionCategories>();
  for (let start = 0; start < sessionIds.length; start += 1000) {
    const rows = await db
      .select({
        sessionId: usageSessionCategories.sessionId,
        slug: categories.slug,
        seconds: usageSessionCategories.seconds,
        watchedMs: usageSessionCategories.watchedMs,
        watchedClips: usageSessionCategories.watchedClips,
      })
      .from(usageSessionCategories)
      .innerJoin(categories, eq(categories.id, usageSessionCategories.categoryId))
      .where(inArray(usageSessionCategories.sessionId, sessionIds.slice(start, start + 1000)));
    for (const row of rows) {
      const entry = bySession.get(row.sessionId) ?? { categories: {}, watched: {} };
      if (row.seconds > 0) entry.categories[row.slug] = row.seconds;
      if (row.watchedClips > 0) entry.watched[row.slug] = { ms: row.watchedMs, clips: row.watchedClips };
      bySession.set(row.sessionId, entry);
    }
  }
  return bySession;
}
