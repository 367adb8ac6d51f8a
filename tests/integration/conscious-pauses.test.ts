import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consciousPauses, usageSessions } from "~schema";
import { seedDemoContent } from "../../db/seed/demo";
import { deleteAccount } from "~/features/accounts/account.server";
import { servicesContext, visitorContext, type Visitor } from "~/lib/context";
import type { DatabaseHandle } from "~/lib/db.server";
import { createLocalStorage } from "~/lib/storage/index.server";
import { action, loader } from "~/routes/api.conscious";
import { action as usageAction } from "~/routes/api.usage";
import { createTestDatabase, testEngine } from "../support/database";
import { createTestServices } from "../support/services";
import { signIn } from "../support/sign-in";

const ORIGIN = "http://localhost:3000";

describe(`the breathing pause's outcomes and the session's lists on ${testEngine()}`, () => {
  let handle: DatabaseHandle;
  let env: ReturnType<typeof createTestServices>;
  let cookie: string;
  let userId: string;

  beforeAll(async () => {
    handle = await createTestDatabase();
    env = createTestServices(handle, ORIGIN);
    await seedDemoContent({ db: handle.db, storage: createLocalStorage(mkdtempSync(path.join(tmpdir(), "pauses-"))) });
    cookie = await signIn(env, "pause@example.com");
    userId = (await env.services.auth.api.getSession({ headers: new Headers({ cookie }) }))!.user.id;
  });
  afterAll(() => handle?.close());

  function args(init: {
    method?: string;
    body?: URLSearchParams;
    cookie?: string;
    language?: "en" | "es";
    headers?: Record<string, string>;
  }) {
    const context = new RouterContextProvider();
    context.set(servicesContext, env.services);
    context.set(visitorContext, {
      language: init.language ?? "en",
      brandMode: "adult",
      audience: "hetero",
      ageVerified: true,
      ageGateEnabled: true,
      nonce: "",
      clientIp: "127.0.0.1",
      isLoopback: true,
    } as Visitor);
    const request = new Request(`${ORIGIN}/api/conscious`, {
      method: init.method ?? "POST",
      body: init.body,
      headers: { ...(init.cookie ? { cookie: init.cookie } : {}), origin: ORIGIN, ...init.headers },
    });
    return { request, context, params: {} } as never;
  }
  async function post(
    body: Record<string, string>,
    init: { cookie?: string; language?: "en" | "es"; headers?: Record<string, string> } = {},
  ) {
    const result = (await action(args({ ...init, body: new URLSearchParams(body) }))) as unknown;
    if (result instanceof Response) return { status: result.status, body: result.status === 204 ? null : await result.json() };
    const value = result as { data?: unknown; init?: { status?: number } };
    return { status: value.init?.status ?? 200, body: value.data };
  }
  function usageArgs(body: URLSearchParams, headers: Record<string, string>) {
    const built = args({ body, headers }) as unknown as { request: Request; context: unknown; params: unknown };
    return {
      ...built,
      request: new Request(`${ORIGIN}/api/usage`, { method: "POST", body, headers: { origin: ORIGIN, ...headers } }),
    } as never;
  }
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
        usageArgs(new URLSearchParams({ seconds: "30", startedAt: new Date().toISOString() }), { cookie, ...headers }),
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
    const answer = (await loader(args({ method: "GET", language: "es" }))) as Response;
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
