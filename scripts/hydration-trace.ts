// `node --import tsx scripts/hydration-trace.ts --builds a=DIR,b=DIR`: the main thread's long tasks while a page
// loads and hydrates, in a Chromium performance trace with the CPU slowed 4× (DevTools
// Emulation.setCPUThrottlingRate, as Lighthouse's mobile preset simulates), on a phone viewport as a first visit past
// the age gate. Each build gets its own production server; the runs alternate between the builds, so a busy machine
// weighs on both alike. Per run: the blocking time after the first contentful paint (Σ max(0, task − 50 ms), as
// Lighthouse's TBT), the longest task and the script time; medians per build, with the load average.
// Also the main thread's time from 1 s after hydration to the end (the lead clip playing).
// Options: --runs N (default 7), --page / (a path), --settle-ms M (default 4000: traced after hydration), --profile
// (also a JavaScript CPU profile of each build's first run: the functions with the most time, and per long task,
// mapped through the build's source maps when it was built with SOURCEMAP=1). Figures in docs/performance.md.
// Chromium: CHROMIUM_PATH or /usr/bin/chromium.
import { existsSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { chromium, type Browser, type CDPSession } from "playwright-core";
import { SourceMapConsumer, type RawSourceMap } from "source-map-js";
import { median } from "./support/lighthouse-runs";
import { startServerProcess, type ServerProcess } from "./support/server-process";

const { values: args } = parseArgs({
  options: {
    builds: { type: "string" },
    runs: { type: "string", default: "7" },
    page: { type: "string", default: "/" },
    profile: { type: "boolean", default: false },
    "settle-ms": { type: "string", default: "4000" },
  },
});
if (!args.builds) throw new Error("--builds name=DIR,name=DIR");
const builds = args.builds.split(",").map((pair) => {
  const [name, dir] = pair.split("=") as [string, string];
  return { name, dir: path.resolve(dir) };
});
const runs = Math.max(1, Number(args.runs));
const settleMs = Number(args["settle-ms"]);
const chromePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const loadAverage = () => os.loadavg().map((l) => l.toFixed(1));

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  /** The thread's own CPU time in the event: what other processes on a busy machine took is not in it. */
  tdur?: number;
  pid: number;
  tid: number;
  args?: Record<string, unknown> & { name?: string };
}

interface Run {
  /** The long tasks' start and end (trace microseconds), for the profile's attribution. */
  windows: [number, number][];
  blockingMs: number;
  /** The same from the tasks' CPU time × 4 (as Lighthouse's simulation scales an unthrottled trace): steadier under load. */
  cpuBlockingMs: number;
  cpuLongestMs: number;
  longestMs: number;
  longTasks: number[];
  /** Main-thread time in tasks from 1 s after hydration to the end of the trace, while the lead clip plays. */
  busyAfterMs: number;
  scriptMs: number;
  fcpMs: number;
  hydratedMs: number;
}

/** The renderer's main thread: the CrRendererMain with the most task time. */
function mainThreadTasks(events: TraceEvent[]) {
  const mains = events.filter((e) => e.ph === "M" && e.name === "thread_name" && e.args?.name === "CrRendererMain");
  const tasksOf = (pid: number, tid: number) =>
    events.filter((e) => e.ph === "X" && e.name === "RunTask" && e.pid === pid && e.tid === tid && e.dur);
  const byThread = mains.map((m) => tasksOf(m.pid, m.tid));
  return byThread.sort((a, b) => b.reduce((s, e) => s + e.dur!, 0) - a.reduce((s, e) => s + e.dur!, 0))[0] ?? [];
}

