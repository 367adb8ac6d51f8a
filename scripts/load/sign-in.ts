import { totpCode } from "../support/totp";
import type { Client, Reply } from "./http";

/**
 * Reads the newest link sent to `email` from the local outbox (`/dev/mailbox.json`, which answers
 * only requests from this machine without forwarding headers) and opens it as the visitor at `ip`, with the
 * cookies of the browser that asked for it (`cookie`: its link binding, ADR 113, or it is only asked to confirm).
 */
export async function openLinkFromOutbox(client: Client, email: string, ip: string, cookie = ""): Promise<Reply> {
  const box = JSON.parse((await client.request("/dev/mailbox.json")).body) as { to: string; link?: string }[];
  const link = box.find((m) => m.to === email && m.link)?.link;
  if (!link) throw new Error(`no sign-in link for ${email} in the outbox`);
  const target = new URL(link);
  return client.request(`${target.pathname}${target.search}`, { headers: { "x-forwarded-for": ip, ...(cookie ? { cookie } : {}) } });
}

/** Signs `email` in (asking for a link through the sign-in form) and returns the session cookie as `name=value`. */
export async function signInSession(client: Client, baseUrl: string, email: string, ip: string): Promise<string> {
  const asked = await client.request("/auth/sign-in", {
    method: "POST",
    headers: formHeaders(baseUrl, ip),
    body: new URLSearchParams({ email }).toString(),
  });
  if (asked.status !== 200) throw new Error(`sign-in link for ${email}: ${asked.status} ${asked.body.slice(0, 200)}`);
  const opened = await openLinkFromOutbox(client, email, ip, cookiesSetBy(asked));
  const cookie = (opened.headers["set-cookie"] ?? []).find((c) => c.includes("session_token="));
  if (!cookie) throw new Error(`the sign-in link for ${email} set no session (status ${opened.status})`);
  return cookie.split(";")[0]!;
}

/** A same-site form post's headers, as a browser at `ip` (behind the trusted proxy) sends them. */
const formHeaders = (baseUrl: string, ip: string) => ({
  "content-type": "application/x-www-form-urlencoded",
  "x-forwarded-for": ip,
  origin: baseUrl,
  "sec-fetch-site": "same-origin",
});

/** The `name=value` pairs of the cookies a reply sets, as a Cookie header. */
const cookiesSetBy = (reply: Reply) => (reply.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]!).join("; ");

/**
 * Signs a moderator in as the desk requires (ADR 121): signed in by link, then two-factor turned on through the
 * security page as a person would — start, read the key the page shows, confirm with the app's code — which
 * answers with a session that passed it. Returns that session's cookie as `name=value`.
 */
export async function signInModeratorSession(client: Client, baseUrl: string, email: string, ip: string): Promise<string> {
  const cookie = await signInSession(client, baseUrl, email, ip);
  const post = (fields: Record<string, string>, sessionCookie: string) =>
    client.request("/my-account/security", {
      method: "POST",
      headers: { ...formHeaders(baseUrl, ip), cookie: sessionCookie },
      body: new URLSearchParams(fields).toString(),
    });
  const started = await post({ intent: "twoFactorStart" }, cookie);
  const secret = /data-testid="totp-secret"[^>]*>([A-Z2-7 ]+)</.exec(started.body)?.[1];
  if (!secret) throw new Error(`two-factor setup for ${email} showed no key (status ${started.status})`);
  const confirmed = await post({ intent: "twoFactorConfirm", code: totpCode(secret) }, cookie);
  const passed = (confirmed.headers["set-cookie"] ?? []).find((c) => c.includes("session_token=") && !c.includes("Max-Age=0"));
  if (!passed) throw new Error(`two-factor confirmation for ${email} set no session (status ${confirmed.status})`);
  return passed.split(";")[0]!;
}
