import { desc, eq, inArray } from "drizzle-orm";
import { emotionTypes, usageSessionCategories, usageSessions, categories } from "../../../db/schema";
import type { Database } from "~/lib/db.server";
import { InvalidInput } from "~/lib/http/errors";
import { USAGE_MAX_SECONDS } from "./timer";

export type UsageError = "seconds" | "emotion" | "startedAt" | "categories";

/** A timer session that cannot be stored (400, worded in `habits`, ADR 024); `problem` names the field. */
export class InvalidUsage extends InvalidInput {
  constructor(readonly problem: UsageError) {
    super(`errors.${problem}`);
  }
}

/** Seconds of the session spent on one browse category's clips. */
export interface CategorySeconds {
  slug: string;
  seconds: number;
}

export interface UsageInput {
  seconds: number;
  startedAt: Date;
  emotionId: number | null;
  categories: CategorySeconds[];
}

// Six browse categories today; the bounds only keep a forged beacon small.
const MAX_CATEGORIES = 50;
const MAX_CATEGORIES_TEXT = 2_000;
const CATEGORY_SLUG = /^[a-z0-9-]{1,60}$/;

/**
 * The timer's `categories` field: a JSON object of category slug → whole
 * seconds (zero or more), together no longer than the session. Empty or
 * missing means the timer saw no clip.
 */
export function parseCategorySeconds(text: string, sessionSeconds: number): CategorySeconds[] | null {
  if (text === "") return [];
  if (text.length > MAX_CATEGORIES_TEXT) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!value || typeof value !== "object" || Array.isArray(value)) return null;
  const entries = Object.entries(value);
  if (entries.length > MAX_CATEGORIES) return null;
  const categories: CategorySeconds[] = [];
  let total = 0;
  for (const [slug, seconds] of entries) {
    if (!CATEGORY_SLUG.test(slug) || typeof seconds !== "number" || !Number.isInteger(seconds) || seconds < 0) return null;
    total += seconds;
    categories.push({ slug, seconds });
  }
  return total <= sessionSeconds ? categories : null;
}

/** Reads the timer's beacon (seconds, startedAt ISO, emotionId or empty, categories JSON or empty); InvalidUsage when it is bad. */
export function parseUsage(form: FormData | URLSearchParams, now: Date = new Date()): UsageInput {
  const secondsText = String(form.get("seconds") ?? "").trim();
  const seconds = /^\d+$/.test(secondsText) ? Number(secondsText) : NaN;
  if (!Number.isInteger(seconds) || seconds < 1 || seconds > USAGE_MAX_SECONDS) throw new InvalidUsage("seconds");

  const emotionText = String(form.get("emotionId") ?? "").trim();
  const emotionId = emotionText === "" ? null : /^\d{1,9}$/.test(emotionText) ? Number(emotionText) : NaN;
  if (Number.isNaN(emotionId)) throw new InvalidUsage("emotion");

  const startedText = String(form.get("startedAt") ?? "").trim();
  const startedAt = new Date(startedText);
  // A minute of slack for clocks that run a little ahead of the server's.
  if (!startedText || Number.isNaN(startedAt.getTime()) || startedAt.getTime() > now.getTime() + 60_000)
    throw new InvalidUsage("startedAt");

  const categories = parseCategorySeconds(String(form.get("categories") ?? "").trim(), seconds);
  if (!categories) throw new InvalidUsage("categories");
  return { seconds, startedAt, emotionId, categories };
}

/**
 * Stores one timer session for the user with its time per category, in one
 * transaction, and answers its id; an emotion or category that does not exist
 * refuses the whole session (InvalidUsage).
 */
export async function saveUsage(db: Database, userId: string, input: UsageInput): Promise<{ id: string }> {
  if (input.emotionId !== null) {
    const [emotion] = await db.select({ id: emotionTypes.id }).from(emotionTypes).where(eq(emotionTypes.id, input.emotionId));
    if (!emotion) throw new InvalidUsage("emotion");
  }
  const slugs = input.categories.map((c) => c.slug);
  const known = slugs.length
    ? await db.select({ id: categories.id, slug: categories.slug }).from(categories).where(inArray(categories.slug, slugs))
    : [];
  if (known.length !== slugs.length) throw new InvalidUsage("categories");
  const categoryId = new Map(known.map((c) => [c.slug, c.id]));

  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(usageSessions)
      .values({ userId, seconds: input.seconds, startedAt: input.startedAt, emotionId: input.emotionId })
      .returning({ id: usageSessions.id });
    // Zero seconds on a category says nothing worth a row.
    const spent = input.categories.filter((c) => c.seconds > 0);
    if (spent.length)
      await tx
        .insert(usageSessionCategories)
        .values(spent.map((c) => ({ sessionId: row!.id, categoryId: categoryId.get(c.slug)!, seconds: c.seconds })));
    return row!.id;
  });
  return { id };
}

/** The user's latest sessions, newest first (usage_sessions_user_idx). */
export async function latestUsage(db: Database, userId: string, limit = 10) {
  const rows = await db
    .select({
      id: usageSessions.id,
      seconds: usageSessions.seconds,
      startedAt: usageSessions.startedAt,
      emotionId: usageSessions.emotionId,
    })
    .from(usageSessions)
    .where(eq(usageSessions.userId, userId))
    .orderBy(desc(usageSessions.startedAt))
    .limit(limit);
  return rows.map((row) => ({ ...row, startedAt: row.startedAt.toISOString() }));
}
