import { randomBytes, randomUUID } from "node:crypto";
import { request } from "node:http";
import { totpCode } from "./totp";

/** An anonymous visitor who passed the age gate, with their own feed seed and (optionally) flame owner id. */
export function anonymousVisitor(options: { likerId?: boolean } = {}): string {
  const parts = ["age_verified=true", `feed_seed=${randomBytes(8).toString("hex")}`];
  if (options.likerId) parts.push(`spicy_uid=${randomUUID()}`);
  return parts.join("; ");
}

/** The visitor's cookies after a response: a `spicy_uid` the server signed (ADR 093) replaces an invented one. */
export function keepCookies(cookie: string, res: Response): string {
  const minted = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .find((c) => c.startsWith("spicy_uid="));
  if (!minted) return cookie;
  return [...cookie.split("; ").filter((c) => !c.startsWith("spicy_uid=")), minted].join("; ");
}

/** What a page does once hydrated (ADR 140): asks the server for a signed anonymous id; the cookies with it. */
export async function withPageViewId(server: string, cookie: string): Promise<string> {
  const res = await post(server, "/api/visitor", cookie, {});
  if (res.status !== 200) throw new Error(`POST /api/visitor answered ${res.status}`);
  return keepCookies(cookie, res);
}

export interface FeedPage {
  clips: { id: string; slug: string; flamed: boolean; flames: number; videoUrl: string | null; tags: { slug: string }[] }[];
  total: number;
}

/** A GET whose body is read in full before it resolves (the server has finished sending it). */
export async function get(url: string, cookie: string): Promise<{ status: number; headers: Headers; text: () => Promise<string> }> {
  const res = await fetch(url, { headers: { cookie } });
  const body = await res.text();
  return { status: res.status, headers: res.headers, text: async () => body };
}

export async function feed(server: string, cookie: string, offset = 0): Promise<FeedPage> {
  const res = await fetch(`${server}/api/feed?offset=${offset}`, { headers: { cookie } });
  if (!res.ok) throw new Error(`/api/feed answered ${res.status}`);
  return (await res.json()) as FeedPage;
}

/** The whole feed (≤ 500 clips) in this visitor's order. */
export async function wholeFeed(server: string, cookie: string): Promise<FeedPage["clips"]> {
  const all: FeedPage["clips"] = [];
  for (let offset = 0; ; offset += 12) {
    const page = await feed(server, cookie, offset);
    all.push(...page.clips);
    if (page.clips.length === 0 || all.length >= page.total) return all;
  }
}

export async function post(server: string, path: string, cookie: string, form: Record<string, string>): Promise<Response> {
  // React Router refuses form posts whose Origin is not the Host they were sent to.
  return fetch(server + path, {
    method: "POST",
    headers: { cookie, origin: server, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form),
    redirect: "manual",
  });
}

/**
 * Signs `email` in through `server`: the sign-in form, then the link from the dev mailbox (loopback only),
 * opened from `localAddress` (a loopback address of its own, so Better Auth's per-address limit never
 * interferes). Returns the session cookie as `name=value`.
 */
export async function signInOverHttp(server: string, email: string, localAddress = "127.0.0.1"): Promise<string> {
  const sent = await post(server, "/auth/sign-in", "age_verified=true", { email });
  if (sent.status >= 400) throw new Error(`sign-in for ${email} answered ${sent.status}`);
  // The link opens in the browser that asked for it: the one holding the cookie that ties the two (ADR 113).
  const binding = sent.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .join("; ");
  for (let attempt = 0; attempt < 50; attempt++) {
    const mails = (await (await fetch(`${server}/dev/mailbox.json`)).json()) as { to: string; link: string | null }[];
    const link = mails.find((m) => m.to === email && m.link?.includes("magic-link"))?.link;
    if (link) {
      const url = new URL(link);
      const target = new URL(url.pathname + url.search, server);
      const setCookie = await new Promise<string[]>((resolve, reject) => {
        const req = request(target, { localAddress, headers: { cookie: binding } }, (res) => {
          res.resume();
          res.on("end", () => resolve(res.headers["set-cookie"] ?? []));
        });
        req.on("error", reject);
        req.end();
      });
      const cookie = setCookie.find((c) => c.includes("session_token="));
      if (!cookie) throw new Error(`the sign-in link for ${email} set no session cookie`);
      return cookie.split(";")[0]!;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no sign-in link for ${email}`);
}

/**
 * Turns two-factor on for a signed-in moderator through the security page, as the desk requires (ADR 121):
 * start, read the key the page shows, confirm with the code an app would show. Answers the new session's
 * cookie (age_verified kept); the key is not kept, so this session is the test's only one with the desk.
 */
export async function enrolOverHttp(server: string, cookie: string): Promise<string> {
  const started = await post(server, "/my-account/security", cookie, { intent: "twoFactorStart" });
  if (started.status !== 200) throw new Error(`starting two-factor answered ${started.status}`);
  const page = await (await get(`${server}/my-account/security`, cookie)).text();
  const secret = /data-testid="totp-secret"[^>]*>([A-Z2-7 ]+)</.exec(page)?.[1];
  if (!secret) throw new Error("the security page shows no authenticator key");
  const confirmed = await post(server, "/my-account/security", cookie, { intent: "twoFactorConfirm", code: totpCode(secret) });
  const session = confirmed.headers.getSetCookie().find((c) => c.includes("session_token=") && !c.includes("Max-Age=0"));
  if (!session) throw new Error(`confirming two-factor answered ${confirmed.status} without a session`);
  return `age_verified=true; ${session.split(";")[0]!}`;
}
