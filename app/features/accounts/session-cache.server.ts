import { sql } from "drizzle-orm";
import type { Database } from "~/lib/database";
import { freshBatch } from "~/lib/cache/fresh-batch.server";
import { CHANNELS } from "~/lib/db/channels";
import { hasTriggers, perDatabase, synchronousNoticesOf } from "~/lib/db/engine.server";

/**
 * Sign-in lookups remembered per session cookie, on a database with synchronous notices (PGlite in process,
 * app/lib/db/engine.server.ts). Every change to a session or user row — sign-out, an expiry refresh,
 * account deletion — is announced (migration 0016) and heard before the statement that made it returns, so a
 * remembered lookup is gone before anyone can act on it.
 *
 * Elsewhere (PostgreSQL, any number of servers) a remembered lookup is used only while the session's and
 * the user's rows are the very row versions (`xmin`) read just before Better Auth was asked — checked by a
 * read that started after the request asked, shared with the requests asking meanwhile
 * (app/lib/cache/fresh-batch.server.ts). Any change to either row, by any server or by hand, is seen on the
 * next request; under load one indexed read serves many requests instead of a Better Auth lookup each.
 *
 * Only a lookup Better Auth accepted is remembered, under the exact cookie value it accepted (token and
 * signature): a forged signature never matches one.
 */
export interface SessionCache<User extends { id: string }> {
  /** The user of this session cookie: remembered, or what `ask` (Better Auth) answers, remembered if it may be. */
  lookUp(cookieHeader: string | null, ask: () => Promise<BetterAuthAnswer<User> | null>): Promise<User | null>;
}

export interface BetterAuthAnswer<User> {
  user: User;
  session: { token: string; expiresAt: Date };
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
  /** The row versions of the session and its user before Better Auth read them (checked without notices). */
  versions: string | null;
}

const caches = perDatabase("session-cache", (db) => open<{ id: string }>(db));

/** The database's session cache, for one kind of user record (the caller's: `SessionUser`). */
export function sessionCacheOf<User extends { id: string }>(db: Database): Promise<SessionCache<User> | null> {
  return caches(db) as Promise<SessionCache<User> | null>;
}

async function open<User extends { id: string }>(db: Database): Promise<SessionCache<User> | null> {
  const notices = synchronousNoticesOf(db);
  const byCookie = new Map<string, Entry<User>>();
  if (notices) {
    if (!(await hasTriggers(db, "session_changed_notify", "user_changed_notify"))) return null;
    const forget = (matches: (entry: Entry<User>) => boolean) => {
      for (const [cookie, entry] of byCookie) if (matches(entry)) byCookie.delete(cookie);
    };
    await notices.listen(CHANNELS.sessionChanged, (token) => forget((entry) => entry.token === token));
    await notices.listen(CHANNELS.userChanged, (userId) => forget((entry) => entry.user.id === userId));
  }
  // Without notices: the rows' versions as they stand now, read for many requests at once.
  const versionsNow = notices ? null : freshBatch((tokens: string[]) => rowVersionsOf(db, tokens));

  const cookieOf = (header: string | null) => (header ? (SESSION_COOKIE.exec(header)?.[1] ?? null) : null);
  const remembered = async (cookie: string): Promise<User | undefined> => {
    const entry = byCookie.get(cookie);
    if (!entry) return undefined;
    const now = Date.now();
    const stale =
      now - entry.at > TTL_MS ||
      now >= entry.expiresAt ||
      (versionsNow && (await versionsNow([entry.token])).get(entry.token) !== entry.versions);
    if (!stale) return entry.user;
    byCookie.delete(cookie);
    return undefined;
  };

  return {
    async lookUp(header, ask) {
      const cookie = cookieOf(header);
      if (!cookie) return (await ask())?.user ?? null;
      const known = await remembered(cookie);
      if (known) return known;
      // Read before Better Auth is asked: a change after this read makes the entry stale, never wrongly fresh.
      // The cookie's token is only read here; nothing is remembered unless Better Auth accepts the cookie.
      const token = tokenOf(cookie);
      const versions = versionsNow && token ? ((await versionsNow([token])).get(token) ?? null) : null;
      const answer = await ask();
      if (!answer) return null;
      const checked = versionsNow === null || (versions !== null && answer.session.token === token);
      if (checked) {
        if (byCookie.size >= MAX_ENTRIES) byCookie.delete(byCookie.keys().next().value!);
        const { user, session } = answer;
        byCookie.set(cookie, { user, token: session.token, expiresAt: session.expiresAt.getTime(), at: Date.now(), versions });
      }
      return answer.user;
    },
  };
}

/** The session token a cookie names (`<token>.<signature>`, URL-encoded), or null when it is malformed. */
function tokenOf(cookie: string): string | null {
  try {
    return decodeURIComponent(cookie).split(".")[0] || null;
  } catch {
    return null;
  }
}

/** The row versions (`xmin`) of each of these sessions and its user; a session that is gone has none. */
async function rowVersionsOf(db: Database, tokens: string[]): Promise<Map<string, string>> {
  const result = (await db.execute(sql`
    select s."token", s."xmin"::text || ':' || u."xmin"::text as "versions"
    from "session" s join "user" u on u."id" = s."user_id"
    where s."token" in (${sql.join(
      tokens.map((token) => sql`${token}`),
      sql`, `,
    )})`)) as unknown as { rows: { token: string; versions: string }[] } | { token: string; versions: string }[];
  const rows = Array.isArray(result) ? result : result.rows;
  return new Map(rows.map((row) => [row.token, row.versions]));
}
