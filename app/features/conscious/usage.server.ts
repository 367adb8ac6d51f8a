import { and, desc, eq, inArray, isNull, isNotNull, sql } from "drizzle-orm";
import { emotionTypes, usageSessionCategories, usageSessions, categories } from "~schema";
import type { Database } from "~/lib/database";
import { InvalidInput } from "~/lib/http/errors";
import { USAGE_MAX_SECONDS } from "./timer";
import { linkWatched } from "./watched.server";

export type UsageError = "seconds" | "emotion" | "startedAt" | "categories" | "session" | "intention";

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

export const INTENTION_KINDS = ["clips", "minutes", "browse"] as const;
export type IntentionKind = (typeof INTENTION_KINDS)[number];
export const ENDINGS = ["done", "idle", "ended"] as const;
export type Ending = (typeof ENDINGS)[number];

export interface UsageInput {
  /** The browser's id for the session: saving it again replaces what was saved (one session across pages). */
  id?: string | null;
  seconds: number;
  startedAt: Date;
  emotionId: number | null;
  categories: CategorySeconds[];
  clips?: number;
  moodBeforeId?: number | null;
  intention?: { kind: IntentionKind; target: number | null } | null;
  extensions?: number;
  endedBy?: Ending | null;
  /** The member's IANA time zone when the session was saved (its start's local hour is kept); UTC when unknown. */
  timeZone?: string;
}

