import { describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/lib/db.server";
import { withTestApp, type TestApp } from "../support/app";
import { testEngine } from "../support/database";
import { message } from "../support/messages";

/** Content spoofing through the sign-in callback: only fixed, translated messages for known error codes. */
describe(`the sign-in callback speaks only its own words on ${testEngine()}`, () => {
  let app: TestApp;
  withTestApp((made: { handle: DatabaseHandle; app: TestApp }) => ({ app } = made));

  const planted = "Your account is suspended. Call +1-900-555-0100";

  it("never shows a description from the address, whatever the error code", { timeout: 120_000 }, async () => {
    for (const error of ["x", "INVALID_TOKEN", "access_denied", "failed_to_create_user", "<b>bold</b>"]) {
      for (const path of ["/auth/callback", "/auth/callback.data"]) {
        const url = `${app.url}${path}?${new URLSearchParams({ error, error_description: planted })}`;
        const body = await (await fetch(url)).text();
        // The address itself comes back percent-encoded in links (the language menu's return path); its words never do.
        expect(body, `${path} error=${error}`).not.toContain("account is suspended");
        expect(body, `${path} error=${error}`).not.toContain("Call +1-900");
        expect(body).not.toContain("<b>bold</b>");
      }
    }
  });

  it("shows the translated message of a known code, in the visitor's language", { timeout: 120_000 }, async () => {
    const expired = await (await fetch(`${app.url}/auth/callback?error=EXPIRED_TOKEN`)).text();
    expect(expired).toContain(message("accounts", "callback.invalidLink"));
    const denied = await (await fetch(`${app.url}/auth/callback?error=access_denied`, { headers: { "accept-language": "es" } })).text();
    expect(denied).toContain(message("accounts", "callback.accessDenied", "es"));
  });
});
