import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { session } from "../../db/schema";
import type { DatabaseHandle } from "~/lib/db.server";
import { createTestDatabase, testEngine } from "../support/database";
import { createTestServices } from "../support/services";
import { signIn } from "../support/sign-in";

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
});