/** The hour (0–23) an instant falls in on a time zone's clock. */
export function localHour(instant: Date, timeZone: string): number {
  return Number(new Intl.DateTimeFormat("en-US", { timeZone, hour: "numeric", hourCycle: "h23" }).format(instant)) % 24;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The intention's choices (docs/product.md, "An intention before a session"); "5 more" adds to them. */
const MAX_INTENTION = { clips: 500, minutes: 600 } as const;

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

/** How long before now a session may have started: its longest length plus a week of a beacon waiting offline. */
export const USAGE_OLDEST_START_MS = (USAGE_MAX_SECONDS + 7 * 86_400) * 1000;

/** Reads the timer's beacon (seconds, startedAt ISO, emotionId or empty, categories JSON or empty); InvalidUsage when it is bad. */
export function parseUsage(form: FormData | URLSearchParams, now: Date = new Date()): UsageInput {
  const secondsText = String(form.get("seconds") ?? "").trim();
  const seconds = /^\d+$/.test(secondsText) ? Number(secondsText) : NaN;
  if (!Number.isInteger(seconds) || seconds < 1 || seconds > USAGE_MAX_SECONDS) throw new InvalidUsage("seconds");

  const emotionId = optionalId(form.get("emotionId"));
  const moodBeforeId = optionalId(form.get("moodBeforeId"));
  if (Number.isNaN(emotionId) || Number.isNaN(moodBeforeId)) throw new InvalidUsage("emotion");

  const idText = String(form.get("id") ?? "").trim();
  if (idText !== "" && !UUID.test(idText)) throw new InvalidUsage("session");
  const clips = wholeNumber(form.get("clips"), 0, 500);
  const extensions = wholeNumber(form.get("extensions"), 0, 100);
  const endedText = String(form.get("endedBy") ?? "").trim();
  if (clips === null || extensions === null || (endedText !== "" && !(ENDINGS as readonly string[]).includes(endedText)))
    throw new InvalidUsage("session");

  const kind = String(form.get("intention") ?? "").trim();
  let intention: UsageInput["intention"] = null;
  if (kind === "browse") intention = { kind, target: null };
  else if (kind === "clips" || kind === "minutes") {
    const target = wholeNumber(form.get("intentionTarget"), 1, MAX_INTENTION[kind]);
    if (target === null || target === 0 || String(form.get("intentionTarget") ?? "").trim() === "") throw new InvalidUsage("intention");
    intention = { kind, target };
  } else if (kind !== "") throw new InvalidUsage("intention");

  const startedText = String(form.get("startedAt") ?? "").trim();
  const startedAt = new Date(startedText);
  // A minute of slack for clocks that run a little ahead of the server's; no session began before the longest one
  // could have (a day) plus a week of a beacon waiting offline. Unbounded, a year like -100000 reached the database.
  if (
    !startedText ||
    Number.isNaN(startedAt.getTime()) ||
    startedAt.getTime() > now.getTime() + 60_000 ||
    startedAt.getTime() < now.getTime() - USAGE_OLDEST_START_MS
  )
    throw new InvalidUsage("startedAt");

  const categories = parseCategorySeconds(String(form.get("categories") ?? "").trim(), seconds);
  if (!categories) throw new InvalidUsage("categories");
  return {
    id: idText === "" ? null : idText.toLowerCase(),
    seconds,
    startedAt,
    emotionId,
    categories,
    clips,
    moodBeforeId,
    intention,
    extensions,
    endedBy: endedText === "" ? null : (endedText as Ending),
  };
}

/** An optional emotion id: null when empty, NaN when not a small whole number. */
function optionalId(value: FormDataEntryValue | null): number | null {
  const text = String(value ?? "").trim();
  return text === "" ? null : /^\d{1,9}$/.test(text) ? Number(text) : NaN;
}

/** A whole number between min and max (0 when empty); null when it is anything else. */
function wholeNumber(value: FormDataEntryValue | null, min: number, max: number): number | null {
  const text = String(value ?? "").trim();
  if (text === "") return 0;
  if (!/^\d{1,6}$/.test(text)) return null;
  const n = Number(text);
  return n >= min && n <= max ? n : null;
}

/**
 * Stores one timer session for the user with its time per category, in one
 * transaction, and answers its id; an emotion or category that does not exist
 * refuses the whole session (InvalidUsage).
 */
export async function saveUsage(db: Database, userId: string, input: UsageInput): Promise<{ id: string }> {
  const emotionIds = [input.emotionId, input.moodBeforeId ?? null].filter((id): id is number => id !== null);
  if (emotionIds.length) {
    const found = await db.select({ id: emotionTypes.id }).from(emotionTypes).where(inArray(emotionTypes.id, emotionIds));
    if (found.length !== new Set(emotionIds).size) throw new InvalidUsage("emotion");
  }
  const slugs = input.categories.map((c) => c.slug);
  const known = slugs.length
    ? await db.select({ id: categories.id, slug: categories.slug }).from(categories).where(inArray(categories.slug, slugs))
    : [];
  if (known.length !== slugs.length) throw new InvalidUsage("categories");
  const categoryId = new Map(known.map((c) => [c.slug, c.id]));

  const values = {
    userId,
    seconds: input.seconds,
    startedAt: input.startedAt,
    emotionId: input.emotionId,
    clips: input.clips ?? 0,
    moodBeforeId: input.moodBeforeId ?? null,
    intentionKind: input.intention?.kind ?? null,
    intentionTarget: input.intention?.target ?? null,
    extensions: input.extensions ?? 0,
    endedBy: input.endedBy ?? null,
    localHour: localHour(input.startedAt, input.timeZone ?? "UTC"),
    updatedAt: new Date(),
  };
  const id = await db.transaction(async (tx) => {
    // A session saved again (the browser saves as it goes) replaces its row, but only its owner's:
    // an id taken from someone else's session matches no row of this user and is refused. Once it has ended, only
    // a save that ends it replaces it: the browser's saves can reach the server out of order (a mood chosen, then
    // "I'm done" a moment later), and the earlier one must not reopen the session or take its time back.
    const [row] = input.id
      ? await tx
          .insert(usageSessions)
          .values({ id: input.id, ...values })
          .onConflictDoUpdate({
            target: usageSessions.id,
            set: { ...values, userId: sql`${usageSessions.userId}` },
            setWhere: and(eq(usageSessions.userId, userId), values.endedBy === null ? isNull(usageSessions.endedBy) : undefined),
          })
          .returning({ id: usageSessions.id })
      : await tx.insert(usageSessions).values(values).returning({ id: usageSessions.id });
    if (!row && input.id && values.endedBy === null && (await endedSessionOf(tx, input.id, userId))) return input.id;
    if (!row) throw new InvalidUsage("session");
    await tx.delete(usageSessionCategories).where(eq(usageSessionCategories.sessionId, row.id));
    // Zero seconds on a category says nothing worth a row.
    const spent = input.categories.filter((c) => c.seconds > 0);
    if (spent.length)
      await tx
        .insert(usageSessionCategories)
        .values(spent.map((c) => ({ sessionId: row.id, categoryId: categoryId.get(c.slug)!, seconds: c.seconds })));
    await linkWatched(tx, { id: row.id, userId, startedAt: input.startedAt, updatedAt: values.updatedAt });
    return row.id;
  });
  return { id };
}

/** Whether `id` is this user's session and has ended (a late save of it is then answered without a change). */
async function endedSessionOf(db: Database, id: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: usageSessions.id })
    .from(usageSessions)
    .where(and(eq(usageSessions.id, id), eq(usageSessions.userId, userId), isNotNull(usageSessions.endedBy)));
  return row !== undefined;
}

/** The user's latest sessions, newest first (usage_sessions_user_idx). */
export async function latestUsage(db: Database, userId: string, limit = 10) {
  const rows = await db
    .select({
      id: usageSessions.id,
      seconds: usageSessions.seconds,
      startedAt: usageSessions.startedAt,
      emotionId: usageSessions.emotionId,
      clips: usageSessions.clips,
      moodBeforeId: usageSessions.moodBeforeId,
      intentionKind: usageSessions.intentionKind,
      intentionTarget: usageSessions.intentionTarget,
      extensions: usageSessions.extensions,
      endedBy: usageSessions.endedBy,
      localHour: usageSessions.localHour,
    })
    .from(usageSessions)
    .where(eq(usageSessions.userId, userId))
    .orderBy(desc(usageSessions.startedAt))
    .limit(limit);
  return rows.map((row) => ({ ...row, startedAt: row.startedAt.toISOString() }));
}
