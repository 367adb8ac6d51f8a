import type { Client, Reply } from "./http";

/**
 * Reads the newest link sent to `email` from the local outbox (`/dev/mailbox.json`, which answers
 * only requests from this machine without forwarding headers) and opens it as the visitor at `ip`.
 */
export async function openLinkFromOutbox(client: Client, email: string, ip: string): Promise<Reply> {
  const box = JSON.parse((await client.request("/dev/mailbox.json")).body) as { to: string; link?: string }[];
  const link = box.find((m) => m.to === email && m.link)?.link;
  if (!link) throw new Error(`no sign-in link for ${email} in the outbox`);
  const target = new URL(link);
  return client.request(`${target.pathname}${target.search}`, { headers: { "x-forwarded-for": ip } });
}

/** Signs `email` in (asking for a link through the sign-in form) and returns the session cookie as `name=value`. */
export async function signInSession(client: Client, baseUrl: string, email: string, ip: string): Promise<string> {
  const asked = await client.request("/auth/sign-in", {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      "x-forwarded-for": ip,
      origin: baseUrl,
      "sec-fetch-site": "same-origin",
    },
    body: new URLSearchParams({ email }).toString(),
  });
  if (asked.status !== 200) throw new Error(`sign-in link for ${email}: ${asked.status} ${asked.body.slice(0, 200)}`);
  const opened = await openLinkFromOutbox(client, email, ip);
  const cookie = (opened.headers["set-cookie"] ?? []).find((c) => c.includes("session_token="));
  if (!cookie) throw new Error(`the sign-in link for ${email} set no session (status ${opened.status})`);
  return cookie.split(";")[0]!;
}
