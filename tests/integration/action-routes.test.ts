import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clips, contactMessages, jobs, moderationAudit, takedownBlocks, takedownMatches, usageSessions, user } from "~schema";
import { grantModerator } from "~/features/moderation/moderators.server";
import type { DatabaseHandle } from "~/lib/db.server";
import * as adminClipsRoute from "~/routes/admin.clips";
import * as adminCreatorsRoute from "~/routes/admin.creators";
import * as adminCategoriesRoute from "~/routes/admin.categories";
import * as adminCreatorClaimsRoute from "~/routes/admin.creator-claims";
import * as adminCreatorEditsRoute from "~/routes/admin.creator-edits";
import * as adminCopiesRoute from "~/routes/admin.copies";
import * as adminItemRoute from "~/routes/admin.item";
import * as adminJobsRoute from "~/routes/admin.jobs";
import * as adminQueueRoute from "~/routes/admin.queue";
import * as flamesRoute from "~/routes/api.flames";
import * as visitorRoute from "~/routes/api.visitor";
import * as followsRoute from "~/routes/api.follows";
import * as usageRoute from "~/routes/api.usage";
import * as consciousRoute from "~/routes/api.conscious";
import * as signalsRoute from "~/routes/api.signals";
import * as feedChoiceRoute from "~/routes/api.feed-choice";
import * as ativarRoute from "~/routes/activate";
import * as signInRoute from "~/routes/auth.sign-in";
import * as signOutRoute from "~/routes/auth.sign-out";
import * as confirmLinkRoute from "~/routes/auth.confirm-link";
import * as claimRoute from "~/routes/claim";
import * as contactRoute from "~/routes/contact";
import * as insightsRoute from "~/routes/insights";
import * as insightsWeekRoute from "~/routes/insights.week";
import * as weeklyEmailUnsubscribeRoute from "~/routes/weekly-email.unsubscribe";
import * as flamedRoute from "~/routes/flamed-clips";
import * as myAccountRoute from "~/routes/my-account";
import * as myAccountSecurityRoute from "~/routes/my-account.security";
import * as myCreatorRoute from "~/routes/my-creator";
import * as twoFactorRoute from "~/routes/auth.two-factor";
import * as notFoundRoute from "~/routes/not-found";
import * as preferencesRoute from "~/routes/preferences";
import * as partnershipRoute from "~/routes/partnership";
import * as reportRoute from "~/routes/report";
import * as submitRoute from "~/routes/submit";
import * as watchHistoryRoute from "~/routes/watch-history";
import * as whatTheFeedLearnedRoute from "~/routes/what-the-feed-learned";
import { makeClips } from "../support/catalog";
import { createTestDatabase, testEngine } from "../support/database";
import { message } from "../support/messages";
import { routeArgs, type RouteCall } from "../support/route-args";
import { createTestServices } from "../support/services";
import { signIn, signInModerator } from "../support/sign-in";

type Action = (args: never) => unknown;
type Who = "member" | "admin";

