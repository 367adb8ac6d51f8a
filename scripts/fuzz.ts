// `npm run fuzz`: the property-based fuzzer (scripts/fuzz/) against a fresh
// production server — PGlite, or PostgreSQL with DATABASE_URL. Exits 1 when any
// answer is a 5xx, a reset, a time-out, a stack trace or unescaped markup.
//
//   npm run fuzz -- [--runs 1250] [--batch 16] [--seed 20261124]
import { rmSync } from "node:fs";
import { parseArgs } from "node:util";
import { runFuzz } from "./fuzz/fuzz";
import { createClient } from "./load/http";
import { buildIfStale, startServerProcess } from "./support/server-process";
import { signInModeratorSession, signInSession } from "./load/sign-in";

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "1250" },
    batch: { type: "string", default: "16" },
    seed: { type: "string", default: "20261124" },
  },
});

buildIfStale();
const server = await startServerProcess({
  loopbackPublicUrl: true,
  env: { DATABASE_URL: process.env.DATABASE_URL, TRUST_PROXY: "1", ADMIN_EMAILS: "fuzz-moderator@example.com", JOB_WORKERS: "1" },
});
const client = createClient(server.url, { connections: 64, timeoutMs: 30_000 });
let exitCode: number;
try {
  const sessions = {
    member: await signInSession(client, server.url, "fuzz-member@example.com", "10.9.0.1"),
    moderator: await signInModeratorSession(client, server.url, "fuzz-moderator@example.com", "10.9.0.2"),
  };
  const started = Date.now();
  const result = await runFuzz(client, {
    baseUrl: server.url,
    sessions,
    runs: Number(values.runs),
    batch: Number(values.batch),
    seed: Number(values.seed),
    onBatch: (done) => void (done % 160 === 0 && console.log(`  ${done} requests…`)),
  });
  console.log(
    `${result.requests} requests carrying ${result.inputs} generated inputs in ${((Date.now() - started) / 1000).toFixed(0)} s (seed ${values.seed})`,
  );
  console.log(`statuses: ${JSON.stringify(result.statuses)}`);
  for (const slow of result.slowest) console.log(`slow ${slow.ms} ms: ${slow.request}`);
  for (const failure of result.failures) console.log(`FAIL ${failure.problem}\n     ${failure.request}`);
  exitCode = result.failures.length === 0 && server.child.exitCode === null ? 0 : 1;
} finally {
  client.close();
  await server.stop();
  rmSync(server.dataDir, { recursive: true, force: true });
}
process.exit(exitCode);
