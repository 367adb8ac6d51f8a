import { and, desc, eq, gt, ne } from "drizzle-orm";
import { session } from "~schema";
import type { Services } from "~/lib/context";
import type { Database } from "~/lib/database";
import { browserName } from "./browser-name";

/** A signed-in session as the member's list shows it: never its token, which is the session's credential. */
export interface SessionEntry {
  id: string;
  browser: string | null;
  system: string | null;
  firstSeen: string;
  lastSeen: string;
  current: boolean;
}

/** The longest list shown; older sessions beyond it still end with "Sign out everywhere else". */
export const SESSIONS_SHOWN = 50;

/** The session the request is signed in with (Better Auth's answer), or null. */
export async function currentSession(auth: Services["auth"], headers: Headers) {
  const answer = await auth.api.getSession({ headers });
  return answer ? { id: answer.session.id, token: answer.session.token, userId: answer.user.id } : null;
}

/**
 * The member's live sessions, most recently used first, read through `session_user_idx`. "Last seen" is the
 * session's last refresh (Better Auth renews a session at most once a day), "first seen" its sign-in.
 */
export async function listSessions(db: Database, userId: string, currentId: string): Promise<SessionEntry[]> {
  const rows = await db
    .select({ id: session.id, userAgent: session.userAgent, createdAt: session.createdAt, updatedAt: session.updatedAt })
    .from(session)
    .where(and(eq(session.userId, userId), gt(session.expiresAt, new Date())))
    .orderBy(desc(session.updatedAt), desc(session.id))
    .limit(SESSIONS_SHOWN);
  return rows.map((row) => ({
    id: row.id,
    ...browserName(row.userAgent),
    firstSeen: row.createdAt.toISOString(),
    lastSeen: row.updatedAt.toISOString(),
    current: row.id === currentId,
  }));
}

/**
 * Ends one of the member's own sessions, through Better Auth (which checks it is theirs as well). Answers
 * what the list showed of it, or null when there is no such session of this member (gone already, or another's).
 */
export async function signOutSession(
  services: Pick<Services, "auth" | "db">,
  input: { userId: string; sessionId: string; headers: Headers },
): Promise<{ browser: string | null; system: string | null } | null> {
  const [row] = await services.db
    .select({ token: session.token, userAgent: session.userAgent })
    .from(session)
    .where(and(eq(session.id, input.sessionId), eq(session.userId, input.userId)))
    .limit(1);
  if (!row) return null;
  await services.auth.api.revokeSession({ body: { token: row.token }, headers: input.headers });
  return browserName(row.userAgent);
}

/** Ends every session of the member but this one; answers whether there was any. */
export async function signOutOtherSessions(
  services: Pick<Services, "auth" | "db">,
  input: { userId: string; currentId: string; headers: Headers },
): Promise<boolean> {
  const others = await services.db
    .select({ id: session.id })
    .from(session)
    .where(and(eq(session.userId, input.userId), ne(session.id, input.currentId)))
    .limit(1);
  if (others.length === 0) return false;
  await services.auth.api.revokeOtherSessions({ headers: input.headers });
  return true;
}
