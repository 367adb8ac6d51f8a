import type { BrandMode } from "~/lib/brand-mode";
import type { Database } from "~/lib/database";
import type { Language } from "~/lib/i18n/languages";
import { listEmotions } from "./emotions.server";
import { addDays } from "./insights";
import { sessionRecords } from "./patterns.server";
import { weeklyReport, type WeeklyReport } from "./report";
import { dayIn } from "./time-zone";
import { databaseTimeZone } from "./time-zone.server";
import { linkRecentSessions } from "./watched.server";

export interface WeeklyReportPage extends WeeklyReport {
  timeZone: string;
  /** Mood names by id, in the visitor's language. */
  moodNames: Record<number, string>;
  /** Category names by slug (adult site only; empty in Conscious Mode). */
  categoryNames: Record<string, string>;
}

/** The member's last 7 days against the 7 before, in their time zone, from their own sessions. */
export async function loadWeeklyReport(
  db: Database,
  query: { userId: string; language: Language; timeZone: string; brandMode: BrandMode; now?: Date },
): Promise<WeeklyReportPage> {
  const now = query.now ?? new Date();
  await linkRecentSessions(db, query.userId, now);
  const timeZone = await databaseTimeZone(db, query.timeZone);
  const today = dayIn(now, timeZone);
  const [records, emotions] = await Promise.all([
    sessionRecords(
      db,
      { userId: query.userId, timeZone, firstDay: addDays(today, -13) },
      { language: query.language, withCategories: query.brandMode === "adult" },
    ),
    listEmotions(db, query.language),
  ]);
  const report = weeklyReport(
    records.map((r) => ({ ...r, day: dayIn(new Date(r.startedAt), timeZone), categories: r.watched.map((c) => c.slug) })),
    today,
  );
  return {
    ...report,
    timeZone,
    moodNames: Object.fromEntries(emotions.map((e) => [e.id, e.name])),
    categoryNames: Object.fromEntries(records.flatMap((r) => r.watched.map((c) => [c.slug, c.name]))),
  };
}
