// `npm test`: every suite — unit, integration and end-to-end (real Chromium) —
// on the embedded PGlite and on PostgreSQL.
//
// PostgreSQL: TEST_DATABASE_URL names a throwaway database (its schema is
// reset, and the integration suite copies it into one database per test file,
// named after it). Without it, a database is created on the local server
// (PGHOST/PGPORT/PGUSER, default 127.0.0.1:5432) and dropped afterwards.
// Under CI=true a suite that cannot run fails the whole run instead of being
// skipped.
//
// What runs at the same time (docs/decisions/125-test-run-in-lanes.md, amended by
// docs/decisions/228-integration-beside-the-prelude.md and docs/decisions/235-integration-by-engine.md): from the start,
// one production build then the typecheck, lint then the unit suite, and two lanes, PGlite and PostgreSQL, which share
// no database and no port. Each lane runs its integration suite first — every file on PostgreSQL, the files whose
// subject is the engine on PGlite — and its end-to-end groups once both integration suites have ended. Each end-to-end
// file runs on one of the two (ADR 127), except the few whose subject is the engine; each engine's end-to-end files run
// in groups side by side, each with its own server and database (ADR 219). Every end-to-end group serves that one
// build, which none writes to. Each suite's output is printed whole when it ends, and the summary gives each suite's
// time and CPU time, and the whole run's.
import { spawn } from "node:child_process";
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join, relative } from "node:path";
import pg from "pg";
import { balancedGroups, longestFirst, placeInLeastLoaded, recordedSeconds } from "./support/test-split.mjs";

const ci = process.env.CI === "true" || process.env.CI === "1";
// `npm test -- <filter>…` runs only the matching test files of each suite (vitest's file filters), e.g. to try the
// runner itself; lint, typecheck and the build still run.
const filters = process.argv.slice(2);
const started = Date.now();
const loadAtStart = loadavg()[0].toFixed(1);
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

/** The slowest files of a report, so a suite's growth can be traced to its files. */
function slowestIn(report, count = 3) {
  if (!existsSync(report)) return [];
  const { testResults = [] } = JSON.parse(readFileSync(report, "utf8"));
  return testResults
    .map((file) => ({ name: relative(process.cwd(), file.name), ms: file.endTime - file.startTime }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, count)
    .map((file) => `${file.name} ${Math.round(file.ms / 1000)} s`);
}

// The first line of a failure. vitest gives a time-out the stack of an error named STACK_TRACE_ERROR, whose first
// line says nothing: the summary says what it was instead.
// A report may hold null where a message is missing: the summary must never be what fails the run.
const firstLine = (text) =>
  String(text ?? "")
    .split("\n")
    .find((line) => line.trim())
    ?.trim()
    .replace(/^Error: STACK_TRACE_ERROR$/, "timed out")
    .slice(0, 300) ?? "";

const seconds = (since) => `${Math.round((Date.now() - since) / 1000)} s`;

// The machine is shared: a suite's time means little without the load it ran under, so each summary line gives the
// 1-minute load average at its start and end (docs/performance.md § Test suite time).
const loadNow = () => loadavg()[0].toFixed(1);
const loadSince = (at) => `load ${at}→${loadNow()}`;

// What each suite's processes spent on the CPU (user + system, every process it waited for: vitest's workers, the
// servers, Chromium; not PostgreSQL's own), read from /proc by the shell that runs it: on a shared machine the wall
// time says more about the neighbours than about the suite (docs/performance.md § Test suite time).
const cpuTimes = new Map();
const TICKS_PER_SECOND = 100; // USER_HZ, 100 on Linux
const cpuOf = (label) => (cpuTimes.has(label) ? `${Math.round(cpuTimes.get(label))} s CPU; ` : "");

/**
 * Runs a command with its output in a file, printed in one piece when it ends (suites running side by side would
 * interleave line by line). Resolves with its exit code.
 */
function run(label, command, args, env = {}) {
  const log = join(reports, `${label.replace(/\W+/g, "-")}.log`);
  const stat = join(reports, `${label.replace(/\W+/g, "-")}.stat`);
  const out = createWriteStream(log);
  // The shell's own /proc entry, once the command has ended, holds the CPU time of all it waited for.
  const shell = 'stat=$1; shift; "$@"; code=$?; cat /proc/$$/stat > "$stat" 2>/dev/null; exit $code';
  const child = spawn("/bin/sh", ["-c", shell, "sh", stat, command, ...args], {
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, FORCE_COLOR: "1", ...env },
  });
  child.stdout.pipe(out, { end: false });
  child.stderr.pipe(out, { end: false });
  return new Promise((resolve) => {
    child.once("close", (code, signal) => {
      if (existsSync(stat)) {
        // Fields 16 and 17 of /proc/PID/stat (children's user and system time), counted after the command's name.
        const fields = readFileSync(stat, "utf8").split(") ")[1]?.split(" ") ?? [];
        const ticks = Number(fields[13]) + Number(fields[14]);
        if (Number.isFinite(ticks)) cpuTimes.set(label, ticks / TICKS_PER_SECOND);
      }
      out.end(() => {
        console.log(`\n━━━ ${label} ━━━`);
        process.stdout.write(readFileSync(log));
        resolve(code ?? (signal ? 1 : 0));
      });
    });
  });
}