// Every action on the one helper (ADR 024): a body that is no form gets the same translated 400 in the
// common shape, in both languages. The guard test (tests/unit/action-routes-guard.test.ts) keeps this list whole.
const ROUTES: Array<[path: string, route: { action: Action }, namespace: string, who?: Who, params?: Record<string, string>]> = [
  ["/submit", submitRoute, "forms"],
  ["/report", reportRoute, "forms"],
  ["/claim-this-content", claimRoute, "forms"],
  ["/contato", contactRoute, "forms"],
  ["/promote-content", partnershipRoute, "forms"],
  ["/ativar", ativarRoute, "common"],
  ["/insights", insightsRoute, "common"],
  ["/insights/week", insightsWeekRoute, "common"],
  ["/weekly-email/unsubscribe", weeklyEmailUnsubscribeRoute, "common"],
  ["/liked-videos", flamedRoute, "common"],
  ["/api/flames", flamesRoute, "common"],
  ["/api/visitor", visitorRoute, "common"],
  ["/api/follows", followsRoute, "common"],
  ["/preferences", preferencesRoute, "common"],
  ["/auth/sign-in", signInRoute, "common"],
  ["/auth/sign-out", signOutRoute, "common"],
  ["/auth/confirm-link", confirmLinkRoute, "common"],
  ["/my-account", myAccountRoute, "common"],
  ["/my-account/security", myAccountSecurityRoute, "common"],
  ["/my-creator", myCreatorRoute, "common"],
  ["/auth/two-factor", twoFactorRoute, "common"],
  ["/api/usage", usageRoute, "common"],
  ["/api/conscious", consciousRoute, "common"],
  ["/api/signals", signalsRoute, "common"],
  ["/api/feed-choice", feedChoiceRoute, "common"],
  ["/watch-history", watchHistoryRoute, "common"],
  ["/what-the-feed-learned", whatTheFeedLearnedRoute, "common"],
  ["/admin/clips", adminClipsRoute, "common", "admin"],
  ["/admin/creators", adminCreatorsRoute, "common", "admin"],
  ["/admin/categories", adminCategoriesRoute, "common", "admin"],
  ["/admin/creator-claims", adminCreatorClaimsRoute, "common", "admin"],
  ["/admin/creator-edits", adminCreatorEditsRoute, "common", "admin"],
  ["/admin/copies", adminCopiesRoute, "common", "admin"],
  ["/admin/jobs", adminJobsRoute, "common", "admin"],
  ["/admin/contact", adminQueueRoute, "common", "admin", { queue: "contact" }],
  ["/admin/contact/:id", adminItemRoute, "common", "admin", { queue: "contact", id: randomUUID() }],
];

/** What an action answered, returned or thrown: a data() value, a Response (redirect, 204) or a guard's data(). */
type Answer = { status: number; data: unknown; headers: Headers };
async function answer(run: () => unknown): Promise<Answer> {
  let value: unknown;
  try {
    value = await run();
  } catch (thrown) {
    value = thrown;
  }
  if (value instanceof Response) {
    const body = value.status === 204 || (value.status >= 300 && value.status < 400) ? null : await value.json();
    return { status: value.status, data: body, headers: value.headers };
  }
  const reply = value as { type?: string; data: unknown; init: ResponseInit | null };
  if (reply?.type !== "DataWithResponseInit") throw value;
  return { status: reply.init?.status ?? 200, data: reply.data, headers: new Headers(reply.init?.headers) };
}

/** The one refusal shape with its translated message on the whole form. */
const refusal = (namespace: string, key: string, language: "en" | "es" = "en") =>
  expect.objectContaining({ ok: false, errors: { form: message(namespace, key, language) }, reason: key });