function summarise(events: TraceEvent[], hydratedMs: number): Run {
  const tasks = mainThreadTasks(events);
  const navigation = events.find(
    (e) => e.name === "navigationStart" && (e.args as { data?: { isLoadingMainFrame?: boolean } })?.data?.isLoadingMainFrame,
  );
  const origin = navigation?.ts ?? Math.min(...tasks.map((t) => t.ts));
  const fcp = events.find((e) => e.name === "firstContentfulPaint");
  const fcpTs = fcp?.ts ?? origin;
  const after = tasks.filter((t) => t.ts + t.dur! > fcpTs).map((t) => Math.max(0, t.ts + t.dur! - Math.max(t.ts, fcpTs)) / 1000);
  const long = after.filter((d) => d > 50).sort((a, b) => b - a);
  const script = events
    .filter((e) => e.ph === "X" && (e.name === "EvaluateScript" || e.name === "FunctionCall" || e.name === "v8.evaluateModule") && e.dur)
    .filter((e) => tasks.some((t) => t.pid === e.pid && t.tid === e.tid))
    .reduce((sum, e) => sum + e.dur!, 0);
  const settledFrom = origin + (hydratedMs + 1000) * 1000;
  const busyAfter = tasks.filter((t) => t.ts >= settledFrom).reduce((sum, t) => sum + t.dur!, 0) / 1000;
  const cpu = tasks.filter((t) => t.ts + t.dur! > fcpTs && t.tdur !== undefined).map((t) => (4 * t.tdur!) / 1000);
  const windows = tasks.filter((t) => t.ts + t.dur! > fcpTs && t.dur! > 50_000).map((t) => [t.ts, t.ts + t.dur!] as [number, number]);
  return {
    windows,
    blockingMs: Math.round(long.reduce((sum, d) => sum + d - 50, 0)),
    cpuBlockingMs: Math.round(cpu.reduce((sum, d) => sum + Math.max(0, d - 50), 0)),
    cpuLongestMs: Math.round(Math.max(0, ...cpu)),
    longestMs: Math.round(long[0] ?? 0),
    longTasks: long.map(Math.round),
    busyAfterMs: Math.round(busyAfter),
    scriptMs: Math.round(script / 1000),
    fcpMs: Math.round((fcpTs - origin) / 1000),
    hydratedMs: Math.round(hydratedMs),
  };
}

async function traceOnce(browser: Browser, base: string, profile: boolean) {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
    locale: "en-US",
  });
  await context.addCookies([{ name: "age_verified", value: "true", url: base }]);
  const page = await context.newPage();
  const cdp: CDPSession = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  if (profile) {
    await cdp.send("Profiler.enable");
    await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
    await cdp.send("Profiler.start");
  }
  await browser.startTracing(page, {
    categories: ["devtools.timeline", "disabled-by-default-devtools.timeline", "toplevel", "loading", "v8", "blink.user_timing"],
  });
  await page.goto(base + args.page, { waitUntil: "load" });
  await page.waitForFunction(() => document.documentElement.dataset.hydrated !== undefined, undefined, { timeout: 60_000 });
  const hydratedMs = await page.evaluate(() => performance.now());
  await page.waitForTimeout(settleMs);
  const buffer = await browser.stopTracing();
  const cpuProfile = profile ? ((await cdp.send("Profiler.stop")) as { profile: CpuProfile }).profile : undefined;
  await context.close();
  const events = (JSON.parse(buffer.toString()) as { traceEvents: TraceEvent[] }).traceEvents;
  return { run: summarise(events, hydratedMs), cpuProfile };
}

/** React's phases, to tell a task's hydration from its re-renders and effects. */
const REACT_PHASES =
  /^(performSyncWorkOnRoot|performWorkOnRootViaSchedulerTask|flushPassiveEffects|commitRoot|renderRootSync|renderRootConcurrent|evaluate|v8\.evaluateModule|\(program\)|\(garbage collector\)) /;

interface CpuProfile {
  startTime: number;
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }; children?: number[] }[];
  samples: number[];
  timeDeltas: number[];
}

