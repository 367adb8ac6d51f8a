// `npm run lighthouse`: Lighthouse (mobile preset) on Debian Chromium against a freshly built and
// started production server, age gate passed, median of 5 runs on home, a video page, a tag page
// and a creator page (docs/decisions/042-lighthouse-runs.md). Prints one table and writes JSON and
// Markdown (default .tmp/lighthouse/). Options: --runs N, --out DIR, --no-build (reuse BUILD_DIR).
// Chromium: CHROMIUM_PATH or /usr/bin/chromium.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { build, root, startServerProcess } from "./support/server-process";

const { values: args } = parseArgs({
  options: { runs: { type: "string", default: "5" }, out: { type: "string" }, "no-build": { type: "boolean", default: false } },
});
const runs = Math.max(1, Number(args.runs));
const outDir = path.resolve(args.out ?? path.join(root, ".tmp", "lighthouse"));
const chromePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (!existsSync(chromePath)) throw new Error(`Chromium not found at ${chromePath}: apt-get install chromium, or set CHROMIUM_PATH`);

const TARGETS = { performance: 98, lcpMs: 1800, cls: 0, accessibility: 100, bestPractices: 100, seo: 100 };

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
    // The first start migrates a fresh database and seeds its catalogue.
    healthTimeoutMs: 180_000,
  });
  const stop = async () => {
    await server.stop();
    rmSync(server.dataDir, { recursive: true, force: true });
    if (!args["no-build"] && buildDir) rmSync(buildDir, { recursive: true, force: true });
  };
  return { url: server.url, stop };
}

/** Home plus the first video, tag and creator page the home page links to. */
async function pickPages(base: string): Promise<Record<string, string>> {
  const html = await (await fetch(base, { headers: { cookie: "age_verified=true" } })).text();
  const first = (kind: string) => {
    const match = html.match(new RegExp(`href="(/${kind}/[^"?#]+)"`));
    if (!match) throw new Error(`the home page links to no /${kind}/ page`);
    return match[1]!;
  };
  return { home: "/", video: first("video"), tag: first("tag"), creator: first("creator") };
}

interface Run {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  scriptKb: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

async function audit(port: number, url: string): Promise<{ run: Run; failing: string[] }> {
  const result = await lighthouse(url, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
    // The age gate is passed as a returning visitor would have passed it.
    extraHeaders: { Cookie: "age_verified=true" },
  });
  if (!result) throw new Error(`no Lighthouse result for ${url}`);
  const { lhr } = result;
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const scripts = (lhr.audits["resource-summary"]?.details as { items?: { resourceType: string; transferSize: number }[] } | undefined)
    ?.items;
  const failing = Object.values(lhr.categories)
    .filter((category) => category.id !== "performance")
    .flatMap((category) =>
      category.auditRefs.filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1).map((ref) => `${category.id}: ${ref.id}`),
    );
  return {
    run: {
      performance: score("performance"),
      accessibility: score("accessibility"),
      bestPractices: score("best-practices"),
      seo: score("seo"),
      lcpMs: Math.round(numeric("largest-contentful-paint")),
      cls: Number(numeric("cumulative-layout-shift").toFixed(3)),
      tbtMs: Math.round(numeric("total-blocking-time")),
      scriptKb: Math.round((scripts?.find((item) => item.resourceType === "script")?.transferSize ?? 0) / 102.4) / 10,
    },
    failing,
  };
}

const server = await startServer();
const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
});
const results: Record<string, { url: string; median: Run; runs: Run[]; failing: string[] }> = {};
try {
  const pages = await pickPages(server.url);
  for (const [name, pathname] of Object.entries(pages)) {
    const url = server.url + pathname;
    // One warm-up load so the first measured run does not pay for cold server caches.
    await fetch(url, { headers: { cookie: "age_verified=true" } });
    const pageRuns: Run[] = [];
    const failing = new Set<string>();
    for (let i = 0; i < runs; i++) {
      const { run, failing: failed } = await audit(chrome.port, url);
      pageRuns.push(run);
      failed.forEach((id) => failing.add(id));
      console.log(`${name} run ${i + 1}/${runs}: performance ${run.performance}, LCP ${run.lcpMs} ms, CLS ${run.cls}`);
    }
    const keys = Object.keys(pageRuns[0]!) as (keyof Run)[];
    const med = Object.fromEntries(keys.map((key) => [key, median(pageRuns.map((r) => r[key]))])) as unknown as Run;
    results[name] = { url: pathname, median: med, runs: pageRuns, failing: [...failing] };
  }
} finally {
  await chrome.kill();
  await server.stop();
}

const meets = (r: Run) =>
  r.performance >= TARGETS.performance &&
  r.lcpMs <= TARGETS.lcpMs &&
  r.cls <= TARGETS.cls &&
  r.accessibility >= TARGETS.accessibility &&
  r.bestPractices >= TARGETS.bestPractices &&
  r.seo >= TARGETS.seo;

const header = "| page | performance | LCP | CLS | TBT | script (transfer) | accessibility | best practices | SEO | targets |";
const rows = Object.entries(results).map(
  ([name, { url, median: m }]) =>
    `| ${name} (\`${url}\`) | ${m.performance} | ${(m.lcpMs / 1000).toFixed(2)} s | ${m.cls} | ${m.tbtMs} ms | ${m.scriptKb} KB | ${m.accessibility} | ${m.bestPractices} | ${m.seo} | ${meets(m) ? "met" : "MISSED"} |`,
);
const failingLines = Object.entries(results).flatMap(([name, r]) => r.failing.map((id) => `- ${name}: ${id}`));
const markdown = [
  `Lighthouse mobile preset, median of ${runs} runs, ${new Date().toISOString()}`,
  "",
  header,
  "|---|---|---|---|---|---|---|---|---|---|",
  ...rows,
  "",
  ...(failingLines.length ? ["Audits below 100 in any run (accessibility, best practices, SEO):", ...failingLines] : []),
].join("\n");

mkdirSync(outDir, { recursive: true });
writeFileSync(
  path.join(outDir, "lighthouse.json"),
  JSON.stringify({ date: new Date().toISOString(), runs, targets: TARGETS, results }, null, 2),
);
writeFileSync(path.join(outDir, "lighthouse.md"), markdown + "\n");
console.log(`\n${markdown}\n\nwritten to ${path.relative(root, outDir) || outDir}/lighthouse.{json,md}`);
process.exitCode = Object.values(results).every((r) => meets(r.median)) ? 0 : 1;
