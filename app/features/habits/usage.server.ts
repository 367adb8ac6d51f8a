import { desc, eq } from "drizzle-orm";
import { emotionTypes, usageSessions } from "../../../db/schema";
import type { Database } from "~/lib/db.server";
import { USAGE_MAX_SECONDS } from "./timer";

export type UsageError = "seconds" | "emotion" | "startedAt";

export interface UsageInput {
  seconds: number;
  startedAt: Date;
  emotionId: number | null;
}

/** Reads the timer's beacon (seconds, startedAt ISO, emotionId or empty). */
export function parseUsage(form: FormData | URLSearchParams, now: Date = new Date()): { ok: true; value: UsageInput } | { ok: false; error: UsageError } {
  const secondsText = String(form.get("seconds") ?? "").trim();
  const seconds = /^\d+$/.test(secondsText) ? Number(secondsText) : NaN;
  if (!Number.isInteger(seconds) || seconds < 1 || seconds > USAGE_MAX_SECONDS) return { ok: false, error: "seconds" };

  const emotionText = String(form.get("emotionId") ?? "").trim();
  const emotionId = emotionText === "" ? null : /^\d{1,9}$/.test(emotionText) ? Number(emotionText) : NaN;
  if (Number.isNaN(emotionId)) return { ok: false, error: "emotion" };

  const startedText = String(form.get("startedAt") ?? "").trim();
  const startedAt = new Date(startedText);
  // A minute of slack for clocks that run a little ahead of the server's.
  if (!startedText || Number.isNaN(startedAt.getTime()) || startedAt.getTime() > now.getTime() + 60_000) return { ok: false, error: "startedAt" };
  return { ok: true, value: { seconds, startedAt, emotionId } };
}

/** Stores one timer session for the user; an emotion id that does not exist is refused. */
export async function saveUsage(db: Database, userId: string, input: UsageInput): Promise<{ ok: true; id: string } | { ok: false; error: UsageError }> {
  if (input.emotionId !== null) {
    const [emotion] = await db.select({ id: emotionTypes.id }).from(emotionTypes).where(eq(emotionTypes.id, input.emotionId));
    if (!emotion) return { ok: false, error: "emotion" };
  }
  const [row] = await db
    .insert(usageSessions)
    .values({ userId, seconds: input.seconds, startedAt: input.startedAt, emotionId: input.emotionId })
    .returning({ id: usageSessions.id });
  return { ok: true, id: row!.id };
}

/** The user's latest sessions, newest first (usage_sessions_user_idx). */
export async function latestUsage(db: Database, userId: string, limit = 10) {
  const rows = await db
    .select({ id: usageSessions.id, seconds: usageSessions.seconds, startedAt: usageSessions.startedAt, emotionId: usageSessions.emotionId })
    .from(usageSessions)
    .where(eq(usageSessions.userId, userId))
    .orderBy(desc(usageSessions.startedAt))
    .limit(limit);
  return rows.map((row) => ({ ...row, startedAt: row.startedAt.toISOString() }));
}
