import { and, desc, eq, gte, inArray } from "drizzle-orm";
import { categories, usageSessionCategories, usageSessions } from "~schema";
import type { Database } from "~/lib/database";
import { type Language, localName } from "~/lib/i18n/languages";
import type { SessionFacts } from "./patterns";
import { dayStart, type LocalWindow } from "./usage-figures.server";

/** The most sessions a window's patterns read (a heavy month is a few hundred). */
export const FACTS_LIMIT = 1000;

/** A category as the pages name it (adult site only). */
export interface NamedCategory {
  slug: string;
  name: string;
}

/** One session with what the patterns and the recent list need, newest first. */
export interface SessionRecord extends SessionFacts {
  id: string;
  startedAt: string;
  /** Categories watched, most watched first (at most three); empty on the companion site. */
  watched: NamedCategory[];
}

/**
 * The window's sessions (usage_sessions_user_idx) with the categories each watched: by the watch signals' time when
 * there is any, else by the seconds on screen (ADR 180). Categories only when `withCategories` (the adult site).
 */
export async function sessionRecords(
  db: Database,
  window: LocalWindow,
  options: { language: Language; withCategories: boolean; limit?: number },
): Promise<SessionRecord[]> {
  const rows = await db
    .select({
      id: usageSessions.id,
      startedAt: usageSessions.startedAt,
      seconds: usageSessions.seconds,
      clips: usageSessions.clips,
      moodBefore: usageSessions.moodBeforeId,
      moodAfter: usageSessions.emotionId,
      intentionKind: usageSessions.intentionKind,
      intentionTarget: usageSessions.intentionTarget,
      extensions: usageSessions.extensions,
      localHour: usageSessions.localHour,
    })
    .from(usageSessions)
    .where(and(eq(usageSessions.userId, window.userId), gte(usageSessions.startedAt, dayStart(window.firstDay, window.timeZone))))
    .orderBy(desc(usageSessions.startedAt))
    .limit(options.limit ?? FACTS_LIMIT);
  const watched = options.withCategories
    ? await watchedBySession(
        db,
        rows.map((r) => r.id),
        options.language,
      )
    : new Map<string, NamedCategory[]>();
  return rows.map(({ intentionKind, intentionTarget, startedAt, ...row }) => {
    const categoriesWatched = watched.get(row.id) ?? [];
    return {
      ...row,
      startedAt: startedAt.toISOString(),
      intention: intentionKind ? { kind: intentionKind as "clips" | "minutes" | "browse", target: intentionTarget } : null,
      category: categoriesWatched[0]?.slug ?? null,
      watched: categoriesWatched.slice(0, 3),
    };
  });
}

/** Per session, its categories ordered by time watched, then by time on screen (the rows' primary key leads with session_id). */
async function watchedBySession(db: Database, sessionIds: string[], language: Language): Promise<Map<string, NamedCategory[]>> {
  const ranked = new Map<string, { category: NamedCategory; ms: number; seconds: number }[]>();
  for (let start = 0; start < sessionIds.length; start += 500) {
    const rows = await db
      .select({
        sessionId: usageSessionCategories.sessionId,
        slug: categories.slug,
        nameEn: categories.nameEn,
        nameEs: categories.nameEs,
        ms: usageSessionCategories.watchedMs,
        seconds: usageSessionCategories.seconds,
      })
      .from(usageSessionCategories)
      .innerJoin(categories, eq(categories.id, usageSessionCategories.categoryId))
      .where(inArray(usageSessionCategories.sessionId, sessionIds.slice(start, start + 500)));
    for (const row of rows) {
      const list = ranked.get(row.sessionId) ?? [];
      list.push({ category: { slug: row.slug, name: localName(language, row) }, ms: row.ms, seconds: row.seconds });
      ranked.set(row.sessionId, list);
    }
  }
  const bySession = new Map<string, NamedCategory[]>();
  for (const [id, list] of ranked) {
    // Watched time decides when the signals saw any; time on screen otherwise.
    const anyWatched = list.some((c) => c.ms > 0);
    list.sort((a, b) => (anyWatched ? b.ms - a.ms : 0) || b.seconds - a.seconds || a.category.slug.localeCompare(b.category.slug));
    bySession.set(
      id,
      list.map((c) => c.category),
    );
  }
  return bySession;
}
