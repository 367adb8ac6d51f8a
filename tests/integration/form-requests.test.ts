import { randomUUID } from "node:crypto";
import { count } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { contactMessages, contentClaims, contentReports, contentSubmissions, partnershipApplications } from "~schema";
import type { DatabaseHandle } from "~/lib/db.server";
import * as flamesRoute from "~/routes/api.flames";
import * as ativarRoute from "~/routes/activate";
import * as signInRoute from "~/routes/auth.sign-in";
import * as claimRoute from "~/routes/claim";
import * as insightsRoute from "~/routes/insights";
import * as flamedRoute from "~/routes/flamed-clips";
import * as myAccountRoute from "~/routes/my-account";
import * as preferencesRoute from "~/routes/preferences";
import * as contactRoute from "~/routes/contact";
import * as partnershipRoute from "~/routes/partnership";
import * as reportRoute from "~/routes/report";
import * as submitRoute from "~/routes/submit";
import { testEngine } from "../support/database";
import { messages } from "../support/messages";
import { routeArgs } from "../support/route-args";
import { type TestServices, withTestServices } from "../support/services";

// Whatever reaches a form's address, the answer is a 4xx with a translated message, never a 500.

type ActionResult = { data: { ok: boolean; errors?: Record<string, string> }; init: { status?: number; headers?: HeadersInit } | null };

const FORMS = [
  ["/submit", submitRoute, contentSubmissions],
  ["/report", reportRoute, contentReports],
  ["/claim-this-content", claimRoute, contentClaims],
  ["/contato", contactRoute, contactMessages],
  ["/promote-content", partnershipRoute, partnershipApplications],
] as const;

describe(`requests to the form routes on ${testEngine()}`, () => {
  let handle: DatabaseHandle;
  let env: TestServices;
  withTestServices((made) => ({ handle, env } = made));

  const records = async () => {
    const counts = await Promise.all(FORMS.map(async ([, , table]) => (await handle.db.select({ n: count() }).from(table))[0]!.n));
    return counts.reduce((a, b) => a + b, 0);
  };

  /** Calls a form route's action with a hand-made request (method, content type and body as given). */
  async function send(path: string, route: (typeof FORMS)[number][1], init: { method: string; contentType?: string; body?: string }) {
    const args = routeArgs(env.services, path, { clientIp: randomUUID() }) as unknown as Record<string, unknown>;
    const headers = init.contentType ? { "content-type": init.contentType } : undefined;
    const request = new Request(`${env.services.origin}${path}`, { method: init.method, headers, body: init.body });
    return (await route.action({ ...args, request } as never)) as unknown as ActionResult;
  }

  it.each(FORMS)("%s answers a body that is not a form with 400 and a message", async (path, route) => {
    const before = await records();
    for (const [contentType, body] of [
      ["application/json", JSON.stringify({ description: "x" })],
      ["text/plain", "description=x"],
      ["multipart/form-data", "--x\r\n"],
    ] as const) {
      const result = await send(path, route, { method: "POST", contentType, body });
      expect(result.init?.status, contentType).toBe(400);
      expect(result.data.errors, contentType).toEqual(messages("forms", { form: "errors.unreadable" }));
    }
    expect(await records()).toBe(before);
  });

  it.each([
    ["/ativar", ativarRoute],
    ["/auth/sign-in", signInRoute],
    ["/my-account", myAccountRoute],
    ["/liked-videos", flamedRoute],
    ["/insights", insightsRoute],
    ["/preferences", preferencesRoute],
    ["/api/flames", flamesRoute],
  ] as const)("%s reads a JSON body as an empty form: its own answer, never a 500", async (path, route) => {
    const args = routeArgs(env.services, path, { clientIp: randomUUID() }) as unknown as Record<string, unknown>;
    const request = new Request(`${env.services.origin}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: env.services.origin },
      body: "{}",
    });
    let status: number;
    try {
      const result = (await route.action({ ...args, request } as never)) as { init?: { status?: number } | null } | Response;
      status = result instanceof Response ? result.status : (result?.init?.status ?? 200);
    } catch (thrown) {
      status = thrown instanceof Response ? thrown.status : ((thrown as { init?: { status?: number } }).init?.status ?? 500);
    }
    expect(status).toBeLessThan(500);
  });

  it("refuses a link longer than 255 characters instead of cutting it", async () => {
    const long = `https://example.com/${"a".repeat(250)}`;
    const result = (await reportRoute.action(
      routeArgs(env.services, "/report", { body: { contentUrl: long, description: "Too long a link", _js: "1" }, clientIp: randomUUID() }),
    )) as unknown as ActionResult;
    expect(result.init?.status).toBe(400);
    expect(result.data.errors).toEqual(messages("forms", { contentUrl: "errors.urlTooLong" }));
  });
});
