import { randomUUID } from "node:crypto";
import { count, eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { account, clips, premiumActivations, profiles, session, usageSessions, user, userFlames, verification } from "~schema";
import { AccountDeletionFailed, deleteAccount, signOutCookies, type DeletionStep } from "~/features/accounts/account.server";
import { setFlame } from "~/features/flames/flames.server";
import type { DatabaseHandle } from "~/lib/db.server";
import { makeClips } from "../support/catalog";
import { testEngine } from "../support/database";
import { type TestServices, withTestServices } from "../support/services";
import { signIn } from "../support/sign-in";

const ORIGIN = "http://localhost:3000";

describe(`account deletion on ${testEngine()}`, () => {
  let handle: DatabaseHandle;
  let env: TestServices;
  withTestServices((made) => ({ handle, env } = made), ORIGIN);

  /** A user with rows in every personal table, and flames on `clipIds`. */
  async function makePerson(clipIds: string[]) {
    const db = handle.db;
    const id = randomUUID();
    const email = `person-${id.slice(0, 8)}@example.com`;
    await db.insert(user).values({ id, name: "", email, emailVerified: true });
    const inAnHour = new Date(Date.now() + 3_600_000);
    await db.insert(session).values([
      { id: randomUUID(), token: randomUUID(), userId: id, expiresAt: inAnHour },
      { id: randomUUID(), token: randomUUID(), userId: id, expiresAt: inAnHour },
    ]);
    await db.insert(account).values({ id: randomUUID(), accountId: id, providerId: "magic-link", userId: id });
    await db.insert(verification).values([
      // A pending magic link (Better Auth keeps the address in the JSON value) and an address-keyed token.
      { id: randomUUID(), identifier: randomUUID(), value: JSON.stringify({ type: "magic-link", email, name: "" }), expiresAt: inAnHour },
      { id: randomUUID(), identifier: email, value: "token", expiresAt: inAnHour },
    ]);
    await db.insert(profiles).values({ id, username: `user-${id.slice(0, 8)}` });
    const now = new Date();
    await db.insert(usageSessions).values([
      { userId: id, seconds: 60, startedAt: now },
      { userId: id, seconds: 90, startedAt: now },
    ]);
    await db.insert(premiumActivations).values({ userId: id, planType: "beta", source: "userbeta", startsAt: now, expiresAt: inAnHour });
    for (const clipId of clipIds) await setFlame(db, { clipId, flameOwner: { userId: id }, flamed: true });
    return { id, email };
  }

  async function personalRows(person: { id: string; email: string }) {
    const db = handle.db;
    const n = async (query: Promise<{ n: number }[]>) => (await query)[0]!.n;
    return {
      user: await n(db.select({ n: count() }).from(user).where(eq(user.id, person.id))),
      session: await n(db.select({ n: count() }).from(session).where(eq(session.userId, person.id))),
      account: await n(db.select({ n: count() }).from(account).where(eq(account.userId, person.id))),
      verification: await n(
        db
          .select({ n: count() })
          .from(verification)
          .where(sql`${verification.identifier} = ${person.email} or strpos(${verification.value}, ${person.email}) > 0`),
      ),
      profiles: await n(db.select({ n: count() }).from(profiles).where(eq(profiles.id, person.id))),
      userFlames: await n(db.select({ n: count() }).from(userFlames).where(eq(userFlames.userId, person.id))),
      usageSessions: await n(db.select({ n: count() }).from(usageSessions).where(eq(usageSessions.userId, person.id))),
      premiumActivations: await n(db.select({ n: count() }).from(premiumActivations).where(eq(premiumActivations.userId, person.id))),
    };
  }

  const flamesOf = async (ids: string[]) =>
    Object.fromEntries(
      (await handle.db.select({ id: clips.id, flames: clips.flames }).from(clips).where(inArray(clips.id, ids))).map((c) => [
        c.id,
        c.flames,
      ]),
    );

  const FULL = { user: 1, session: 2, account: 1, verification: 2, profiles: 1, userFlames: 2, usageSessions: 2, premiumActivations: 1 };
  const NONE = { user: 0, session: 0, account: 0, verification: 0, profiles: 0, userFlames: 0, usageSessions: 0, premiumActivations: 0 };

  it("removes every personal row, takes each liked clip's flame back and leaves other people alone", async () => {
    const [shared, mine, drifted] = await makeClips(handle.db, 3);
    const person = await makePerson([shared!.id, mine!.id]);
    const other = await makePerson([shared!.id]);
    // A count that drifted to 0 under a flame row must not go negative.
    await handle.db.insert(userFlames).values({ clipId: drifted!.id, userId: other.id });
    expect(await personalRows(person)).toEqual(FULL);
    expect(await flamesOf([shared!.id, mine!.id, drifted!.id])).toEqual({ [shared!.id]: 2, [mine!.id]: 1, [drifted!.id]: 0 });

    await expect(deleteAccount(handle.db, person.id)).resolves.toBeUndefined();
    expect(await personalRows(person)).toEqual(NONE);
    expect(await flamesOf([shared!.id, mine!.id])).toEqual({ [shared!.id]: 1, [mine!.id]: 0 });
    expect(await personalRows(other)).toEqual({ ...FULL, userFlames: 2 });

    await expect(deleteAccount(handle.db, other.id)).resolves.toBeUndefined();
    expect(await flamesOf([shared!.id, drifted!.id])).toEqual({ [shared!.id]: 0, [drifted!.id]: 0 });
  });

  // A trigger makes one step's DELETE fail inside the transaction, as a real database error would.
  const failing: [DeletionStep, string][] = [
    ["likes", "user_flames"],
    ["profile", "profiles"],
    ["authUser", "user"],
  ];
  it.each(failing)("a failure at the %s step rolls everything back and names the step", async (step, table) => {
    const [first, second] = await makeClips(handle.db, 2);
    const person = await makePerson([first!.id, second!.id]);
    const before = await flamesOf([first!.id, second!.id]);
    await handle.db.execute(
      sql.raw(`create or replace function refuse_delete() returns trigger language plpgsql as $$ begin raise exception 'refused'; end $$`),
    );
    await handle.db.execute(
      sql.raw(`create trigger refuse_delete before delete on "${table}" for each row execute function refuse_delete()`),
    );
    try {
      const failure = await deleteAccount(handle.db, person.id).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(AccountDeletionFailed);
      expect(failure).toMatchObject({ step, status: 500, key: `delete.errors.${step}` });
      expect(String((failure as AccountDeletionFailed).cause)).toMatch(/refused|Failed query/);
    } finally {
      await handle.db.execute(sql.raw(`drop trigger refuse_delete on "${table}"`));
    }
    expect(await personalRows(person)).toEqual(FULL);
    expect(await flamesOf([first!.id, second!.id])).toEqual(before);
    await expect(deleteAccount(handle.db, person.id)).resolves.toBeUndefined();
  });

  it("ends a real Better Auth session: the cookie is cleared and the old token no longer works", async () => {
    const email = `signed-in-${randomUUID().slice(0, 8)}@example.com`;
    const cookie = await signIn(env, email);
    const signedIn = await env.services.auth.api.getSession({ headers: new Headers({ cookie }) });
    expect(signedIn?.user.email).toBe(email);
    // The sign-in hook made the profile.
    expect((await personalRows({ id: signedIn!.user.id, email })).profiles).toBe(1);

    await expect(deleteAccount(handle.db, signedIn!.user.id)).resolves.toBeUndefined();
    expect(await personalRows({ id: signedIn!.user.id, email })).toEqual(NONE);
    const cleared = await signOutCookies(env.services.auth, new Headers({ cookie, origin: ORIGIN }), false);
    expect(cleared.find((c) => c.startsWith("spicy.session_token="))).toMatch(/Max-Age=0/);
    expect(await env.services.auth.api.getSession({ headers: new Headers({ cookie }) })).toBeNull();
  });
});
