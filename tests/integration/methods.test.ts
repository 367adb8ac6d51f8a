import type { AddressInfo } from "node:net";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/lib/db.server";
import { createApp } from "../../server/app";
import { APP_METHODS } from "../../server/methods";
import { createTestDatabase } from "../support/database";
import { createTestServices } from "../support/services";

// Every page and endpoint, including React Router's data requests (.data) and a path no route matches.
const PATHS = [
  "/",
  "/api/feed",
  "/api/flames",
  "/api/visitor",
  "/api/usage",
  "/submit",
  "/submit.data",
  "/report",
  "/claim-this-content",
  "/promote-content",
  "/contato",
  "/liked-videos",
  "/search",
  "/video/abc12345",
  "/my-account",
  "/ativar",
  "/insights",
  "/admin",
  "/admin/jobs",
  "/admin/clips",
  "/admin/copies",
  "/admin/reports",
  "/admin/reports/7a2b8c1d-0000-4000-8000-000000000000",
  "/auth/sign-in",
  "/auth/sign-out",
  "/preferences",
  "/no-such-page",
];

describe("one method check for every route (ADR 023)", () => {
  let handle: DatabaseHandle;
  let url: string;
  let close: () => Promise<unknown>;
  let builds = 0;

  beforeAll(async () => {
    handle = await createTestDatabase();
    const { services, outbox } = createTestServices(handle);
    const app = createApp({
      services,
      outbox,
      ping: async () => {},
      // React Router must never see a refused method. The metrics read the build's route table after every
      // answer (ADR 097), so what counts is React Router reaching for the build's entry module.
      build: async () =>
        ({
          routes: {},
          get entry() {
            builds++;
            throw new Error("the test build has no entry");
          },
        }) as unknown as ServerBuild,
      clientDir: "/nonexistent",
    });
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => new Promise((resolve) => server.close(resolve));
  });
  afterAll(async () => {
    await close();
    await handle.close();
  });

  it.each(["PUT", "PATCH", "DELETE", "OPTIONS"])(
    "answers %s with 405 and Allow on every route, before React Router runs",
    async (method) => {
      for (const path of PATHS) {
        const res = await fetch(`${url}${path}`, {
          method,
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: method === "DELETE" || method === "OPTIONS" ? undefined : "intent=resolve",
        });
        expect(res.status, `${method} ${path}`).toBe(405);
        expect(res.headers.get("allow"), path).toBe("GET, HEAD, POST");
      }
      expect(builds).toBe(0);
    },
  );

  it("lets GET, HEAD and POST through to React Router", async () => {
    expect(APP_METHODS).toEqual(["GET", "HEAD", "POST"]);
    for (const method of APP_METHODS) {
      const before = builds;
      await fetch(`${url}/submit`, { method, body: method === "POST" ? "a=b" : undefined });
      expect(builds, method).toBeGreaterThan(before);
    }
  });
});
