import { describe, expect, it } from "vitest";
import { type TestApp, withTestApp } from "../support/app";
import { testEngine } from "../support/database";
import { signIn } from "../support/sign-in";

// Scripts on the page get only what the page shows: Better Auth's read endpoints answered any script on the site
// with the full address, the session token, the address and browser of every session. The pages read the session
// on the server (auth.api), so a browser's direct request to them is refused like any unknown path.

const READS = ["/api/auth/get-session", "/api/auth/list-sessions", "/api/auth/list-accounts", "/api/auth/account-info"];

describe(`session reads are not served to scripts, on ${testEngine()}`, () => {
  let app: TestApp;
  withTestApp((made) => ({ app } = made));

  it("answers a signed-in browser's direct reads with 404, naming nothing of the account", async () => {
    const email = "reader.of.sessions@example.com";
    const cookie = await signIn(app.env, email);
    const token = decodeURIComponent(cookie.split("=")[1]!.split(";")[0]!).split(".")[0]!;
    for (const path of READS) {
      for (const method of ["GET", "POST"]) {
        const answer = await fetch(`${app.url}${path}`, {
          method,
          headers: { cookie, origin: app.url, ...(method === "POST" ? { "content-type": "application/json" } : {}) },
          ...(method === "POST" ? { body: "{}" } : {}),
        });
        const text = await answer.text();
        expect(answer.status, `${method} ${path}`).toBe(404);
        expect(text, `${method} ${path}`).not.toContain(email);
        expect(text, `${method} ${path}`).not.toContain(token);
      }
    }
  });

  it("still knows the member on the site's own pages", async () => {
    const email = "still.signed.in@example.com";
    const cookie = await signIn(app.env, email);
    const page = await fetch(`${app.url}/my-account`, { headers: { cookie } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(email);
  });
});
