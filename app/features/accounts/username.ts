/**
 * What a username may be, for the account page's instant messages and its action alike: 3 to 30 characters
 * (after trimming), letters and digits of any script, spaces, dots, dashes and underscores (as sign-up took
 * them) — it shows in the header menu and must read as a name, not as markup. Uniqueness (whatever the case) is the database's.
 */
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 30;
const ALLOWED = /^[\p{L}\p{N}._ -]+$/u;

export type UsernameProblem = "short" | "long" | "chars";

/** Null when `username` (already trimmed) may be chosen; an empty one clears the username and is allowed. */
export function checkUsername(username: string): UsernameProblem | null {
  if (!username) return null;
  if ([...username].length < USERNAME_MIN) return "short";
  if ([...username].length > USERNAME_MAX) return "long";
  return ALLOWED.test(username) ? null : "chars";
}
