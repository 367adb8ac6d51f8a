import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { contactMessages } from "~schema";
import type { DatabaseHandle } from "~/lib/db.server";
import { type TestApp, withTestApp } from "../support/app";
import { testEngine } from "../support/database";

// Found by the 10 000-input fuzz run (docs/reliability.md, Fuzzing): a NUL
// character (%00) in a route parameter, a query value or a form field reached
// PostgreSQL, which cannot store or compare it ("invalid byte sequence for
// encoding UTF8: 0x00"), and the page answered 500.

describe(`a NUL character in a request on ${testEngine()}`, () => {
  let handle: DatabaseHandle;
  let app: TestApp;
  withTestApp((made) => ({ handle, app } = made));

  it("in the address is refused with a translated 400, as a page or as JSON", async () => {
    for (const path of [
      "/tag/a%00b",
      "/search?q=a%00b",
      "/api/feed?tag=a%00b",
      "/api/feed?category=a%00b",
      "/?tag=%00",
      "/admin/search?q=a%00b",
    ]) {
      const page = await fetch(`${app.url}${path}`, {
        headers: { cookie: "age_verified=true", accept: "text/html", "accept-language": "es" },
      });
      expect(page.status, path).toBe(400);
      expect(await page.text(), path).toContain("La dirección contiene un carácter que no se puede usar.");
    }
    const api = await fetch(`${app.url}/api/feed?tag=a%00b`, { headers: { cookie: "age_verified=true", "accept-language": "en" } });
    expect(api.status).toBe(400);
    expect(await api.json()).toEqual({ error: "The address contains a character that cannot be used." });
    // %2500 is a literal "%00", not a NUL: that is an ordinary search.
    expect((await fetch(`${app.url}/search?q=a%2500b`, { headers: { cookie: "age_verified=true" } })).status).toBe(200);
  });

  it("in a form field is removed, and the message is stored without it", async () => {
    const res = await fetch(`${app.url}/contato`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: app.url,
        "sec-fetch-site": "same-origin",
        cookie: "age_verified=true",
      },
      body: new URLSearchParams({
        name: "Nul\u0000 Test",
        email: "nul@example.com",
        subject: "nul-bytes",
        message: "hello\u0000 there",
        _js: "1",
      }),
    });
    expect(res.status).toBe(200);
    const [row] = await handle.db.select().from(contactMessages).where(eq(contactMessages.subject, "nul-bytes"));
    expect(row).toMatchObject({ name: "Nul Test", message: "hello there" });
  });
});
