import { randomUUID } from "node:crypto";
import { requestMagicLink } from "~/features/accounts/sign-in.server";
import type { createTestServices } from "./services";

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
  const result = await requestMagicLink(env.services, { form, request, language: "en", clientIp: randomUUID() });
  // The outbox lists the newest message first.
  const mail = env.outbox.list().find((m) => m.to === result.email && m.link?.includes("magic-link"));
  if (!mail?.link) throw new Error(`no sign-in link for ${email} in the outbox`);
  const opened = await env.services.auth.handler(new Request(mail.link));
  const cookie = opened.headers.getSetCookie().find((c) => c.includes("session_token="));
  if (!cookie) throw new Error(`the sign-in link for ${email} set no session cookie (status ${opened.status})`);
  return cookie.split(";")[0]!;
}
