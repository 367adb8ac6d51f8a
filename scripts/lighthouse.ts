// `npm run lighthouse`: Lighthouse (mobile preset) on Debian Chromium against a freshly built and
// started production server, age gate passed, median of 5 runs on home, a video page, a tag page
// and a creator page (docs/decisions/042-lighthouse-runs.md). Prints one table and writes JSON and
// Markdown (default .tmp/lighthouse/, every run's report under runs/).
// Options: --runs N, --out DIR, --no-build (reuse BUILD_DIR), --pages home,video,… (a subset),
// --timeout-minutes M (default 30: past it, everything started here is stopped and the exit code is 2).
// Chromium: CHROMIUM_PATH or /usr/bin/chromium. Only loopback is reachable from the browser.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type RunnerResult } from "lighthouse";
import { build, root, startServerProcess } from "./support/server-process";
import {
  AGE_COOKIE,
  auditRun,
  CHROME_FLAGS,
  formatReport,
  lighthouseFlags,
  median,
  passAgeGate,
  type PageResult,
  type Run,
} from "./support/lighthouse-runs";

const { values: args } = parseArgs({
  options: {
    runs: { type: "string", default: "5" },
    out: { type: "string" },
    "no-build": { type: "boolean", default: false },
    pages: { type: "string", default: "home,video,tag,creator" },
    "timeout-minutes": { type: "string", default: "30" },
  },
});
const runs = Math.max(1, Number(args.runs));
const outDir = path.resolve(args.out ?? path.join(root, ".tmp", "lighthouse"));
const wanted = new Set(args.pages.split(","));
const chromePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (!existsSync(chromePath)) throw new Error(`Chromium not found at ${chromePath}: apt-get install chromium, or set CHROMIUM_PATH`);

/** Builds into its own folder (unless --no-build) and starts the production server on a fresh data directory. */
async function startServer() {
  let buildDir = process.env.BUILD_DIR;
  if (!args["no-build"]) {
    mkdirSync(path.join(root, ".tmp"), { recursive: true });
    buildDir = mkdtempSync(path.join(root, ".tmp", "lighthouse-build-"));
    console.log(`building into ${path.relative(root, buildDir)} …`);
    build(buildDir);
  }
  const server = await startServerProcess({
    env: { BUILD_DIR: buildDir, DATABASE_URL: process.env.DATABASE_URL },
    dataDirPrefix: "spicy-lighthouse-",
    // Canonical and alternate links name the address Lighthouse loads.
    loopbackPublicUrl: true,
    // The first start migrates a fresh database and seeds its catalogue.
    healthTimeoutMs: 180_000,
  });
  const stop = async () => {
    await server.stop();
    rmSync(server.dataDir, { recursive: true, force: true });
    if (!args["no-build"] && buildDir) rmSync(buildDir, { recursive: true, force: true });
  };
  return { url: server.url, stop, output: server.output, exitCode: () => server.child.exitCode ?? server.child.signalCode };
}

/** Home plus the first video, tag and creator page the home page links to. */
async function pickPages(base: string): Promise<Record<string, string>> {
  const response = await fetch(base, { headers: { cookie: AGE_COOKIE }, signal: AbortSignal.timeout(30_000) });
  const html = await response.text();
  const first = (kind: string) => {
    const match = html.match(new RegExp(`href="(/${kind}/[^"?#]+)"`));
    if (!match) throw new Error(`the home page links to no /${kind}/ page`);
    return match[1]!;
  };
  const all: Record<string, string> = { home: "/", video: first("video"), tag: first("tag"), creator: first("creator") };
  return Object.fromEntries(Object.entries(all).filter(([name]) => wanted.has(name)));
}

const loadAverage = () => os.loadavg().map((n) => Number(n.toFixed(2)));
const startedAt = new Date();
const machine = `${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? "CPU"}, ${Math.round(os.totalmem() / 2 ** 30)} GB`;

const server = await startServer();
const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS });
let stopping: Promise<void> | undefined;
const stopAll = () =>
  (stopping ??= (async () => {
    try {
      chrome.kill();
    } finally {
      await server.stop();
    }
  })());
// Bounded in time: a hung browser or server never keeps this script (or the machine) busy.
const deadline = setTimeout(
  () => {
    console.error(`lighthouse: not finished after ${args["timeout-minutes"]} minutes, stopping`);
    void stopAll().finally(() => process.exit(2));
  },
  Number(args["timeout-minutes"]) * 60_000,
);
deadline.unref();

const results: Record<string, PageResult> = {};
let lighthouseVersion = "";
try {
  const pages = await pickPages(server.url);
  for (const [name, pathname] of Object.entries(pages)) {
    const url = server.url + pathname;
    // One warm-up load so the first measured run does not pay for cold server caches.
    await fetch(url, { headers: { cookie: AGE_COOKIE }, signal: AbortSignal.timeout(30_000) });
    const pageRuns: Run[] = [];
    const failing = new Set<string>();
    const load = [loadAverage()];
    for (let i = 0; i < runs; i++) {
      // Now and then Chromium's trace misses its navigation start (NO_NAVSTART): such a run is tried again, twice at most.
      let result: RunnerResult | undefined;
      for (let attempt = 1; attempt <= 3 && (!result || result.lhr.runtimeError); attempt++) {
        if (attempt > 1) console.log(`${name} run ${i + 1}: ${result?.lhr.runtimeError?.code}, trying again`);
        await passAgeGate(chrome.port, server.url);
        result = await lighthouse(url, lighthouseFlags(chrome.port));
      }
      if (!result) throw new Error(`no Lighthouse result for ${url}`);
      mkdirSync(path.join(outDir, "runs"), { recursive: true });
      writeFileSync(path.join(outDir, "runs", `${name}-${i + 1}.json`), JSON.stringify(result.lhr));
      lighthouseVersion = result.lhr.lighthouseVersion;
      const { run, failing: failed } = auditRun(result.lhr);
      pageRuns.push(run);
      failed.forEach((id) => failing.add(id));
      console.log(
        `${name} run ${i + 1}/${runs}: performance ${run.performance}, LCP ${run.lcpMs} ms, TBT ${run.tbtMs} ms, CLS ${run.cls}, load average ${loadAverage().join(" ")}` +
          (run.error ? `, error: ${run.error}` : ""),
      );
    }
    load.push(loadAverage());
    const keys = (Object.keys(pageRuns[0]!) as (keyof Run)[]).filter((key) => key !== "error");
    const med = Object.fromEntries(keys.map((key) => [key, median(pageRuns.map((r) => r[key] as number))])) as unknown as Run;
    results[name] = { url: pathname, median: med, runs: pageRuns, failing: [...failing], loadAverage: load };
  }
} catch (error) {
  // A server that died mid-run leaves only "connection refused" behind: show why it stopped.
  const exit = server.exitCode();
  if (exit !== null) console.error(`the server exited (${exit}); the end of its output:\n${server.output().slice(-4000)}`);
  throw error;
} finally {
  clearTimeout(deadline);
  await stopAll();
}

const { markdown, met } = formatReport({ runs, startedAt, machine, lighthouseVersion, results });
mkdirSync(outDir, { recursive: true });
writeFileSync(
  path.join(outDir, "lighthouse.json"),
  JSON.stringify({ date: startedAt.toISOString(), machine, lighthouseVersion, runs, results }, null, 2),
);
writeFileSync(path.join(outDir, "lighthouse.md"), markdown + "\n");
console.log(`\n${markdown}\n\nwritten to ${path.relative(root, outDir) || outDir}/lighthouse.{json,md}`);
process.exitCode = met ? 0 : 1;
