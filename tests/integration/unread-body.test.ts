import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/lib/db.server";
import { createClient } from "../../scripts/load/http";
import { startTestApp, type TestApp } from "../support/app";
import { createTestDatabase, testEngine } from "../support/database";

// Found by the 10 000-input fuzz run (docs/reliability.md, Fuzzing): a POST
// answered before its body was read — 404 from an admin guard, 405 from a route
// with no action, 401, a redirect — left the rest of a large body unread on a
// keep-alive connection, and the next request on that connection was never
// answered. Each answer here is sent on one connection, then a page on the same.

const EARLY_ANSWERS = [
  { path: "/admin/clips", status: 404 },
  { path: "/", status: 405 },
  { path: "/my-account", status: 401 },
  { path: "/auth/sign-out", status: 302 },
];

describe(`a body left unread by an early answer on ${testEngine()}`, () => {
  let handle: DatabaseHandle;
  let app: TestApp;
  beforeAll(async () => {
    handle = await createTestDatabase();
    app = await startTestApp(handle);
  });
  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  for (const { path, status } of EARLY_ANSWERS)
    for (const type of ["application/json", "application/x-www-form-urlencoded"])
      it(`POST ${path} (${type}, 300 KB) answers ${status}, and the next request on its connection is answered`, async () => {
        const client = createClient(app.url, { connections: 1, timeoutMs: 20_000 });
        try {
          const body = type === "application/json" ? JSON.stringify({ a: "x".repeat(300_000) }) : `a=${"x".repeat(300_000)}`;
          const first = await client.request(path, {
            method: "POST",
            headers: { "content-type": type, origin: app.url, "sec-fetch-site": "same-origin", cookie: "age_verified=true" },
            body,
          });
          expect(first.status, first.body.slice(0, 200)).toBe(status);
          const next = await client.request("/termos-de-uso");
          expect(next.failure, next.error).toBeUndefined();
          expect(next.status).toBe(200);
        } finally {
          client.close();
        }
      });
});
