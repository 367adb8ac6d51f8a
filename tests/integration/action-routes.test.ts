import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/lib/db.server";
import * as flamesRoute from "~/routes/api.flames";
import * as ativarRoute from "~/routes/ativar";
import * as claimRoute from "~/routes/claim";
import * as contactRoute from "~/routes/contact";
import * as insightsRoute from "~/routes/insights";
import * as likedRoute from "~/routes/liked-videos";
import * as preferencesRoute from "~/routes/preferences";
import * as promoteRoute from "~/routes/promote";
import * as reportRoute from "~/routes/report";
import * as submitRoute from "~/routes/submit";
import { createTestDatabase, testEngine } from "../support/database";
import { message } from "../support/messages";
import { routeArgs } from "../support/route-args";
import { createTestServices } from "../support/services";
import { signIn } from "../support/sign-in";

type Reply = { data: { ok: boolean; errors?: Record<string, string>; values?: Record<string, string> }; init: { status?: number } | null };

// Every action on the one helper (ADR 024): a body that is no form gets the same translated 400 in the
// common shape, in both languages. Routes join this list as they move onto the helper.
const ROUTES = [
  ["/submit", submitRoute, "forms"],
  ["/report", reportRoute, "forms"],
  ["/claim-this-content", claimRoute, "forms"],
  ["/contato", contactRoute, "forms"],
  ["/promote-content", promoteRoute, "forms"],
  ["/ativar", ativarRoute, "common"],
  ["/insights", insightsRoute, "common"],
  ["/liked-videos", likedRoute, "common"],
  ["/api/flames", flamesRoute, "common"],
  ["/preferences", preferencesRoute, "common"],
] as const;

describe(`every action route answers through the action helper on ${testEngine()}`, () => {
  let handle: DatabaseHandle;
  let env: ReturnType<typeof createTestServices>;
  let cookie: string;
  beforeAll(async () => {
    handle = await createTestDatabase();
    env = createTestServices(handle);
    cookie = await signIn(env, `actions-${randomUUID()}@example.com`);
  });
  afterAll(() => handle?.close());

  it.each(ROUTES)("%s: a JSON body is a translated 400 in the common shape", async (path, route, namespace) => {
    for (const language of ["en", "es"] as const) {
      const args = routeArgs(env.services, path, { clientIp: randomUUID(), language, cookie }) as unknown as Record<string, unknown>;
      const request = new Request(`${env.services.origin}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie },
        body: "{}",
      });
      const reply = (await route.action({ ...args, request } as never)) as unknown as Reply;
      expect(reply.init?.status).toBe(400);
      expect(reply.data).toEqual({
        ok: false,
        errors: { form: message(namespace, "errors.unreadable", language) },
        values: {},
        reason: "errors.unreadable",
      });
    }
  });
});
