import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { profiles, user, userFlames } from "~schema";
import { requestMagicLink } from "~/features/accounts/sign-in.server";
import { anonymousIdCookie } from "~/features/flames/index.server";
import { setFlame } from "~/features/flames/flames.server";
import { commitSignals, signalsExport } from "~/features/signals/index.server";
import type { DatabaseHandle } from "~/lib/db.server";
import { parseEnv } from "~/lib/env.server";
import { makeClips } from "../support/catalog";
import { testEngine } from "../support/database";
import { createTestServices, type TestServices, withTestServices } from "../support/services";
import { outcome } from "../support/outcome";

const ORIGIN = "http://localhost:3000";

function form(fields: Record<string, string>) {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.set(k, v);
  return data;
}

describe(`magic-link sign-in on ${testEngine()}`, () => {
  let handle: DatabaseHandle;
  let env: TestServices;
  withTestServices((made) => ({ handle, env } = made), ORIGIN);

  const request = (cookie = "") =>
    new Request(`${ORIGIN}/auth/sign-in`, {
      method: "POST",
      headers: { origin: ORIGIN, cookie, "x-spicy-client-ip": `10.0.0.${Math.floor(Math.random() * 250)}` },
    });

  // The cookie that ties the last link asked for to this "browser" (ADR 113), sent when a link is opened.
  let binding = "";
  async function signIn(email: string, extra: Record<string, string> = {}, cookie = "") {
    const responseHeaders = new Headers();
    const result = await outcome(
      requestMagicLink(env.services, {
        form: form({ email, ...extra }),
        request: request(cookie),
        language: "es",
        clientIp: randomUUID(),
        responseHeaders,
      }),
    );
    binding = responseHeaders
      .getSetCookie()
      .map((c) => c.split(";")[0]!)
      .join("; ");
    return result;
  }

  /** Opens the link as the browser would and returns the redirect and the session cookie. */
  async function openLink(link: string, cookie = "") {
    const response = await env.services.auth.handler(
      new Request(link, { headers: { cookie: [cookie, binding].filter(Boolean).join("; ") } }),
    );
    const sessionCookie =
      response.headers
        .getSetCookie()
        .find((c) => c.includes("session_token"))
        ?.split(";")[0] ?? null;
    return { location: response.headers.get("location"), sessionCookie };
  }

  it("lower-cases the address, sends a link in the visitor's language and signs in once with it", async () => {
    const result = await signIn("  Reader@Example.COM ");
    expect(result).toEqual({ ok: true, email: "reader@example.com" });
    const [mail] = env.outbox.list();
    expect(mail!.to).toBe("reader@example.com");
    expect(mail!.subject).toBe("Tu enlace de inicio de sesión en Spicy Clips");
    expect(mail!.html).toContain(mail!.link!.replace(/&/g, "&#38;"));

    const first = await openLink(mail!.link!);
    expect(first.location).toBe(`${ORIGIN}/auth/callback?next=%2F`);
    expect(first.sessionCookie).toBeTruthy();
    const session = await env.services.auth.api.getSession({ headers: new Headers({ cookie: first.sessionCookie! }) });
    expect(session?.user.email).toBe("reader@example.com");

    const again = await openLink(mail!.link!);
    expect(again.location).toContain("/auth/callback?error=INVALID_TOKEN");
    expect(again.sessionCookie).toBeNull();
  });

  it("names Conscious Mode in the e-mail of a visitor who asked there", async () => {
    const result = await requestMagicLink(env.services, {
      form: form({ email: "calm@example.com" }),
      request: request(),
      language: "en",
      clientIp: randomUUID(),
      brandMode: "conscious",
    });
    expect(result.email).toBe("calm@example.com");
    const [mail] = env.outbox.list();
    expect(mail!.subject).toBe("Your sign-in link for Conscious Mode");
    expect(`${mail!.text}${mail!.html}`).not.toContain("Spicy Clips");
  });

  it("creates the profile with the chosen username and refuses a taken one", async () => {
    expect(await signIn("first@example.com", { mode: "signup", username: "  Night Owl " })).toEqual({
      ok: true,
      email: "first@example.com",
    });
    await openLink(env.outbox.list()[0]!.link!);
    const [account] = await handle.db.select().from(user).where(eq(user.email, "first@example.com"));
    const [profile] = await handle.db.select().from(profiles).where(eq(profiles.id, account!.id));
    expect(profile!.username).toBe("Night Owl");

    expect(await signIn("second@example.com", { mode: "signup", username: "night owl" })).toMatchObject({
      ok: false,
      key: "errors.usernameTaken",
      status: 409,
    });
    expect(await signIn("second@example.com", { mode: "signup", username: "ab" })).toMatchObject({
      ok: false,
      key: "errors.usernameShort",
    });
  });

  it("validates the address", async () => {
    expect(await signIn("")).toMatchObject({ ok: false, key: "errors.emailRequired", status: 400 });
    expect(await signIn("not-an-email")).toMatchObject({ ok: false, key: "errors.emailInvalid", status: 400 });
    // Addresses the auth library refuses are refused here first, as 400 — not a 502 "could not send" (found by the fuzzer).
    for (const address of ["a@b", "a\u0000b@example.com", "user@exam ple.com"])
      expect(await signIn(address), JSON.stringify(address)).toMatchObject({ ok: false, key: "errors.emailInvalid", status: 400 });
  });

  it("limits links per address", async () => {
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await signIn("limited@example.com"));
    expect(results.slice(0, 3).every((r) => r.ok)).toBe(true);
    expect(results[3]).toMatchObject({ ok: false, key: "errors.rateLimited", status: 429 });
  });

  it("limits links per IP to SIGN_IN_LIMIT_PER_IP: 10 by default, or the configured number", async () => {
    const askFrom = (services: typeof env.services, clientIp: string, count: number) =>
      Promise.all(
        Array.from({ length: count }, (_, i) =>
          outcome(
            requestMagicLink(services, {
              form: form({ email: `ip-${i}-${clientIp.slice(0, 8)}@example.com` }),
              request: request(),
              language: "en",
              clientIp,
            }),
          ),
        ),
      );
    const byDefault = await askFrom(env.services, randomUUID(), 11);
    expect(byDefault.filter((r) => r.ok)).toHaveLength(10);
    expect(byDefault.filter((r) => !r.ok)).toEqual([{ ok: false, key: "errors.rateLimited", status: 429 }]);

    // The limit is taken in Better Auth's before-hook, so the auth instance is built with it.
    const raised = createTestServices(handle, ORIGIN, { SIGN_IN_LIMIT_PER_IP: 12 }).services;
    const configured = await askFrom(raised, randomUUID(), 13);
    expect(configured.filter((r) => r.ok)).toHaveLength(12);
    expect(() => parseEnv({ SIGN_IN_LIMIT_PER_IP: "0" })).toThrow(/SIGN_IN_LIMIT_PER_IP/);
  });

  it("lets one IP open 20 links a minute by default, and a tenth of SIGN_IN_LIMIT_PER_IP when that is more", async () => {
    const openFrom = async (services: typeof env.services, count: number) => {
      // An address of its own (a valid one: the limiter keys on it), so no other test's links count against it.
      const clientIp = `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250)).join(".")}`;
      const statuses: number[] = [];
      for (let i = 0; i < count; i++) {
        const response = await services.auth.handler(
          new Request(`${ORIGIN}/api/auth/magic-link/verify?token=not-a-token-${i}&callbackURL=%2F`, {
            headers: { "x-spicy-client-ip": clientIp },
          }),
        );
        statuses.push(response.status);
      }
      return statuses;
    };
    const byDefault = await openFrom(env.services, 21);
    expect(byDefault.slice(0, 20).every((status) => status !== 429)).toBe(true);
    expect(byDefault[20]).toBe(429);

    // An operator who lets one address ask for 1 000 links in 10 minutes (many people behind one NAT) lets it open them.
    const raised = createTestServices(handle, ORIGIN, { SIGN_IN_LIMIT_PER_IP: 1000 }).services;
    const opened = await openFrom(raised, 101);
    expect(opened.slice(0, 100).every((status) => status !== 429)).toBe(true);
    expect(opened[100]).toBe(429);
  });

  it("merges the visitor's anonymous flames into the account on sign-in", async () => {
    const [clip] = await makeClips(handle.db, 1);
    const anonymousId = randomUUID();
    await setFlame(handle.db, { clipId: clip!.id, flameOwner: { anonymousId }, flamed: true });
    await signIn("merger@example.com", {}, `spicy_uid=${anonymousId}`);
    await openLink(env.outbox.list()[0]!.link!, `spicy_uid=${anonymousId}`);
    const [account] = await handle.db.select().from(user).where(eq(user.email, "merger@example.com"));
    const rows = await handle.db.select().from(userFlames).where(eq(userFlames.clipId, clip!.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: account!.id, anonymousId: null });
  });

  it("merges watch signals only from an anonymous id this server signed: a bare id names someone else's history", async () => {
    const [clip] = await makeClips(handle.db, 1);
    const anonymousId = randomUUID();
    const watch = { clipId: clip!.id, kind: "watch" as const, watchedMs: 5000, loops: 0, completed: true, skipped: false };
    await commitSignals(handle.db, [{ owner: { userId: null, anonymousId, personal: true }, events: [watch] }]);
    const historyOf = async (email: string) => {
      const [account] = await handle.db.select().from(user).where(eq(user.email, email));
      return (await signalsExport(handle.db, account!.id)).watchHistory;
    };

    // Someone who learned the id (it is not secret in the page) sends it bare: the history stays where it is.
    await signIn("taker@example.com", {}, `spicy_uid=${anonymousId}`);
    await openLink(env.outbox.list()[0]!.link!, `spicy_uid=${anonymousId}`);
    expect(await historyOf("taker@example.com")).toHaveLength(0);

    // The browser holding the signed id merges it.
    const signed = anonymousIdCookie(env.services.secret, anonymousId, false).split(";")[0]!;
    await signIn("owner@example.com", {}, signed);
    await openLink(env.outbox.list()[0]!.link!, signed);
    expect(await historyOf("owner@example.com")).toHaveLength(1);
  });

  it("refuses to redirect anywhere but this site", async () => {
    const response = await env.services.auth.handler(
      new Request(`${ORIGIN}/api/auth/sign-in/magic-link`, {
        method: "POST",
        headers: { origin: ORIGIN, "content-type": "application/json" },
        body: JSON.stringify({ email: "x@example.com", callbackURL: "https://evil.example/steal" }),
      }),
    );
    // Either the request or the link itself is refused; the browser never lands on the other site.
    if (response.status === 200) {
      const link = env.outbox.list()[0]!.link!;
      expect(link).toContain("evil.example");
      const opened = await env.services.auth.handler(new Request(link));
      expect(opened.headers.get("location") ?? "").not.toContain("evil.example");
    } else {
      expect(response.status).toBe(403);
    }
  });
});