describe(`every action route answers through the action helper on ${testEngine()}`, () => {
  let handle: DatabaseHandle;
  let env: ReturnType<typeof createTestServices>;
  const cookies: Record<Who, string> = { member: "", admin: "" };
  beforeAll(async () => {
    handle = await createTestDatabase();
    env = createTestServices(handle);
    cookies.member = await signIn(env, `actions-${randomUUID()}@example.com`);
    const admin = `actions-admin-${randomUUID()}@example.com`;
    await grantModerator(handle.db, admin);
    cookies.admin = await signInModerator(env, admin);
  });
  afterAll(() => handle?.close());

  const post = (route: { action: Action }, path: string, call: RouteCall) =>
    answer(() => route.action(routeArgs(env.services, path, { clientIp: randomUUID(), ...call })));

  it.each(ROUTES)("%s: a JSON body is a translated 400 in the common shape", async (path, route, namespace, who = "member", params) => {
    for (const language of ["en", "es"] as const) {
      const cookie = cookies[who];
      const args = routeArgs(env.services, path, { clientIp: randomUUID(), language, cookie, params }) as unknown as Record<
        string,
        unknown
      >;
      const request = new Request(`${env.services.origin}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie },
        body: "{}",
      });
      const reply = await answer(() => route.action({ ...args, request } as never));
      expect(reply.status).toBe(400);
      expect(reply.data).toEqual({
        ok: false,
        errors: { form: message(namespace, "errors.unreadable", language) },
        values: {},
        reason: "errors.unreadable",
      });
    }
  });

  it("/:any (no route): any POST is the not-found page's 404, whatever is posted", async () => {
    const args = routeArgs(env.services, "/no-such-page") as unknown as Record<string, unknown>;
    const request = new Request(`${env.services.origin}/no-such-page`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect(await answer(() => notFoundRoute.action({ ...args, request } as never))).toMatchObject({ status: 404, data: null });
    expect((await post(notFoundRoute, "/no-such-page", { body: { a: "1" } })).status).toBe(404);
  });

  it("admin actions check the moderator before they read the body: a 404 to anyone else, whatever is posted", async () => {
    for (const [path, route, , who, params] of ROUTES) {
      if (who !== "admin") continue;
      for (const cookie of [undefined, cookies.member]) {
        const args = routeArgs(env.services, path, { cookie, params }) as unknown as Record<string, unknown>;
        const request = new Request(`${env.services.origin}${path}`, { method: "POST", headers: { "content-type": "application/json" } });
        expect((await answer(() => route.action({ ...args, request } as never))).status, path).toBe(404);
      }
    }
  });

  describe("each moved action: one refusal (translated 4xx, nothing written) and one success", () => {
    /** Posts `call` in English and Spanish and expects the refusal `key` of `namespace` with `status` both times. */
    const refusedInBoth = async (
      route: { action: Action },
      path: string,
      call: RouteCall,
      status: number,
      namespace: string,
      key: string,
    ) => {
      for (const language of ["en", "es"] as const) {
        const refused = await post(route, path, { ...call, language });
        expect(refused.status, language).toBe(status);
        expect(refused.data).toEqual(refusal(namespace, key, language));
        expect((refused.data as { values: Record<string, string> }).values).toEqual(call.body);
      }
    };
    const mailsTo = (to: string) => env.outbox.list().filter((m) => m.to === to).length;

    it("/auth/sign-in", async () => {
      const before = env.outbox.list().length;
      await refusedInBoth(signInRoute, "/auth/sign-in", { body: { email: "not-an-email" } }, 400, "accounts", "errors.emailInvalid");
      expect(env.outbox.list()).toHaveLength(before);

      const email = `link-${randomUUID().slice(0, 8)}@example.com`;
      const sent = await post(signInRoute, "/auth/sign-in", { body: { email } });
      expect(sent).toMatchObject({ status: 200, data: { ok: true, email } });
      expect(mailsTo(email)).toBe(1);
    });

    it("/auth/sign-out", async () => {
      const cookie = await signIn(env, `leaving-${randomUUID().slice(0, 8)}@example.com`);
      const session = () => env.services.auth.api.getSession({ headers: new Headers({ cookie }) });
      const args = routeArgs(env.services, "/auth/sign-out", { cookie }) as unknown as Record<string, unknown>;
      const request = new Request(`${env.services.origin}/auth/sign-out`, { method: "POST", headers: { cookie }, body: "{}" });
      expect((await answer(() => signOutRoute.action({ ...args, request } as never))).status).toBe(400);
      expect(await session()).not.toBeNull();

      const out = await post(signOutRoute, "/auth/sign-out", { cookie, body: {} });
      expect(out.status).toBe(302);
      expect(out.headers.get("location")).toBe("/");
      expect(out.headers.getSetCookie().some((c) => c.startsWith("flash=signedOut"))).toBe(true);
      expect(await session()).toBeNull();
    });

    it("/my-account", async () => {
      const email = `account-${randomUUID().slice(0, 8)}@example.com`;
      const cookie = await signIn(env, email);
      const mails = mailsTo(email);
      // The refusal names its form in `values.intent`.
      const body = { intent: "changeEmail", newEmail: "" };
      await refusedInBoth(myAccountRoute, "/my-account", { cookie, body }, 400, "my-account", "email.emailRequired");
      const unknown = await post(myAccountRoute, "/my-account", { cookie, body: { intent: "nothing" } });
      expect(unknown).toMatchObject({ status: 400, data: refusal("my-account", "errors.unknownAction") });
      expect(mailsTo(email)).toBe(mails);

      const changed = await post(myAccountRoute, "/my-account", { cookie, body: { intent: "changeEmail", newEmail: `new-${email}` } });
      expect(changed).toMatchObject({ status: 200, data: { ok: true, intent: "changeEmail" } });
      expect(mailsTo(email)).toBe(mails + 1);

      // A deletion goes home with its toast; the account is gone.
      const gone = await post(myAccountRoute, "/my-account", { cookie, body: { intent: "deleteAccount" } });
      expect(gone.status).toBe(302);
      expect(gone.headers.get("location")).toBe("/");
      expect(await handle.db.select().from(user).where(eq(user.email, email))).toEqual([]);
      // Signed out now: the guard's 401 page, not a reply.
      expect((await post(myAccountRoute, "/my-account", { cookie, body: { intent: "changeEmail" } })).status).toBe(401);
    });

    it("/api/usage", async () => {
      const count = async () => (await handle.db.select().from(usageSessions)).length;
      const before = await count();
      const startedAt = new Date().toISOString();
      await refusedInBoth(
        usageRoute,
        "/api/usage",
        { cookie: cookies.member, body: { seconds: "0", startedAt } },
        400,
        "conscious",
        "errors.seconds",
      );
      expect(await count()).toBe(before);

      const saved = await post(usageRoute, "/api/usage", { cookie: cookies.member, body: { seconds: "30", startedAt } });
      expect(saved).toMatchObject({ status: 201, data: { ok: true, id: expect.any(String) } });
      expect(await count()).toBe(before + 1);
      // Anonymous beacons stay a quiet 204.
      expect((await post(usageRoute, "/api/usage", { body: { seconds: "30", startedAt } })).status).toBe(204);
      expect(await count()).toBe(before + 1);
    });

    it("/admin/clips", async () => {
      const [clip] = await makeClips(handle.db, 1);
      const statusOf = async () => (await handle.db.select().from(clips).where(eq(clips.id, clip!.id)))[0]!.status;
      const audits = async () => (await handle.db.select().from(moderationAudit).where(eq(moderationAudit.targetId, clip!.id))).length;
      const show = { intent: "show-clip", clipId: clip!.id };
      await refusedInBoth(adminClipsRoute, "/admin/clips", { cookie: cookies.admin, body: show }, 409, "admin", "item.failed");
      expect([await statusOf(), await audits()]).toEqual(["published", 0]);

      const hidden = await post(adminClipsRoute, "/admin/clips", {
        cookie: cookies.admin,
        body: { intent: "hide-clip", clipId: clip!.id },
      });
      expect(hidden).toMatchObject({ status: 200, data: { ok: true, intent: "hide-clip" } });
      expect([await statusOf(), await audits()]).toEqual(["hidden", 1]);
    });

    it("/admin/copies", async () => {
      const [original, copy] = await makeClips(handle.db, 2);
      const [block] = await handle.db
        .insert(takedownBlocks)
        .values({ clipId: original!.id, clipTitle: original!.title, reason: "report", createdBy: "test" })
        .returning();
      const [match] = await handle.db
        .insert(takedownMatches)
        .values({ blockId: block!.id, clipId: copy!.id, distance: 3, coverage: 0.9 })
        .returning();
      const stateOf = async () => (await handle.db.select().from(takedownMatches).where(eq(takedownMatches.id, match!.id)))[0]!.state;
      const refused = await post(adminCopiesRoute, "/admin/copies", {
        cookie: cookies.admin,
        language: "es",
        body: { intent: "dismiss", matchId: randomUUID() },
      });
      expect(refused).toMatchObject({ status: 404, data: refusal("admin", "item.failed", "es") });
      const badIntent = await post(adminCopiesRoute, "/admin/copies", { cookie: cookies.admin, body: { intent: "x", matchId: match!.id } });
      expect(badIntent).toMatchObject({ status: 400, data: refusal("admin", "item.failed") });
      expect(await stateOf()).toBe("open");

      const dismissed = await post(adminCopiesRoute, "/admin/copies", {
        cookie: cookies.admin,
        body: { intent: "dismiss", matchId: match!.id },
      });
      expect(dismissed).toMatchObject({ status: 200, data: { ok: true, intent: "dismiss" } });
      expect(await stateOf()).toBe("dismissed");
    });

    it("/admin/jobs", async () => {
      const [job] = await handle.db.insert(jobs).values({ kind: "outcome-mail", state: "failed", attempts: 5 }).returning();
      const stateOf = async () => (await handle.db.select().from(jobs).where(eq(jobs.id, job!.id)))[0]!.state;
      const refused = await post(adminJobsRoute, "/admin/jobs", { cookie: cookies.admin, body: { intent: "retry", jobId: randomUUID() } });
      expect(refused).toMatchObject({ status: 404, data: refusal("admin", "item.failed") });
      expect(await stateOf()).toBe("failed");

      const retried = await post(adminJobsRoute, "/admin/jobs", { cookie: cookies.admin, body: { intent: "retry", jobId: job!.id } });
      expect(retried.status).toBe(302);
      expect(retried.headers.get("location")).toBe("/admin/jobs?state=queued");
      expect(await stateOf()).toBe("queued");
    });

    const contactItem = async () =>
      (await handle.db.insert(contactMessages).values({ name: "n", email: "e@x.co", subject: "s", message: "m" }).returning())[0]!;
    const itemRow = async (id: string) => (await handle.db.select().from(contactMessages).where(eq(contactMessages.id, id)))[0]!;

    it("/admin/:queue/:id", async () => {
      const item = await contactItem();
      const params = { queue: "contact", id: item.id };
      const path = `/admin/contact/${item.id}`;
      const bogus = { intent: "resolve", reason: "bogus" };
      await refusedInBoth(adminItemRoute, path, { cookie: cookies.admin, params, body: bogus }, 400, "admin", "decision.errors.reason");
      expect(await itemRow(item.id)).toMatchObject({ status: "open", decisionReason: null });

      const noted = await post(adminItemRoute, path, { cookie: cookies.admin, params, body: { intent: "note", note: "checked" } });
      expect(noted).toMatchObject({ status: 200, data: { ok: true, intent: "note" } });
      expect(await itemRow(item.id)).toMatchObject({ moderatorNote: "checked" });

      const resolved = await post(adminItemRoute, path, { cookie: cookies.admin, params, body: { intent: "resolve", reason: "answered" } });
      expect(resolved.status).toBe(302);
      const again = await post(adminItemRoute, path, { cookie: cookies.admin, params, body: { intent: "reject", reason: "spam" } });
      expect(again).toMatchObject({ status: 409, data: refusal("admin", "decision.errors.decided") });
    });

    it("/admin/:queue (bulk)", async () => {
      const item = await contactItem();
      const params = { queue: "contact" };
      const none = { intent: "resolve", resolveReason: "answered" };
      await refusedInBoth(
        adminQueueRoute,
        "/admin/contact",
        { cookie: cookies.admin, params, body: none },
        400,
        "admin",
        "bulk.errors.none",
      );
      const badReason = await post(adminQueueRoute, "/admin/contact", {
        cookie: cookies.admin,
        params,
        body: { intent: "resolve", resolveReason: "bogus", ids: item.id },
      });
      expect(badReason).toMatchObject({ status: 400, data: refusal("admin", "decision.errors.reason") });
      expect((await itemRow(item.id)).status).toBe("open");

      const decided = await post(adminQueueRoute, "/admin/contact", {
        cookie: cookies.admin,
        params,
        body: { intent: "resolve", resolveReason: "answered", ids: item.id },
      });
      expect(decided).toMatchObject({ status: 200, data: { ok: true, intent: "resolve", done: 1, skipped: 0 } });
      expect((await itemRow(item.id)).status).toBe("resolved");
    });
  });
});
