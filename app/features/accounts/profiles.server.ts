import { eq, sql } from "drizzle-orm";
import { profiles, user } from "~schema";
import type { Database } from "~/lib/database";
import { Conflict } from "~/lib/http/errors";

/** docs/product.md §8.1: a username is trimmed and at least 3 characters. */
export const USERNAME_MIN = 3;
export const normaliseUsername = (value: string) => value.trim();

export async function isUsernameTaken(db: Database, username: string): Promise<boolean> {
  const [row] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(sql`lower(${profiles.username}) = lower(${normaliseUsername(username)})`)
    .limit(1);
  return Boolean(row);
}

/**
 * Creates the profile on first sign-in. The username chosen at sign-up travels
 * as the auth user's name; if someone took it meanwhile the profile starts
 * without one rather than failing the sign-in.
 */
export async function ensureProfile(db: Database, userId: string) {
  const [existing] = await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, userId));
  if (existing) return;
  const [account] = await db.select({ name: user.name }).from(user).where(eq(user.id, userId));
  const wanted = normaliseUsername(account?.name ?? "");
  const username = wanted.length >= USERNAME_MIN && !(await isUsernameTaken(db, wanted)) ? wanted : null;
  await db.insert(profiles).values({ id: userId, username }).onConflictDoNothing();
}

/** Whether `error` (or what it wraps) is PostgreSQL's unique violation. */
const isUniqueViolation = (error: unknown): boolean =>
  typeof error === "object" &&
  error !== null &&
  ((error as { code?: unknown }).code === "23505" || isUniqueViolation((error as { cause?: unknown }).cause));

/**
 * Sets (or, with null, clears) the member's username and returns the one it replaces. Another member's
 * username, whatever its case, is a 409: the unique index on lower(username) decides, so two members asking
 * for the same one at once get one yes and one 409, never a 500.
 */
export async function setUsername(db: Database, userId: string, username: string | null): Promise<{ previous: string | null }> {
  const [before] = await db.select({ username: profiles.username }).from(profiles).where(eq(profiles.id, userId));
  try {
    await db
      .insert(profiles)
      .values({ id: userId, username })
      .onConflictDoUpdate({ target: profiles.id, set: { username, updatedAt: new Date() } });
  } catch (error) {
    if (isUniqueViolation(error)) throw new Conflict("username.errors.taken", undefined, "username");
    throw error;
  }
  return { previous: before?.username ?? null };
}
