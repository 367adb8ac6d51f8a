import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/lib/db.server";
import { startTestApp, type TestApp } from "../support/app";
import { createTestDatabase, testEngine } from "../support/database";
import { signIn } from "../support/sign-in";

const EMAIL = "secret.reader@mail-provider.example";

describe(`what every page sends the browser on ${testEngine()}`, () => {
  let handle: DatabaseHandle;
  let app: TestApp;
  let cookie: string;
  beforeAll(async () => {
    handle = await createTestDatabase();
    app = await startTestApp(handle, { env: { AGE_GATE: false } });
    cookie = await signIn(app.env, EMAIL);
  });
  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  it("the page and its embedded loader data carry the header's name, never the e-mail address", async () => {
    for (const path of ["/", "/about-us", "/search?q=x", "/not-a-page"]) {
      const html = await (await fetch(`${app.url}${path}`, { headers: { cookie } })).text();
      expect(html).toContain("window.__reactRouterContext");
      expect(html).toContain("secret.reader");
      expect(html).not.toContain(EMAIL);
      expect(html).not.toContain("mail-provider.example");
    }
  });

  it("so does the root data of a client-side navigation", async () => {
    const body = await (await fetch(`${app.url}/search.data?q=x`, { headers: { cookie } })).text();
    expect(body).not.toContain("mail-provider.example");
  });
});
