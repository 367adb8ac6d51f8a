// `npm run loadtest`: builds the app if needed, starts the production server on
// a free loopback port with a temporary data folder (PGlite; PostgreSQL when
// DATABASE_URL is set — its schema must be empty or the app's own) and drives
// the mixed workload of scripts/load/workload.ts. Exits 1 on any error (5xx,
// reset, time-out). See docs/reliability.md and ADR 100.
//
//   npm run loadtest -- [--vus 200] [--seconds 60] [--signed-in 20] [--think 1000-3000] [--timeout 15000] [--json]
import { rmSync } from "node:fs";
import { parseArgs } from "node:util";
import { buildIfStale, startServerProcess } from "./support/server-process";
import { formatReport, runLoad } from "./load/workload";

const { values } = parseArgs({
  options: {
    vus: { type: "string", default: "200" },
    seconds: { type: "string", default: "60" },
    "signed-in": { type: "string", default: "20" },
    think: { type: "string", default: "1000-3000" },
    timeout: { type: "string", default: "15000" },
    json: { type: "boolean", default: false },
  },
});
const [thinkMin, thinkMax] = values.think.split("-").map(Number) as [number, number];
const vus = Number(values.vus);

buildIfStale();
const databaseUrl = process.env.DATABASE_URL;
console.log(`starting the server on ${databaseUrl ? "PostgreSQL" : "PGlite"}…`);
const server = await startServerProcess({
  loopbackPublicUrl: true,
  env: {
    DATABASE_URL: databaseUrl,
    // One trusted proxy hop (the load generator), so each virtual user is its own address.
    // "1" reads as "on" to the older on/off parser and as one hop to the newer one.
    TRUST_PROXY: "1",
    // The users who sign in all come through this one machine's outbox.
    SIGN_IN_LIMIT_PER_IP: "10",
    JOB_WORKERS: "1",
  },
});
let exitCode: number;
try {
  console.log(`${server.url}: ${vus} virtual users for ${values.seconds} s`);
  const report = await runLoad({
    baseUrl: server.url,
    vus,
    durationMs: Number(values.seconds) * 1000,
    signedIn: Math.min(vus, Number(values["signed-in"])),
    thinkMs: [thinkMin, thinkMax],
    timeoutMs: Number(values.timeout),
    onProgress: (done) => console.log(`  ${done} requests…`),
  });
  console.log(values.json ? JSON.stringify({ database: databaseUrl ? "postgres" : "pglite", ...report }, null, 2) : formatReport(report));
  const crashed = server.child.exitCode !== null;
  if (crashed) console.error(`the server exited during the run:\n${server.output().slice(-4000)}`);
  exitCode = report.errors === 0 && !crashed ? 0 : 1;
} finally {
  await server.stop();
  rmSync(server.dataDir, { recursive: true, force: true });
}
process.exit(exitCode);
