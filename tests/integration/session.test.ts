import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { session, user } from "~schema";
import { getUser } from "~/features/accounts/session.server";
import type { DatabaseHandle } from "~/lib/db.server";
import { createTestDatabase, testEngine } from "../support/database";
import { createTestServices } from "../support/services";
import { signIn } from "../support/sign-in";
import { routeArgs } from "../support/route-args";

const ORIGIN = "http://localhost:3000";

describe(`sessions on ${testEngine()}`, () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(() => handle?.close());

  const userOf = (env: ReturnType<typeof createTestServices>, cookie: string) =>
    env.services.auth.api.getSession({ headers: new Headers({ cookie }) }).then((s) => s?.user.email ?? null);

  it("survives a restart: a new server with the same secret and database knows the session", async () => {
    const first = createTestServices(handle, ORIGIN);
    const cookie = await signIn(first, "restart@example.com");
    const second = createTestServices(handle, ORIGIN);
    expect(await userOf(second, cookie)).toBe("restart@example.com");
  });

  it("signing out anywhere ends the session for every tab on its next request", async () => {
    const env = createTestServices(handle, ORIGIN);
    const cookie = await signIn(env, "tabs@example.com");
    expect(await userOf(env, cookie)).toBe("tabs@example.com");
    await env.services.auth.api.signOut({ headers: new Headers({ cookie, origin: ORIGIN }) });
    expect(await userOf(env, cookie)).toBeNull();
  });

  it("treats an expired session as signed out", async () => {
    const env = createTestServices(handle, ORIGIN);
    const cookie = await signIn(env, "expired@example.com");
    const token = decodeURIComponent(cookie.split("=")[1]!).split(".")[0]!;
    await handle.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(session.token, token));
    expect(await userOf(env, cookie)).toBeNull();
  });

  // getUser may remember a lookup (ADR 045, ADR 109), never past the session's end.
  describe("the site's own lookup (getUser)", () => {
    const userFor = (env: ReturnType<typeof createTestServices>, cookie: string) =>
      getUser(routeArgs(env.services, "/", { cookie })).then((u) => u?.email ?? null);

    it("forgets a signed-in visitor on the request after they sign out", async () => {
      const env = createTestServices(handle, ORIGIN);
      const cookie = await signIn(env, "remembered@example.com");
      expect(await userFor(env, cookie)).toBe("remembered@example.com");
      expect(await userFor(env, cookie)).toBe("remembered@example.com");
      await env.services.auth.api.signOut({ headers: new Headers({ cookie, origin: ORIGIN }) });
      expect(await userFor(env, cookie)).toBeNull();
    });

    it("forgets them when the session expires, the account changes or is deleted", async () => {
      const env = createTestServices(handle, ORIGIN);
      const cookie = await signIn(env, "changing@example.com");
      expect(await userFor(env, cookie)).toBe("changing@example.com");
      await handle.db.update(user).set({ email: "changed@example.com" }).where(eq(user.email, "changing@example.com"));
      expect(await userFor(env, cookie)).toBe("changed@example.com");
      const token = decodeURIComponent(cookie.split("=")[1]!).split(".")[0]!;
      await handle.db
        .update(session)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(session.token, token));
      expect(await userFor(env, cookie)).toBeNull();

      const other = await signIn(env, "leaving@example.com");
      expect(await userFor(env, other)).toBe("leaving@example.com");
      await handle.db.delete(user).where(eq(user.email, "leaving@example.com"));
      expect(await userFor(env, other)).toBeNull();
    });

    it("asks Better Auth once per session while its rows stay as they were", async () => {
      const env = createTestServices(handle, ORIGIN);
      const cookie = await signIn(env, "counted@example.com");
      const asked = vi.spyOn(env.services.auth.api, "getSession");
      for (let i = 0; i < 3; i++) expect(await userFor(env, cookie)).toBe("counted@example.com");
      expect(asked).toHaveBeenCalledTimes(1);
      // Any change to the user's row, even one that leaves every column as it was, means asking again.
      await handle.db
        .update(user)
        .set({ name: sql`${user.name}` })
        .where(eq(user.email, "counted@example.com"));
      expect(await userFor(env, cookie)).toBe("counted@example.com");
      expect(asked).toHaveBeenCalledTimes(2);
    });

    it("a cookie with a malformed token is not an error, and is never remembered", async () => {
      const env = createTestServices(handle, ORIGIN);
      const asked = vi.spyOn(env.services.auth.api, "getSession");
      for (let i = 0; i < 2; i++) expect(await userFor(env, "spicy.session_token=%E0%A4%A.forged")).toBeNull();
      expect(asked).toHaveBeenCalledTimes(2);
    });
  });
});
