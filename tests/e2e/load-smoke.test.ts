import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { startServerProcess, type ServerProcess } from "../../scripts/support/server-process";
import { formatReport, runLoad } from "../../scripts/load/workload";
import { seededDataDir } from "../support/server";

// The 10-second version of `npm run loadtest` (ADR 100, ADR 104): the same mixed workload with 20 users.

describe(`load smoke test on ${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite"}`, () => {
  let server: ServerProcess | undefined;
  afterAll(async () => {
    await server?.stop();
    if (server) rmSync(server.dataDir, { recursive: true, force: true });
  });

  it("serves 20 virtual users for 10 s with no 5xx, reset or time-out", async () => {
    // On PostgreSQL the suite's database already holds the seeded catalogue of the shared e2e server; this server reuses it.
    server = await startServerProcess({
      loopbackPublicUrl: true,
      env: { DATABASE_URL: process.env.TEST_DATABASE_URL, TRUST_PROXY: "1", JOB_WORKERS: "0", ...seededDataDir() },
    });
    const report = await runLoad({ baseUrl: server.url, vus: 20, durationMs: 10_000, signedIn: 3, thinkMs: [200, 800], timeoutMs: 15_000 });
    console.log(formatReport(report));
    expect(report.errors, report.samples.join("\n")).toBe(0);
    expect(report.requests).toBeGreaterThan(40);
    // Virtual users do what a page does before flaming (ask for an anonymous id): no flame may be refused.
    expect(report.actions.find((a) => a.action === "flame/unflame")?.clientErrors, report.clientErrorSamples.join("\n")).toBe(0);
    for (const action of report.actions.filter((a) => a.action !== "sign-in link")) expect(action.count, action.action).toBeGreaterThan(0);
    expect(server.child.exitCode).toBeNull();
  }, 120_000);
});
