import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { mailTo, site } from "./sign-in";
import { baseURL } from "./support";

// docs/security.md § Refusals, against the production build: the headers every page sends, the moderation
// back-end's answer to anonymous visitors and ordinary members, and what operators see.

const ADMIN_GETS = (id: string) => [
  "/admin",
  "/admin.data",
  "/admin/audit",
  "/admin/search?q=x",
  "/admin/jobs",
  "/admin/copies",
  "/admin/clips",
  `/admin/clips/${id}/video`,
  `/admin/clips/${id}/thumbnail`,
  "/admin/reports",
  "/admin/submissions",
  `/admin/reports/${id}`,
  `/admin/reports/${id}.data`,
  `/admin/submissions/${id}/upload`,
];
const ADMIN_POSTS = (id: string): Array<[string, Record<string, string>]> => [
  ...["note", "resolve", "reject", "hide-clip", "show-clip", "publish"].map(
    (intent) => [`/admin/reports/${id}`, { intent, note: "x", reason: "x" }] as [string, Record<string, string>],
  ),
  ...["hide", "resolve", "reject"].map(
    (intent) => ["/admin/reports", { intent, id, resolveReason: "x", rejectReason: "x" }] as [string, Record<string, string>],
  ),
  ["/admin/clips", { intent: "hide-clip", clipId: id }],
  ["/admin/clips", { intent: "show-clip", clipId: id }],
  ["/admin/jobs", { intent: "retry", id }],
  ["/admin/copies", { intent: "dismiss", id }],
];

/** Signs a member in over HTTP (the form, the mailbox, the link) and returns the session cookie. */
async function memberCookie(email: string): Promise<{ cookie: string; setCookie: string }> {
  const asked = await fetch(`${site()}/auth/sign-in`, {
    method: "POST",
    headers: { origin: site(), "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email }),
  });
  expect(asked.status).toBe(200);
  // The link opens only in the browser that asked for it: the one holding the cookie that ties the two (ADR 113).
  const binding = asked.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .join("; ");
  const opened = await fetch(await mailTo(email, "magic-link"), { redirect: "manual", headers: { cookie: binding } });
  const setCookie = opened.headers.getSetCookie().find((c) => c.includes("session_token="))!;
  return { cookie: setCookie.split(";")[0]!, setCookie };
}

describe("refused to visitors and members", () => {
  let member: { cookie: string; setCookie: string };
  beforeAll(async () => {
    member = await memberCookie(`member-${randomUUID().slice(0, 8)}@example.com`);
  });

  it("sets the session cookie HttpOnly and SameSite=Lax", () => {
    expect(member.setCookie).toMatch(/;\s*HttpOnly/i);
    expect(member.setCookie).toMatch(/;\s*SameSite=Lax/i);
  });

  it("answers 404 to every /admin page and action for anonymous visitors and ordinary members", { timeout: 120_000 }, async () => {
    const id = randomUUID();
    for (const cookie of [undefined, member.cookie]) {
      const who = cookie ? "member" : "anonymous";
      for (const path of ADMIN_GETS(id)) {
        const res = await fetch(`${site()}${path}`, { headers: cookie ? { cookie } : {}, redirect: "manual" });
        expect(res.status, `${who} GET ${path}`).toBe(404);
        // What the page shows, not the translation table it carries for the browser (ADR 041).
        const shown = (await res.text()).replace(/<script[^>]*application\/json[^>]*>[\s\S]*?<\/script>/g, "");
        expect(shown, path).not.toMatch(/admin@example\.com|Audit log|Moderation/);
      }
      for (const [path, body] of ADMIN_POSTS(id)) {
        const res = await fetch(`${site()}${path}`, {
          method: "POST",
          headers: { origin: site(), "content-type": "application/x-www-form-urlencoded", ...(cookie ? { cookie } : {}) },
          body: new URLSearchParams(body),
          redirect: "manual",
        });
        expect(res.status, `${who} POST ${path} ${body.intent}`).toBe(404);
      }
    }
  });
});

describe("headers of every page", () => {
  it("allows no inline script outside the nonce and refuses to be framed", async () => {
    for (const path of ["/", "/search?q=a", "/auth/sign-in", "/no-such-page", "/admin", "/sobre-nos", "/?mode=sfw"]) {
      const res = await fetch(`${baseURL()}${path}`);
      const csp = res.headers.get("content-security-policy") ?? "";
      const scriptSrc = /(?:^|;)\s*script-src ([^;]*)/.exec(csp)?.[1] ?? "";
      expect(scriptSrc, path).toMatch(/'nonce-[^']+'/);
      expect(scriptSrc, path).not.toContain("'unsafe-inline'");
      expect(scriptSrc, path).not.toContain("'unsafe-eval'");
      expect(csp, path).not.toMatch(/(?:^|;)\s*default-src[^;]*'unsafe-inline'/);
      expect(csp, path).toMatch(/frame-ancestors 'none'/);
      expect(res.headers.get("x-frame-options"), path).toBe("DENY");
      await res.body?.cancel();
    }
  });
});

describe("operators", () => {
  it("get a request id on every answer and route patterns at /metrics from this machine only", async () => {
    const first = await fetch(`${baseURL()}/search?q=abc`);
    const second = await fetch(`${baseURL()}/search?q=abc`);
    // Counted when the answer has been sent in full.
    await Promise.all([first.text(), second.text()]);
    const ids = [first.headers.get("x-request-id"), second.headers.get("x-request-id")];
    expect(ids[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(ids[1]).not.toBe(ids[0]);
    // A client cannot choose its id: the suite's server trusts no proxy.
    const chosen = await fetch(`${baseURL()}/`, { headers: { "x-request-id": "chosen-by-client-0001" } });
    expect(chosen.headers.get("x-request-id")).not.toBe("chosen-by-client-0001");

    const metrics = await fetch(`${baseURL()}/metrics`);
    expect(metrics.status).toBe(200);
    const text = await metrics.text();
    expect(text).toMatch(/http_requests_total\{method="GET",route="\/search",status_class="2xx"\} \d+/);
    expect(text).toMatch(/db_wait_seconds_count\{engine="(pglite|postgres)"\} \d+/);
    expect(text).toContain("nodejs_eventloop_lag_seconds");
    expect(text).not.toContain("q=abc");
    // Through a proxy (a forwarded request) it does not exist.
    expect((await fetch(`${baseURL()}/metrics`, { headers: { "x-forwarded-for": "203.0.113.7" } })).status).toBe(404);
  });
});