/** Self and inclusive time per function, named by the original source when the build has source maps. */
function topFunctions(profile: CpuProfile, clientDir: string, windows: [number, number][], count = 30) {
  const maps = new Map<string, SourceMapConsumer | null>();
  const consumer = (url: string) => {
    if (!maps.has(url)) {
      const file = path.join(clientDir, new URL(url).pathname + ".map");
      maps.set(url, existsSync(file) ? new SourceMapConsumer(JSON.parse(readFileSync(file, "utf8")) as RawSourceMap) : null);
    }
    return maps.get(url);
  };
  const name = (frame: CpuProfile["nodes"][number]["callFrame"]) => {
    if (!frame.url.startsWith("http")) return `${frame.functionName || "(anonymous)"} ${frame.url}`;
    const map = consumer(frame.url);
    const at = map?.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
    const where = at?.source
      ? `${at.source.replace(/^.*?(app|node_modules)\//, "$1/")}:${at.line}`
      : `${path.basename(frame.url)}:${frame.lineNumber + 1}`;
    return `${at?.name ?? frame.functionName ?? "(anonymous)"} ${where}`;
  };
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  const perTask = windows.map(() => new Map<string, number>());
  let clock = profile.startTime;
  profile.samples.forEach((id, i) => {
    clock += profile.timeDeltas[i] ?? 0;
    const dt = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    const node = byId.get(id)!;
    const task = windows.findIndex(([from, to]) => clock >= from && clock <= to);
    if (task >= 0) perTask[task]!.set(`self: ${name(node.callFrame)}`, (perTask[task]!.get(`self: ${name(node.callFrame)}`) ?? 0) + dt);
    const key = name(node.callFrame);
    self.set(key, (self.get(key) ?? 0) + dt);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const k = name(byId.get(at)!.callFrame);
      if (seen.has(k)) continue;
      seen.add(k);
      total.set(k, (total.get(k) ?? 0) + dt);
      if (task >= 0 && (k.includes(" app/") || REACT_PHASES.test(k))) perTask[task]!.set(k, (perTask[task]!.get(k) ?? 0) + dt);
    }
  });
  const top = (m: Map<string, number>, n = count) =>
    [...m.entries()]
      .filter(([k]) => !k.startsWith("(idle)") && !k.startsWith("(program)") && !k.startsWith("(root)"))
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, ms]) => `  ${ms.toFixed(1).padStart(7)} ms  ${k}`);
  const ours = new Map([...total].filter(([k]) => k.includes(" app/")));
  const tasks = windows.map(
    ([from, to], i) =>
      `  task at ${((from - profile.startTime) / 1000).toFixed(0)} ms, ${((to - from) / 1000).toFixed(0)} ms:\n  ${top(perTask[i]!, 14).join("\n  ")}`,
  );
  return { self: top(self), total: top(total), ours: top(ours, 40), tasks };
}

const servers: ServerProcess[] = [];
let browser: Browser | undefined;
try {
  for (const build of builds) {
    if (!existsSync(path.join(build.dir, "server/index.js"))) throw new Error(`no build in ${build.dir}`);
    servers.push(await startServerProcess({ env: { BUILD_DIR: build.dir }, dataDirPrefix: "spicy-trace-", loopbackPublicUrl: true }));
  }
  browser = await chromium.launch({ executablePath: chromePath, args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"] });
  // One unmeasured visit each: the servers' first answers compile and fill their caches.
  for (const server of servers) await traceOnce(browser, server.url, false);
  const results = new Map<string, Run[]>(builds.map((b) => [b.name, []]));
  for (let i = 0; i < runs; i++) {
    const order = i % 2 ? [...builds.keys()].reverse() : [...builds.keys()];
    for (const b of order) {
      const { run, cpuProfile } = await traceOnce(browser, servers[b]!.url, args.profile && i === 0);
      results.get(builds[b]!.name)!.push(run);
      console.log(
        `${builds[b]!.name} run ${i + 1}: blocking ${run.blockingMs} ms (CPU × 4: ${run.cpuBlockingMs} ms, longest ${run.cpuLongestMs} ms), longest ${run.longestMs} ms, long tasks [${run.longTasks.join(", ")}], ` +
          `script ${run.scriptMs} ms, busy after hydration ${run.busyAfterMs} ms, FCP ${run.fcpMs} ms, hydrated ${run.hydratedMs} ms, load average ${loadAverage().join(" ")}`,
      );
      if (cpuProfile) {
        const { self, total, ours, tasks } = topFunctions(cpuProfile, path.join(builds[b]!.dir, "client"), run.windows);
        console.log(
          `${builds[b]!.name}: self time\n${self.join("\n")}\n${builds[b]!.name}: inclusive time\n${total.join("\n")}\n${builds[b]!.name}: inclusive time in app/\n${ours.join("\n")}\n${builds[b]!.name}: the long tasks\n${tasks.join("\n")}`,
        );
      }
    }
  }
  console.log(`\nmedians of ${runs} runs per build (4× CPU slowdown, ${args.page}):`);
  for (const [name, list] of results) {
    const m = (pick: (r: Run) => number) => median(list.map(pick));
    console.log(
      `${name}: blocking ${m((r) => r.blockingMs)} ms (CPU × 4: ${m((r) => r.cpuBlockingMs)} ms, longest ${m((r) => r.cpuLongestMs)} ms), longest ${m((r) => r.longestMs)} ms, long tasks ${m((r) => r.longTasks.length)}, ` +
        `script ${m((r) => r.scriptMs)} ms, busy after hydration ${m((r) => r.busyAfterMs)} ms, FCP ${m((r) => r.fcpMs)} ms, hydrated ${m((r) => r.hydratedMs)} ms`,
    );
  }
  console.log(`load average at the end: ${loadAverage().join(" ")}`);
} finally {
  await browser?.close();
  for (const server of servers) await server.stop();
}
