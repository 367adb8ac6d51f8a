import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { clips, contentReports, userFlames, usageSessions, user, verification } from "~schema";
import { requestMagicLink } from "~/features/accounts/sign-in.server";
import type { DatabaseHandle } from "~/lib/db.server";
import * as flamesRoute from "~/routes/api.flames";
import * as insightsRoute from "~/routes/insights";
import * as flamedRoute from "~/routes/flamed-clips";
import * as reportRoute from "~/routes/report";
import { makeClips } from "../support/catalog";
import { testEngine } from "../support/database";
import { message } from "../support/messages";
import { outcome } from "../support/outcome";
import { routeArgs } from "../support/route-args";
import { signIn } from "../support/sign-in";
import { createTestServices, type TestServices, withTestServices } from "../support/services";

// What the site refuses (docs/security.md § Refusals), each with a test (the others: media-route, moderation,
// sign-in, forms, submit-upload, upload-quota, server-boot, e2e/refusals).

describe(`refusals on ${testEngine()}`, () => {
  let handle: DatabaseHandle;
  let env: TestServices;
  withTestServices((made) => ({ handle, env } = made));

  // The cookie that ties a link to the "browser" that asked for it (ADR 113), sent when a link is opened.
  let bindings = new Headers();
  const binding = () =>
    bindings
      .getSetCookie()
      .map((c) => c.split(";")[0]!)
      .join("; ");
  async function askLink(email: string, services = env.services) {
    bindings = new Headers();
    const form = new FormData();
    form.set("email", email);
    const request = new Request(`${services.origin}/auth/sign-in`, { method: "POST", headers: { origin: services.origin } });
    return outcome(requestMagicLink(services, { form, request, language: "en", clientIp: randomUUID(), responseHeaders: bindings }));
  }

  describe("magic links", () => {
    it("refuses an expired link and sets no session", async () => {
      expect((await askLink("late@example.com")).ok).toBe(true);
      const link = env.outbox.list().find((m) => m.to === "late@example.com")!.link!;
      // The link's hour has passed.
      await handle.db.update(verification).set({ expiresAt: new Date(Date.now() - 1000) });
      const opened = await env.services.auth.handler(new Request(link));
      expect(opened.headers.get("location")).toMatch(/error=(EXPIRED_TOKEN|INVALID_TOKEN)/);
      expect(opened.headers.getSetCookie().some((c) => c.includes("session_token=") && !/session_token=;/.test(c))).toBe(false);
    });
  });

  describe("session cookie", () => {
    it("is HttpOnly and SameSite=Lax, and Secure when the site is HTTPS", async () => {
      const https = createTestServices(handle, "https://clips.example");
      for (const [services, secure] of [
        [env, false],
        [https, true],
      ] as const) {
        const email = `cookie-${secure}@example.com`;
        expect((await askLink(email, services.services)).ok).toBe(true);
        const link = services.outbox.list().find((m) => m.to === email)!.link!;
        const cookie = (await services.services.auth.handler(new Request(link, { headers: { cookie: binding() } }))).headers
          .getSetCookie()
          .find((c) => c.includes("session_token="))!;
        expect(cookie).toMatch(/;\s*HttpOnly/i);
        expect(cookie).toMatch(/;\s*SameSite=Lax/i);
        expect(/;\s*Secure/i.test(cookie)).toBe(secure);
      }
    });
  });

  describe("header injection through an e-mail address", () => {
    const injected = ["victim@example.com\r\nBcc: everyone@example.net", "victim@example.com\nSubject: hi", "a@b.com%0d%0aBcc:x@y.z"];

    it("sign-in refuses an address carrying a line break and sends nothing", async () => {
      const before = env.outbox.list().length;
      for (const email of injected) expect(await askLink(email)).toMatchObject({ ok: false });
      expect(env.outbox.list()).toHaveLength(before);
    });

    it("forms refuse it with a translated 400 and store nothing", async () => {
      for (const email of injected) {
        const result = (await reportRoute.action(
          routeArgs(env.services, "/report", {
            body: { contentUrl: "https://example.com/x", description: "A problem worth reporting", email, _js: "1" },
            clientIp: randomUUID(),
          }),
        )) as unknown as { data: { ok: boolean; errors: Record<string, string> }; init: { status: number } };
        expect(result.init.status).toBe(400);
        expect(result.data.errors.email).toBe(message("forms", "errors.emailInvalid"));
      }
      expect(await handle.db.select({ id: contentReports.id }).from(contentReports)).toEqual([]);
    });
  });

  describe("one member against another", () => {
    let clipId: string;
    let alice: string;
    let bob: string;
    beforeAll(async () => {
      clipId = (await makeClips(handle.db, 1))[0]!.id;
      alice = await signIn(env, "alice@example.com");
      bob = await signIn(env, "bob@example.com");
    });
    const userId = async (email: string) => (await handle.db.select({ id: user.id }).from(user).where(eq(user.email, email)))[0]!.id;
    const flame = (cookie: string, flamed: boolean) =>
      flamesRoute.action(
        routeArgs(env.services, "/api/flames", { cookie, body: { clipId, flamed: String(flamed) }, clientIp: randomUUID() }) as never,
      ) as unknown as Promise<{ data: { flamed: boolean; flames: number } }>;

    it("cannot remove another's flame: an unflame only ever touches one's own", async () => {
      expect((await flame(alice, true)).data).toMatchObject({ flamed: true, flames: 1 });
      // Bob takes back a flame he never gave: Alice's stays, and so does the count.
      expect((await flame(bob, false)).data).toMatchObject({ flamed: false, flames: 1 });
      const rows = await handle.db.select().from(userFlames).where(eq(userFlames.clipId, clipId));
      expect(rows.map((r) => r.userId)).toEqual([await userId("alice@example.com")]);
      const [row] = await handle.db.select({ flames: clips.flames }).from(clips).where(eq(clips.id, clipId));
      expect(row!.flames).toBe(1);
    });

    it("cannot read another's liked list, whatever the URL says", async () => {
      const aliceId = await userId("alice@example.com");
      const aliceList = JSON.stringify(await flamedRoute.loader(routeArgs(env.services, "/liked-videos", { cookie: alice }) as never));
      expect(aliceList).toContain(clipId);
      for (const path of ["/liked-videos", `/liked-videos?user=${aliceId}`, `/liked-videos?userId=${aliceId}`]) {
        const bobList = JSON.stringify(await flamedRoute.loader(routeArgs(env.services, path, { cookie: bob }) as never));
        expect(bobList, path).not.toContain(clipId);
      }
    });

    it("cannot read another's insights", async () => {
      const aliceId = await userId("alice@example.com");
      await handle.db.insert(usageSessions).values({ userId: aliceId, seconds: 4321, startedAt: new Date() });
      const load = async (cookie: string, path = "/insights") =>
        JSON.stringify(await insightsRoute.loader(routeArgs(env.services, path, { cookie, brandMode: "conscious" }) as never));
      const carol = await signIn(env, "carol@example.com");
      expect(await load(alice)).not.toBe(await load(carol));
      // Bob's insights, whatever the URL, are those of someone with no data, like Carol's.
      expect(await load(bob, `/insights?user=${aliceId}`)).toBe(await load(carol));
      const rows = await handle.db
        .select()
        .from(usageSessions)
        .where(and(eq(usageSessions.userId, aliceId), eq(usageSessions.seconds, 4321)));
      expect(rows).toHaveLength(1);
    });
  });
});