// Lint and the typecheck, which nothing waits for and which time nothing, run at a lower priority: they share the cores
// with the integration suites, which the end-to-end groups wait for (ADR 228). The unit suite keeps its priority: some
// of its tests have time-outs.
const BACKGROUND = ["nice", "-n", "10"];
// The integration suites' media jobs run ffmpeg at the suite's own priority instead of 19 levels below it
// (MEDIA_JOB_NICE, README): at the lowest, renditions.test.ts waited minutes behind the other suites.
const INTEGRATION_ENV = { MEDIA_JOB_NICE: "0" };

async function script(name, env = {}, { background = false } = {}) {
  const since = Date.now();
  const loadBefore = loadNow();
  const [command, ...args] = [...(background ? BACKGROUND : []), "npm", "run", name];
  const ok = (await run(name, command, args, env)) === 0;
  summary.push(`${ok ? "passed" : "FAILED"}  ${name} (${seconds(since)}; ${cpuOf(name)}${loadSince(loadBefore)})`);
  failed ||= !ok;
  return ok;
}

async function vitest(project, label, env = {}, files) {
  const since = Date.now();
  const loadBefore = loadNow();
  const report = join(reports, `${label.replace(/\W+/g, "-")}.json`);
  const args = ["vitest", "run", "--project", project, "--reporter=default", "--reporter=json", `--outputFile.json=${report}`];
  if (files) args.push(...files);
  else if (filters.length) args.push("--passWithNoTests", ...filters);
  const ok = (await run(label, "npx", args, project === "integration" ? { ...INTEGRATION_ENV, ...env } : env)) === 0;
  summary.push(
    `${ok ? "passed" : "FAILED"}  ${label} (${seconds(since)}; ${cpuOf(label)}${loadSince(loadBefore)}; slowest: ${slowestIn(report).join(", ")})`,
  );
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

// End-to-end files whose subject is the engine itself (a killed server, load, fuzzing, the shared cache) run on both;
// those that need PostgreSQL run there; every other file runs once, on the engine that has the less work so far, by
// the files' times recorded in tests/e2e/timings.json (a file not recorded yet counts as the median). E2E_ON_BOTH=1
// runs every file on both engines, as before (docs/decisions/127-end-to-end-files-split-between-engines.md).
// Each engine's files can run in E2E_GROUPS groups side by side (default 1), each group a vitest of its own with its own
// server and database, its files one after the other as before: a browser test mostly waits — for pages, players,
// timers — so one group per engine left a core idle (docs/decisions/219-end-to-end-groups-side-by-side.md).
const E2E_ON_BOTH_ENGINES = ["fault-kill", "fuzz-smoke", "load-smoke", "throughput-cache"];
const E2E_ON_POSTGRES = ["scale-out", "fault-postgres"];
const E2E_GROUPS = Math.max(1, Number.parseInt(process.env.E2E_GROUPS ?? "1", 10) || 1);
const TIMINGS = "tests/e2e/timings.json";

/** `{ pglite, postgres }`: each engine's end-to-end files, in E2E_GROUPS groups. */
function splitEndToEnd() {
  const matches = (file) => filters.length === 0 || filters.some((filter) => file.includes(filter));
  const files = readdirSync("tests/e2e")
    .filter((name) => name.endsWith(".test.ts"))
    .sort()
    .map((name) => `tests/e2e/${name}`)
    .filter(matches);
  const named = (list) => (file) => list.some((name) => file === `tests/e2e/${name}.test.ts`);
  const seconds = recordedSeconds(TIMINGS, 30);
  // Every group starts when both integration suites have ended (ADR 235).
  const groups = ["pglite", "postgres"].flatMap((engine) => Array.from({ length: E2E_GROUPS }, () => ({ engine, files: [], load: 0 })));
  const place = (file, engines) =>
    placeInLeastLoaded(
      groups.filter((g) => engines.includes(g.engine)),
      file,
      seconds,
    );
  const both = process.env.E2E_ON_BOTH === "1" ? files : files.filter(named(E2E_ON_BOTH_ENGINES));
  const postgresOnly = files.filter((file) => !both.includes(file) && named(E2E_ON_POSTGRES)(file));
  for (const file of longestFirst(both, seconds)) for (const engine of ["pglite", "postgres"]) place(file, [engine]);
  for (const file of longestFirst(postgresOnly, seconds)) place(file, ["postgres"]);
  const rest = files.filter((file) => !both.includes(file) && !postgresOnly.includes(file));
  for (const file of longestFirst(rest, seconds)) place(file, ["pglite", "postgres"]);
  const of = (engine) => groups.filter((g) => g.engine === engine).map((g) => g.files.sort());
  return { pglite: of("pglite"), postgres: of("postgres") };
}

/** Writes the files' times of this run to tests/e2e/timings.json and tests/integration/timings.json (RECORD_E2E_TIMINGS=1). */
function recordTimings() {
  const timings = existsSync(TIMINGS) ? JSON.parse(readFileSync(TIMINGS, "utf8")) : { files: {} };
  for (const name of readdirSync(reports).filter((name) => name.startsWith("end-to-end-") && name.endsWith(".json"))) {
    const report = join(reports, name);
    for (const file of JSON.parse(readFileSync(report, "utf8")).testResults ?? [])
      timings.files[relative(process.cwd(), file.name)] = Math.round((file.endTime - file.startTime) / 1000);
  }
  writeFileSync(TIMINGS, `${JSON.stringify({ files: timings.files }, null, 2)}\n`);
  const integration = existsSync(INTEGRATION_TIMINGS) ? JSON.parse(readFileSync(INTEGRATION_TIMINGS, "utf8")) : { files: {} };
  for (const name of readdirSync(reports).filter((name) => name.startsWith("integration-on-PostgreSQL") && name.endsWith(".json"))) {
    for (const file of JSON.parse(readFileSync(join(reports, name), "utf8")).testResults ?? [])
      integration.files[relative(process.cwd(), file.name)] = Math.round((file.endTime - file.startTime) / 100) / 10;
  }
  writeFileSync(INTEGRATION_TIMINGS, `${JSON.stringify({ files: integration.files }, null, 2)}\n`);
  console.log(`recorded the files' times in ${TIMINGS} and ${INTEGRATION_TIMINGS}`);
}

// The integration suite runs whole on PostgreSQL, the engine the site serves from; on PGlite it runs the files whose
// subject is the engine or what it changes — migrations and the database's own functions and triggers, the engine
// modes and their locks, notifications and the caches they keep, the flame and signal writers, the feed's statements
// (which read heard flames in process), boot and shutdown, the CLI on its own data folder — rather than every file a
// second time (docs/decisions/235-integration-by-engine.md). INTEGRATION_ON_BOTH=1 runs every file on both.
const INTEGRATION_ON_PGLITE = [
  "admin-cli",
  "catalog-schema",
  "catalogue-counters",
  "database-doc",
  "dismissed-sets",
  "engine-mode",
  "feed-cache",
  "feed-for-you",
  "feed-newcomer-orders",
  "feed-queries",
  "flame-batch",
  "flame-concurrency",
  "flamed-clips",
  "flamed-sets",
  "flames",
  "full-disk",
  "graceful-shutdown",
  "insights",
  "jobs",
  "listing-copies",
  "metrics",
  "pglite-lock",
  "pglite-worker",
  "security-signal-personal-data",
  "server-boot",
  "session",
  "signals",
];

// PostgreSQL's integration suite, the longest part of the run before the browsers start, runs in INTEGRATION_GROUPS
// vitests side by side (default 2), each on a database of its own, its files split by their times in
// tests/integration/timings.json: one vitest is one JavaScript thread, and once PGlite's shorter suite has ended a core
// sat idle until it did (docs/decisions/237-postgres-integration-in-two-groups.md).
const INTEGRATION_GROUPS = Math.max(1, Number.parseInt(process.env.INTEGRATION_GROUPS ?? "2", 10) || 1);
const INTEGRATION_TIMINGS = "tests/integration/timings.json";

/** PostgreSQL's integration files in INTEGRATION_GROUPS groups of about equal recorded time, longest first. */
function integrationOnPostgres() {
  const files = readdirSync("tests/integration")
    .filter((name) => name.endsWith(".test.ts"))
    .sort()
    .map((name) => `tests/integration/${name}`)
    .filter((file) => filters.length === 0 || filters.some((filter) => file.includes(filter)));
  return balancedGroups(files, INTEGRATION_GROUPS, recordedSeconds(INTEGRATION_TIMINGS, 2));
}

/** The integration files PGlite's lane runs (`undefined`: every file, as on PostgreSQL). */
function integrationOnPglite() {
  if (process.env.INTEGRATION_ON_BOTH === "1") return undefined;
  const files = INTEGRATION_ON_PGLITE.map((name) => `tests/integration/${name}.test.ts`);
  const missing = files.filter((file) => !existsSync(file));
  if (missing.length) throw new Error(`scripts/test.mjs names integration files that do not exist: ${missing.join(", ")}`);
  return files.filter((file) => filters.length === 0 || filters.some((filter) => file.includes(filter)));
}

const browser = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const hasBrowser = existsSync(browser);

// One build for both end-to-end suites, in a folder of this run's own (a parallel run cannot swap its assets).
mkdirSync(".tmp", { recursive: true });
const buildDir = mkdtempSync(join(process.cwd(), ".tmp", "build-"));
process.on("exit", () => rmSync(buildDir, { recursive: true, force: true }));

// Both engines' end-to-end groups start once both integration suites have ended (ADR 235): an end-to-end group's
// Chromium raises its own threads' priority, and beside the other lane's integration suite both ran far slower.
const ended = { pglite: () => {}, postgres: () => {} };
const integrationsEnded = Promise.all([
  new Promise((resolve) => (ended.pglite = resolve)),
  new Promise((resolve) => (ended.postgres = resolve)),
]);

// The build first, then the typecheck once the integration suites have ended; lint then the unit suite; beside them from
// the start, both engines' integration suites, which need no build (ADR 228).
const building = hasBrowser ? script("build", { BUILD_DIR: buildDir }) : Promise.resolve(false);
const prelude = Promise.all([
  // The typecheck waits for the integration suites too: each starts a Vite with the app's config, whose React Router
  // plugin deletes and writes again the generated route types (.react-router/types) as it starts; a tsc reading them
  // meanwhile found none (a verification run's typecheck failed so).
  Promise.all([building, integrationsEnded]).then(() => script("typecheck", {}, { background: true })),
  script("lint", {}, { background: true }).then(() => vitest("unit", "unit")),
]);

async function endToEnd(label, env, files) {
  if (!hasBrowser) return skip(label, `Chromium not found at ${browser} (apt-get install chromium, or set CHROMIUM_PATH)`);
  if (!(await building)) return skip(label, "the build failed");
  if (files.length === 0) return summary.push(`passed  ${label} (no file of this run's filter is assigned to it)`);
  await vitest("e2e", label, { ...env, TEST_BUILD_DIR: buildDir }, files);
}

// Which end-to-end files run on which engine, in which group (docs/decisions/127-end-to-end-files-split-between-engines.md,
// docs/decisions/219-end-to-end-groups-side-by-side.md).
const lanes = splitEndToEnd();
const counts = (groups) => groups.map((files) => files.length).join(" + ");
console.log(`end-to-end files: ${counts(lanes.pglite)} on PGlite, ${counts(lanes.postgres)} on PostgreSQL (ADR 127, ADR 219)`);
const groupLabel = (engine, index) => `end-to-end on ${engine}${E2E_GROUPS > 1 ? ` (group ${index + 1} of ${E2E_GROUPS})` : ""}`;

/**
 * A database beside `url`'s, for a further group on PostgreSQL (an end-to-end group's server migrates and seeds it; an
 * integration group's set-up migrates it as its files' template), dropped after `run`. No connection to `url`'s own
 * database stays open meanwhile: the integration suite copies that one as a template, which PostgreSQL refuses while
 * anyone else is connected to it.
 */
async function besideDatabase(url, suffix, run) {
  const own = new URL(url);
  const name = `${decodeURIComponent(own.pathname.slice(1))}_${suffix}`;
  const admin = async (statement) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  try {
    await admin(`drop database if exists "${name}" with (force)`);
    await admin(`create database "${name}"`);
    own.pathname = `/${name}`;
    return await run(own.toString());
  } finally {
    await admin(`drop database if exists "${name}" with (force)`).catch(() => {});
  }
}

// PGlite's end-to-end groups start their servers from copies of one migrated and seeded data directory, made once the
// build is there, while the integration suites run (tests/e2e/seed-data-dir.ts); a group seeds its own if this failed.
const seededDir = mkdtempSync(join(tmpdir(), "spicy-e2e-seeded-"));
process.on("exit", () => rmSync(seededDir, { recursive: true, force: true }));
const seeding = building.then(async (ok) => {
  if (!ok || !lanes.pglite.some((files) => files.length)) return {};
  const since = Date.now();
  const loadBefore = loadNow();
  const label = "seeding boot for PGlite's end-to-end groups";
  const code = await run(label, "node", ["--import", "tsx", "tests/e2e/seed-data-dir.ts", seededDir], {
    TEST_DATABASE_URL: "",
    BUILD_DIR: buildDir,
  });
  summary.push(`${code === 0 ? "passed" : "FAILED"}  ${label} (${seconds(since)}; ${cpuOf(label)}${loadSince(loadBefore)})`);
  failed ||= code !== 0;
  return code === 0 ? { TEST_SEEDED_DATA_DIR: seededDir } : {};
});

await Promise.all([
  prelude,
  (async () => {
    const files = integrationOnPglite();
    if (files?.length === 0) summary.push(`passed  integration on PGlite (no file of this run's filter is assigned to it)`);
    else await vitest("integration", "integration on PGlite", { TEST_DATABASE_URL: "" }, files);
    ended.pglite();
    await integrationsEnded;
    const seeded = await seeding;
    await Promise.all(lanes.pglite.map((files, i) => endToEnd(groupLabel("PGlite", i), { TEST_DATABASE_URL: "", ...seeded }, files)));
  })(),
  withPostgres(async (url) => {
    const groups = integrationOnPostgres();
    if (groups.length === 0) summary.push(`passed  integration on PostgreSQL (no file of this run's filter is assigned to it)`);
    const label = (i) => `integration on PostgreSQL${groups.length > 1 ? ` (group ${i + 1} of ${groups.length})` : ""}`;
    await Promise.all(
      groups.map((files, i) => {
        if (i === 0) return vitest("integration", label(i), { TEST_DATABASE_URL: url }, files);
        return besideDatabase(url, `int${i + 1}`, (own) => vitest("integration", label(i), { TEST_DATABASE_URL: own }, files));
      }),
    );
    ended.postgres();
    await integrationsEnded;
    await Promise.all(
      lanes.postgres.map((files, i) => {
        const label = groupLabel("PostgreSQL", i);
        if (i === 0) return endToEnd(label, { TEST_DATABASE_URL: url }, files);
        return besideDatabase(url, `e2e${i + 1}`, (own) => endToEnd(label, { TEST_DATABASE_URL: own }, files));
      }),
    );
  }).finally(() => ended.postgres()),
]);
if (process.env.RECORD_E2E_TIMINGS === "1" && !failed) recordTimings();

console.log(
  `\nTest suites (side by side: build then typecheck, lint then unit, and the PGlite lane beside the PostgreSQL lane — each its integration suite, then, once both have ended, its end-to-end groups side by side):`,
);
console.log(`  ${summary.join("\n  ")}`);
const passedCount = summary.filter((s) => s.startsWith("passed")).length;
const failedCount = summary.filter((s) => s.startsWith("FAILED")).length;
// This process's own entry in /proc holds the CPU time of every suite's shell it waited for.
const runCpu = () => {
  const fields = existsSync("/proc/self/stat") ? (readFileSync("/proc/self/stat", "utf8").split(") ")[1]?.split(" ") ?? []) : [];
  const ticks = Number(fields[13]) + Number(fields[14]);
  return Number.isFinite(ticks) ? `${Math.round(ticks / TICKS_PER_SECOND)} s CPU; ` : "";
};
console.log(`suites: ${passedCount} passed, ${failedCount} failed; whole run ${seconds(started)} (${runCpu()}${loadSince(loadAtStart)})`);
process.exit(failed ? 1 : 0);
