import { randomUUID } from "node:crypto";
import { requestMagicLink } from "~/features/accounts/sign-in.server";
import type { createTestServices } from "./services";
import { secretOf, totpCode } from "./totp";

type TestServices = ReturnType<typeof createTestServices>;

/**
 * Signs `email` in the way the site does: the sign-in form's use case sends a magic link to the
 * outbox, and Better Auth opens it. Returns the session cookie as `name=value`, ready for a
 * `cookie` header. Each call comes from a new client IP, so the per-IP limit never interferes.
 */
export async function signIn(env: TestServices, email: string): Promise<string> {
  const { origin } = env.services;
  const form = new FormData();
  form.set("email", email);
  const request = new Request(`${origin}/auth/sign-in`, { method: "POST", headers: { origin } });
  const responseHeaders = new Headers();
  const result = await requestMagicLink(env.services, { form, request, language: "en", clientIp: randomUUID(), responseHeaders });
  // The link opens in the browser that asked for it: the one holding the cookie that ties the two (ADR 113).
  const binding = responseHeaders
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .join("; ");
  // The outbox lists the newest message first.
  const mail = env.outbox.list().find((m) => m.to === result.email && m.link?.includes("magic-link"));
  if (!mail?.link) throw new Error(`no sign-in link for ${email} in the outbox`);
  const opened = await env.services.auth.handler(new Request(mail.link, { headers: { cookie: binding } }));
  // With two-factor on, the link opens the challenge: the code an authenticator app would show passes it.
  if (opened.headers.get("location")?.startsWith("/auth/two-factor")) return passChallenge(env, email, opened);
  const cookie = opened.headers.getSetCookie().find((c) => c.includes("session_token=") && !c.includes("Max-Age=0"));
  if (!cookie) throw new Error(`the sign-in link for ${email} set no session cookie (status ${opened.status})`);
  return cookie.split(";")[0]!;
}

// The authenticator secrets of the accounts these tests turned two-factor on for, by database and address: the
// integration files share one process (ADR 222), and the same address is a new account in another file's database.
const enrolled = new WeakMap<object, Map<string, string>>();
const secretsOf = (env: TestServices) => {
  let secrets = enrolled.get(env.services.db);
  if (!secrets) enrolled.set(env.services.db, (secrets = new Map()));
  return secrets;
};

/** The authenticator secret a test enrolled for `email` in `env`'s database, if any. */
export const enrolledSecret = (env: TestServices, email: string) => secretsOf(env).get(email);

async function passChallenge(env: TestServices, email: string, opened: Response): Promise<string> {
  const secret = secretsOf(env).get(email);
  if (!secret) throw new Error(`${email} has two-factor on, but no test enrolled it`);
  const challenge = opened.headers
    .getSetCookie()
    .find((c) => c.includes("two_factor="))!
    .split(";")[0]!;
  const passed = await env.services.auth.api.verifyTOTP({
    body: { code: totpCode(secret) },
    headers: new Headers({ cookie: challenge }),
    returnHeaders: true,
  });
  return passed.headers
    .getSetCookie()
    .find((c) => c.includes("session_token="))!
    .split(";")[0]!;
}

/** Turns two-factor on for the signed-in `cookie`'s account, as the security page does; answers the new session's cookie. */
export async function enrolTwoFactor(env: TestServices, email: string, cookie: string): Promise<string> {
  const started = await env.services.auth.api.enableTwoFactor({ body: {}, headers: new Headers({ cookie }) });
  const secret = secretOf((started as { totpURI: string }).totpURI);
  const confirmed = await env.services.auth.api.verifyTOTP({
    body: { code: totpCode(secret) },
    headers: new Headers({ cookie }),
    returnHeaders: true,
  });
  secretsOf(env).set(email, secret);
  return confirmed.headers
    .getSetCookie()
    .find((c) => c.includes("session_token=") && !c.includes("Max-Age=0"))!
    .split(";")[0]!;
}

/** Signs a moderator in as the desk requires: two-factor on (turned on at the first sign-in) and passed. */
export async function signInModerator(env: TestServices, email: string): Promise<string> {
  const cookie = await signIn(env, email);
  return secretsOf(env).has(email) ? cookie : enrolTwoFactor(env, email, cookie);
}
