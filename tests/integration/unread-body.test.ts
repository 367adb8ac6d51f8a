import { describe, expect, it } from "vitest";
import { createClient } from "../../scripts/load/http";
import { type TestApp, withTestApp } from "../support/app";
import { testEngine } from "../support/database";

// Found by the 10 000-input fuzz run (docs/reliability.md, Fuzzing): a POST
// answered before its body was read — 404 from a moderator guard, 405 from a route
// with no action, 401, a redirect — left the rest of a large body unread on a
// keep-alive connection, and the next request on that connection was never
// answered. Each answer here is sent on one connection, then a page on the same.

// An admin guard's 404 and a page with no action (405) never read the body; a member-only action (401) and a
// redirect (302) read it first since the action helper does, and stay as controls.
const EARLY_ANSWERS = ["/admin/clips", "/", "/my-account", "/auth/sign-out"];

describe(`a body left unread by an early answer on ${testEngine()}`, () => {
  let app: TestApp;
  withTestApp((made) => ({ app } = made));

  for (const path of EARLY_ANSWERS)
    for (const type of ["application/json", "application/x-www-form-urlencoded"])
      it(`POST ${path} (${type}, 300 KB) is refused, and the next request on its connection is answered`, async () => {
        const client = createClient(app.url, { connections: 1, timeoutMs: 20_000 });
        try {
          const body = type === "application/json" ? JSON.stringify({ a: "x".repeat(300_000) }) : `a=${"x".repeat(300_000)}`;
          const first = await client.request(path, {
            method: "POST",
            headers: { "content-type": type, origin: app.url, "sec-fetch-site": "same-origin", cookie: "age_verified=true" },
            body,
          });
          expect(first.status, first.body.slice(0, 200)).toBeGreaterThanOrEqual(300);
          expect(first.status, first.body.slice(0, 200)).toBeLessThan(500);
          const next = await client.request("/termos-de-uso");
          expect(next.failure, next.error).toBeUndefined();
          expect(next.status).toBe(200);
        } finally {
          client.close();
        }
      });
});
