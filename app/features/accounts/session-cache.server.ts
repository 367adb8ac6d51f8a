import { sql } from "drizzle-orm";
import type { Database } from "~/lib/db.server";
import { synchronousNoticesOf } from "~/lib/cache/notices.server";

/**
 * Sign-in lookups remembered per session cookie, on a database with synchronous notices (PGlite in process,
 * app/lib/cache/notices.server.ts). Every change to a session or user row — sign-out, an expiry refresh,
 * account deletion — is announced (migration 0016) and heard before the statement that made it returns, so a
 * remembered lookup is gone before anyone can act on it. Elsewhere (PostgreSQL) every request asks Better
 * Auth: one indexed read in another process.
 *
 * Only a lookup Better Auth accepted is remembered, under the exact cookie value it accepted (token and
 * signature): a forged signature never matches one.
 */
export interface SessionCache<User extends { id: string }> {
  get(cookieHeader: string | null): User | undefined;
  remember(cookieHeader: string | null, user: User, session: { token: string; expiresAt: Date }): void;
}

const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?spicy\.session_token=([^;]+)/;

/** Whether the request carries Better Auth's session cookie (prefix `spicy`, app/lib/auth.server.ts). */
export function hasSessionCookie(cookieHeader: string | null): boolean {
  return cookieHeader !== null && SESSION_COOKIE.test(cookieHeader);
}
const MAX_ENTRIES = 10_000;
/** However sure the notices are, a remembered lookup is asked again after this long. */
const TTL_MS = 60_000;

interface Entry<User> {
  user: User;
  token: string;
  expiresAt: number;
  at: number;
}

const caches = new WeakMap<Database, Promise<SessionCache<{ id: string }> | null>>();

/** The database's session cache, for one kind of user record (the caller's: `SessionUser`). */
export function sessionCacheOf<User extends { id: string }>(db: Database): Promise<SessionCache<User> | null> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = open(db)));
  return cache as Promise<SessionCache<User> | null>;
}

async function open<User extends { id: string }>(db: Database): Promise<SessionCache<User> | null> {
  const notices = synchronousNoticesOf(db);
  if (!notices) return null;
  const triggers = (await db.execute(
    sql`select tgname from pg_trigger where tgname in ('session_changed_notify', 'user_changed_notify')`,
  )) as unknown as { rows: unknown[] };
  if (triggers.rows.length !== 2) return null;

  const byCookie = new Map<string, Entry<User>>();
  const forget = (matches: (entry: Entry<User>) => boolean) => {
    for (const [cookie, entry] of byCookie) if (matches(entry)) byCookie.delete(cookie);
  };
  await notices.listen("session_changed", (token) => forget((entry) => entry.token === token));
  await notices.listen("user_changed", (userId) => forget((entry) => entry.user.id === userId));

  const cookieOf = (header: string | null) => (header ? (SESSION_COOKIE.exec(header)?.[1] ?? null) : null);
  return {
    get(header) {
      const cookie = cookieOf(header);
      if (!cookie) return undefined;
      const entry = byCookie.get(cookie);
      if (!entry) return undefined;
      const now = Date.now();
      if (now - entry.at > TTL_MS || now >= entry.expiresAt) {
        byCookie.delete(cookie);
        return undefined;
      }
      return entry.user;
    },
    remember(header, user, session) {
      const cookie = cookieOf(header);
      if (!cookie) return;
      if (byCookie.size >= MAX_ENTRIES) byCookie.delete(byCookie.keys().next().value!);
      byCookie.set(cookie, { user, token: session.token, expiresAt: session.expiresAt.getTime(), at: Date.now() });
    },
  };
}
