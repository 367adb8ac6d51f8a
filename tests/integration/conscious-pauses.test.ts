import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { consciousPauses, usageSessions } from "~schema";
import { deleteAccount } from "~/features/accounts/account.server";
import type { DatabaseHandle } from "~/lib/db.server";
import { action, loader } from "~/routes/api.conscious";
import { action as usageAction } from "~/routes/api.usage";
import { testEngine } from "../support/database";
import { withDemoMember } from "../support/member";
import { routeArgs, routeReply, type RouteCall } from "../support/route-args";
import type { TestServices } from "../support/services";

const ORIGIN = "http://localhost:3000";

describe(`the breathing pause's outcomes and the session's lists on ${testEngine()}`, () => {
  let handle: DatabaseHandle;
  let env: TestServices;
  let cookie: string;
  let userId: string;
  withDemoMember("pause@example.com", (made) => ({ handle, env, cookie, userId } = made), ORIGIN);

  const post = async (body: Record<string, string>, init: RouteCall = {}) =>
    routeReply(await action(routeArgs(env.services, "/api/conscious", { ...init, body, headers: { origin: ORIGIN, ...init.headers } })));
  const pausesOf = (id: string) => handle.db.select().from(consciousPauses).where(eq(consciousPauses.userId, id));

  it("records a member's Close and Continue, and nothing for anonymous visitors", async () => {
    expect(await post({ outcome: "closed" }, { cookie })).toEqual({ status: 201, body: { ok: true, outcome: "closed" } });
    expect((await post({ outcome: "continued" }, { cookie })).status).toBe(201);
    expect((await pausesOf(userId)).map((p) => p.outcome).sort()).toEqual(["closed", "continued"]);
    const before = (await handle.db.select().from(consciousPauses)).length;
    expect(await post({ outcome: "closed" })).toEqual({ status: 204, body: null });
    expect((await handle.db.select().from(consciousPauses)).length).toBe(before);
  });

  it("keeps nothing for a member whose browser sends Global Privacy Control or Do Not Track, sessions included", async () => {
    const before = (await pausesOf(userId)).length;
    for (const headers of [{ "sec-gpc": "1" }, { dnt: "1" }] as Record<string, string>[]) {
      expect(await post({ outcome: "closed" }, { cookie, headers })).toEqual({ status: 204, body: null });
      const usage = (await usageAction(
        routeArgs(env.services, "/api/usage", {
          cookie,
          body: { seconds: "30", startedAt: new Date().toISOString() },
          headers: { origin: ORIGIN, ...headers },
        }),
      )) as Response;
      expect(usage.status).toBe(204);
    }
    expect((await pausesOf(userId)).length).toBe(before);
    expect(await handle.db.select().from(usageSessions).where(eq(usageSessions.userId, userId))).toEqual([]);
  });

  it("refuses any other outcome with a translated 400 and writes nothing", async () => {
    const before = (await pausesOf(userId)).length;
    expect(await post({ outcome: "maybe" }, { cookie })).toMatchObject({
      status: 400,
      body: { ok: false, errors: { form: "The pause's outcome must be closed or continued." } },
    });
    expect(await post({}, { cookie, language: "es" })).toMatchObject({
      status: 400,
      body: { ok: false, errors: { form: "El resultado de la pausa debe ser closed o continued." } },
    });
    expect((await pausesOf(userId)).length).toBe(before);
  });

  it("answers the emotions and category names in the visitor's language", async () => {
    const answer = (await loader(routeArgs(env.services, "/api/conscious", { language: "es" }))) as Response;
    expect(answer.headers.get("cache-control")).toBe("private, max-age=600");
    const body = (await answer.json()) as { emotions: { name: string }[]; categories: { slug: string; name: string }[] };
    expect(body.emotions[0]!.name).toBe("Calma");
    expect(body.categories.map((c) => c.slug)).toContain("swing");
  });

  it("deletes the pauses with the account", async () => {
    await deleteAccount(handle.db, userId);
    expect(await pausesOf(userId)).toEqual([]);
  });
});
