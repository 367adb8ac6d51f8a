// `npm test`: every suite — unit, integration and end-to-end (real Chromium) —
// on the embedded PGlite and on PostgreSQL.
//
// PostgreSQL: TEST_DATABASE_URL names a throwaway database (its schema is
// reset). Without it, a database is created on the local server
// (PGHOST/PGPORT/PGUSER, default 127.0.0.1:5432) and dropped afterwards.
// Under CI=true a suite that cannot run fails the whole run instead of being
// skipped.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import pg from "pg";

const ci = process.env.CI === "true" || process.env.CI === "1";
const summary = [];
let failed = false;

function vitest(project, label, env = {}) {
  const started = Date.now();
  const result = spawnSync("npx", ["vitest", "run", "--project", project], { stdio: "inherit", env: { ...process.env, ...env } });
  const ok = result.status === 0;
  summary.push(`${ok ? "passed" : "FAILED"}  ${label} (${Math.round((Date.now() - started) / 1000)} s)`);
  failed ||= !ok;
}

function skip(label, reason) {
  summary.push(`${ci ? "FAILED" : "SKIPPED"}  ${label}: ${reason}`);
  failed ||= ci;
}

async function withPostgres(run) {
  if (process.env.TEST_DATABASE_URL) return run(process.env.TEST_DATABASE_URL);
  const host = process.env.PGHOST ?? "127.0.0.1";
  const port = process.env.PGPORT ?? "5432";
  const user = process.env.PGUSER ?? (process.env.USER || "postgres");
  const admin = new pg.Client({ host, port: Number(port), user, database: "postgres", connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch (error) {
    return skip("PostgreSQL suites", `no PostgreSQL server at ${host}:${port} (${error.message}); set TEST_DATABASE_URL`);
  }
  const name = `spicy_test_${process.pid}_${Date.now()}`;
  await admin.query(`create database ${name}`);
  try {
    await run(`postgres://${encodeURIComponent(user)}@${host}:${port}/${name}`);
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

const browser = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const hasBrowser = existsSync(browser);

for (const script of ["lint", "typecheck"]) {
  const result = spawnSync("npm", ["run", script], { stdio: "inherit" });
  summary.push(`${result.status === 0 ? "passed" : "FAILED"}  ${script}`);
  failed ||= result.status !== 0;
}

vitest("unit", "unit");
vitest("integration", "integration on PGlite", { TEST_DATABASE_URL: "" });
if (hasBrowser) vitest("e2e", "end-to-end on PGlite", { TEST_DATABASE_URL: "" });
else skip("end-to-end suites", `Chromium not found at ${browser} (apt-get install chromium, or set CHROMIUM_PATH)`);

await withPostgres(async (url) => {
  vitest("integration", "integration on PostgreSQL", { TEST_DATABASE_URL: url });
  if (hasBrowser) vitest("e2e", "end-to-end on PostgreSQL", { TEST_DATABASE_URL: url });
});

console.log(`\nTest suites:\n  ${summary.join("\n  ")}`);
const passedCount = summary.filter((s) => s.startsWith("passed")).length;
const failedCount = summary.filter((s) => s.startsWith("FAILED")).length;
console.log(`suites: ${passedCount} passed, ${failedCount} failed`);
process.exit(failed ? 1 : 0);
