// `npm test`: every suite — unit, integration and end-to-end (real Chromium) —
// on the embedded PGlite and on PostgreSQL.
//
// PostgreSQL: TEST_DATABASE_URL names a throwaway database (its schema is
// reset). Without it, a database is created on the local server
// (PGHOST/PGPORT/PGUSER, default 127.0.0.1:5432) and dropped afterwards.
// Under CI=true a suite that cannot run fails the whole run instead of being
// skipped.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import pg from "pg";

const ci = process.env.CI === "true" || process.env.CI === "1";
const summary = [];
let failed = false;

// Each suite also writes a JSON report, so the summary at the very end (the
// part a CI log keeps) names every failed test, not only the failed suite.
const reports = mkdtempSync(join(tmpdir(), "spicy-test-reports-"));
process.on("exit", () => rmSync(reports, { recursive: true, force: true }));

function failuresIn(report) {
  if (!existsSync(report)) return ["(no report: vitest stopped before writing one)"];
  const { testResults = [] } = JSON.parse(readFileSync(report, "utf8"));
  return testResults.flatMap((file) => {
    const where = relative(process.cwd(), file.name);
    const tests = file.assertionResults.filter((test) => test.status === "failed");
    if (tests.length === 0 && file.status === "failed") return [`${where}: ${firstLine(file.message)}`];
    return tests.map((test) => `${where} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
  });
}

// A test that failed once and then passed (the end-to-end suite retries once
// under CI) is named too: a flaky test is a bug to fix, not to forget.
function retriedIn(report) {
  if (!existsSync(report)) return [];
  const { testResults = [] } = JSON.parse(readFileSync(report, "utf8"));
  return testResults.flatMap((file) =>
    file.assertionResults
      .filter((test) => test.status === "passed" && test.failureMessages?.length)
      .map((test) => `${relative(process.cwd(), file.name)} › ${test.fullName}: ${firstLine(test.failureMessages[0])}`),
  );
}

const firstLine = (text = "") =>
  text
    .split("\n")
    .find((line) => line.trim())
    ?.trim()
    .slice(0, 300) ?? "";

function vitest(project, label, env = {}) {
  const started = Date.now();
  const report = join(reports, `${project}-${summary.length}.json`);
  const args = ["vitest", "run", "--project", project, "--reporter=default", "--reporter=json", `--outputFile.json=${report}`];
  const result = spawnSync("npx", args, { stdio: "inherit", env: { ...process.env, ...env } });
  const ok = result.status === 0;
  summary.push(`${ok ? "passed" : "FAILED"}  ${label} (${Math.round((Date.now() - started) / 1000)} s)`);
  if (!ok) summary.push(...failuresIn(report).map((failure) => `    ✗ ${failure}`));
  summary.push(...retriedIn(report).map((test) => `    ↻ passed on its second try: ${test}`));
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
