import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { session, twoFactor } from "~schema";
import { grantModerator } from "~/features/moderation/moderators.server";
import type { DatabaseHandle } from "~/lib/db.server";
import { type TestApp, withTestApp } from "../support/app";
import { testEngine } from "../support/database";
import { enrolledSecret, signIn, signInModerator } from "../support/sign-in";
import { totpCode } from "../support/totp";

describe(`two-factor authentication on ${testEngine()}`, () => {
  let app: TestApp;
  let handle: DatabaseHandle;
  withTestApp((made) => ({ app, handle } = made), { env: { AGE_GATE: false } });

  const form = (cookie: string, path: string, fields: Record<string, string>) =>
    fetch(`${app.url}${path}`, {
      method: "POST",
      headers: { cookie, origin: app.url, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields),
      redirect: "manual",
    });
  const sessionCookie = (response: Response) =>
    response.headers
      .getSetCookie()
      .find((c) => c.includes("session_token=") && !c.includes("Max-Age=0"))
      ?.split(";")[0];
  const signedIn = async (cookie: string) => (await app.env.services.auth.api.getSession({ headers: new Headers({ cookie }) })) !== null;
  const mailsTo = (to: string) => app.env.outbox.list().filter((m) => m.to === to && !m.link?.includes("magic-link"));

  it("is set up on the security page: QR code and key, confirmed by a code, backup codes once, mailed", async () => {
    const email = "member@example.com";
    const before = await signIn(app.env, email);
    let cookie = await signIn(app.env, email);
    expect(await (await fetch(`${app.url}/my-account/security`, { headers: { cookie } })).text()).toContain(
      "Set up two-factor authentication",
    );
    expect((await form(cookie, "/my-account/security", { intent: "twoFactorStart" })).status).toBe(200);
    const setupPage = await (await fetch(`${app.url}/my-account/security`, { headers: { cookie } })).text();
    expect(setupPage).toMatch(/<svg[^>]*viewBox/);
    const secret = /data-testid="totp-secret"[^>]*>([A-Z2-7 ]+)</.exec(setupPage)![1]!;

    const wrong = await form(cookie, "/my-account/security", { intent: "twoFactorConfirm", code: "12345" });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("Enter the six digits your authenticator app shows.");

    const confirmed = await form(cookie, "/my-account/security", { intent: "twoFactorConfirm", code: totpCode(secret) });
    expect(confirmed.status).toBe(302);
    cookie = sessionCookie(confirmed)!;
    const onPage = await fetch(`${app.url}/my-account/security`, { headers: { cookie: `${cookie}; show_backup_codes=1` } });
    const html = await onPage.text();
    expect(html).toContain("Two-factor authentication is on.");
    expect(html.match(/data-testid="backup-codes"/g)).toHaveLength(1);
    // The browser signed in before the switch, without a second factor, is signed out.
    expect(await signedIn(before)).toBe(false);
    expect(mailsTo(email).map((m) => m.subject)).toContain("Two-factor authentication is on for your Spicy Clips account");
    const [row] = await handle.db.select({ secret: twoFactor.secret }).from(twoFactor);
    expect(row!.secret).not.toContain(secret.replaceAll(" ", ""));
  });

  it("asks for the code after the sign-in link, and a wrong code opens nothing", async () => {
    const email = "challenged@example.com";
    await signInModerator(app.env, email);
    await signIn(app.env, email); // a link read through the helper passes the challenge
    const { requestMagicLink } = await import("~/features/accounts/sign-in.server");
    const request = new Request(`${app.env.services.origin}/auth/sign-in`, {
      method: "POST",
      headers: { origin: app.env.services.origin },
    });
    const body = new FormData();
    body.set("email", email);
    const responseHeaders = new Headers();
    await requestMagicLink(app.env.services, { form: body, request, language: "en", clientIp: "198.51.100.7", responseHeaders });
    // The browser that asked holds the cookie that ties it to the link (ADR 113).
    const binding = responseHeaders
      .getSetCookie()
      .map((c) => c.split(";")[0]!)
      .join("; ");
    const link = app.env.outbox.list().find((m) => m.to === email && m.link?.includes("magic-link"))!.link!;
    const opened = await fetch(link.replace(app.env.services.origin, app.url), { headers: { cookie: binding }, redirect: "manual" });
    expect(opened.headers.get("location")).toMatch(/^\/auth\/two-factor\?next=/);
    expect(sessionCookie(opened)).toBeUndefined();
    const challenge = opened.headers
      .getSetCookie()
      .find((c) => c.includes("two_factor="))!
      .split(";")[0]!;
    const page = await fetch(`${app.url}${opened.headers.get("location")}`, { headers: { cookie: challenge } });
    expect(await page.text()).toContain("Code from your authenticator app");

    const wrong = await form(challenge, "/auth/two-factor", {
      kind: "app",
      code: "000000" === totpCode(enrolledSecret(app.env, email)!) ? "111111" : "000000",
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("That code is not right.");
    expect(sessionCookie(wrong)).toBeUndefined();

    const passed = await form(challenge, `/auth/two-factor?next=${encodeURIComponent("/auth/callback?next=%2F")}`, {
      kind: "app",
      code: totpCode(enrolledSecret(app.env, email)!),
    });
    expect(passed.status).toBe(302);
    expect(passed.headers.get("location")).toBe("/auth/callback?next=%2F");
    const cookie = sessionCookie(passed)!;
    expect(await signedIn(cookie)).toBe(true);
    const [row] = await handle.db
      .select({ passed: session.twoFactorVerified })
      .from(session)
      .where(eq(session.token, decodeURIComponent(cookie.split("=")[1]!).split(".")[0]!));
    expect(row!.passed).toBe(true);
  });

  it("sends a moderator without two-factor to set it up before any desk page, and lets one with it in", async () => {
    const email = "moderator@example.com";
    await grantModerator(handle.db, email);
    const plain = await signIn(app.env, email);
    for (const path of ["/admin", "/admin/audit", "/admin/reports"]) {
      const answer = await fetch(`${app.url}${path}`, { headers: { cookie: plain }, redirect: "manual" });
      expect(answer.status, path).toBe(302);
      expect(answer.headers.get("location")).toBe("/my-account/security#two-factor");
    }
    const action = await form(plain, "/admin/clips", { intent: "show-clip", clipId: "x" });
    expect(action.headers.get("location")).toBe("/my-account/security#two-factor");
    const page = await (await fetch(`${app.url}/my-account/security`, { headers: { cookie: plain } })).text();
    expect(page).toContain("Moderators must use two-factor authentication");

    const cookie = await signInModerator(app.env, email);
    expect((await fetch(`${app.url}/admin/audit`, { headers: { cookie } })).status).toBe(200);
    // A moderator cannot turn it off.
    const off = await form(cookie, "/my-account/security", { intent: "twoFactorOff", code: totpCode(enrolledSecret(app.env, email)!) });
    expect(off.status).toBe(403);
    expect((await fetch(`${app.url}/admin/audit`, { headers: { cookie } })).status).toBe(200);
  });

  it("a browser cannot call the plugin's endpoints itself (they would skip the mail and the desk's rule)", async () => {
    const email = "direct@example.com";
    const cookie = await signInModerator(app.env, email);
    for (const path of ["/two-factor/disable", "/two-factor/enable", "/two-factor/generate-backup-codes", "/revoke-other-sessions"]) {
      const answer = await fetch(`${app.url}/api/auth${path}`, {
        method: "POST",
        headers: { cookie, origin: app.url, "content-type": "application/json" },
        body: "{}",
      });
      expect(answer.status, path).toBe(404);
    }
    const [row] = await handle.db.select({ verified: twoFactor.verified }).from(twoFactor);
    expect(row).toBeTruthy();
    expect(await signedIn(cookie)).toBe(true);
  });

  it("turns off for a member with a current code, and mails it", async () => {
    const email = "leaver@example.com";
    const cookie = await signInModerator(app.env, email);
    const off = await form(cookie, "/my-account/security", { intent: "twoFactorOff", code: totpCode(enrolledSecret(app.env, email)!) });
    expect(off.status).toBe(302);
    const next = sessionCookie(off)!;
    expect(await (await fetch(`${app.url}/my-account/security`, { headers: { cookie: next } })).text()).toContain(
      "Set up two-factor authentication",
    );
    expect(mailsTo(email).map((m) => m.subject)).toContain("Two-factor authentication is off for your Spicy Clips account");
  });
});
