import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { runFuzz } from "../../scripts/fuzz/fuzz";
import { createClient } from "../../scripts/load/http";
import { startServerProcess, type ServerProcess } from "../../scripts/support/server-process";
import { signInModeratorSession, signInSession } from "../../scripts/load/sign-in";
import { ownDatabase } from "../support/own-database";
import { seededDataDir } from "../support/server";

// The CI-size version of `npm run fuzz` (ADR 102, ADR 104): 320 generated
// requests, a couple of thousand hostile values, to every route of
// scripts/fuzz/targets.ts against a production server of its own, as a visitor,
// a member and a moderator. Any answer ≥ 500, reset, time-out, stack trace or
// unescaped injected markup fails it, and so does the server dying. The seed is
// `npm run fuzz`'s, so a failure replays with `npm run fuzz -- --runs 20`.

const RUNS = 20;
const BATCH = 16;
const SEED = 20261124;

describe(`fuzz smoke test on ${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite"}`, () => {
  const cleanups: (() => Promise<unknown> | void)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it(`answers ${RUNS * BATCH} hostile requests with no 5xx, hang or unescaped markup`, async () => {
    // Its own catalogue: the fuzzer writes forms, flames and sign-ins the suite's other tests must not see.
    const database = await ownDatabase("spicy_fuzz");
    if (database) cleanups.push(database.drop);
    const server: ServerProcess = await startServerProcess({
      env: {
        DATABASE_URL: database?.url,
        TRUST_PROXY: "1",
        ADMIN_EMAILS: "fuzz-moderator@example.com",
        JOB_WORKERS: "1",
        ...seededDataDir(),
      },
      loopbackPublicUrl: true,
    });
    cleanups.push(() => rmSync(server.dataDir, { recursive: true, force: true }));
    cleanups.push(() => server.stop());
    const client = createClient(server.url, { connections: 32, timeoutMs: 30_000 });
    cleanups.push(() => client.close());

    const sessions = {
      member: await signInSession(client, server.url, "fuzz-member@example.com", "10.9.0.1"),
      moderator: await signInModeratorSession(client, server.url, "fuzz-moderator@example.com", "10.9.0.2"),
    };
    // The moderator really reaches the desk (two-factor enrolled and passed, ADR 121): its routes are fuzzed, not
    // only the redirect to the security page.
    const desk = await client.request("/admin", { headers: { cookie: sessions.moderator, "x-forwarded-for": "10.9.0.2" } });
    expect(desk.status, desk.headers.location ?? "").toBe(200);
    const started = Date.now();
    const result = await runFuzz(client, { baseUrl: server.url, sessions, runs: RUNS, batch: BATCH, seed: SEED });
    console.log(
      `fuzz smoke: ${result.requests} requests carrying ${result.inputs} inputs in ${((Date.now() - started) / 1000).toFixed(1)} s; ` +
        `statuses ${JSON.stringify(result.statuses)}`,
    );
    expect(result.failures.map((f) => `${f.problem}\n  ${f.request}`)).toEqual([]);
    expect(result.requests).toBe(RUNS * BATCH);
    expect(server.child.exitCode).toBeNull();
    expect(await server.stop(), server.output().slice(-4000)).toBe(0);
  }, 180_000);
});
