import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getUser } from "~/features/accounts/index.server";
import type { DatabaseHandle } from "~/lib/db.server";
import type { Database } from "~/lib/database";
import { createTestDatabase, testEngine } from "../support/database";
import { routeArgs } from "../support/route-args";
import { createTestServices } from "../support/services";
import { signIn } from "../support/sign-in";

// A database failure during the session lookup is a 503, never "signed out" (ADR 101).

/** The same database, except that every query fails the way an unreachable server does. */
function unreachable(db: Database): Database {
  const refuse = () => Promise.reject(Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }));
  const chain: ProxyHandler<object> = {
    get: (_target, key) =>
      key === "then" ? (resolve: unknown, reject: (e: unknown) => void) => refuse().catch(reject) : new Proxy(() => {}, chain),
    apply: () => new Proxy(() => {}, chain),
  };
  return new Proxy(db, { get: () => new Proxy(() => {}, chain) }) as Database;
}

describe(`the session lookup on ${testEngine()}`, () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(() => handle?.close());

  it("reads a valid session as the user and no cookie as signed out", async () => {
    const env = createTestServices(handle);
    const cookie = await signIn(env, "outage@example.com");
    expect(await getUser(routeArgs(env.services, "/", { cookie }))).toMatchObject({ email: "outage@example.com" });
    expect(await getUser(routeArgs(env.services, "/"))).toBeNull();
  });

  it("answers a translated 503 and logs it when the database cannot be reached", async () => {
    const env = createTestServices(handle);
    const cookie = await signIn(env, "outage2@example.com");
    const down = createTestServices({ ...handle, db: unreachable(handle.db) });
    const logged: unknown[] = [];
    down.services.log.error = ((...args: unknown[]) => void logged.push(args)) as never;

    const thrown = await getUser(routeArgs(down.services, "/", { cookie, language: "es" })).then(
      () => null,
      (error: unknown) => error,
    );
    expect(thrown).toMatchObject({ init: { status: 503 }, data: { title: "Servicio temporalmente no disponible" } });
    expect(logged).toHaveLength(1);
  });
});
