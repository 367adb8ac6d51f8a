// `npm run bench:signals` (docs/performance.md § Watch signals): the production server on a seeded catalogue, and many
// anonymous visitors sending the player's batches (10–20 watch/flame/share/open events on real clips) to
// POST /api/signals over loopback, bounded in time. Each visitor gets its signed id from its first batch, as a
// browser does; then `connections` of them at a time send batch after batch, each as soon as the previous one was
// answered. Prints accepted events/s and batches/s with p50/p99 and the load average, the same client against a
// bare node:http endpoint that reads the body and answers 204 (the client's own ceiling), and at the end counts the
// rows in the database against the batches acknowledged.
//
// The per-visitor and per-address bounds (app/features/signals/signal-limits.server.ts) stay as in production: the
// bench spreads its visitors over many addresses the way a proxy in front reports them (TRUST_PROXY=1 and
// X-Forwarded-For, docs/deployment.md), ten visitors to an address, and has enough visitors that none sends more
// than its minute's share.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { openDatabase } from "~/lib/db.server";
import { createClient, type Reply } from "../load/http";
import pg from "pg";
import { build, ROOT, seed, startApp } from "./app-server";
import { cpuSeconds } from "./server-cpu";
import { benchRun, writeReport } from "./run";

const { values: args } = parseArgs({
  options: {
    clips: { type: "string", default: "20000" },
    duration: { type: "string", default: "10" },
    warmup: { type: "string", default: "3" },
    connections: { type: "string", default: "20,100" },
    visitors: { type: "string", default: "3000" },
    "build-dir": { type: "string" },
    "data-dir": { type: "string" },
    "no-seed": { type: "boolean", default: false },
    profile: { type: "string" },
    out: { type: "string", default: "bench-results" },
    label: { type: "string" },
  },
});

/** What the issue asks of the endpoint (docs/performance.md § Targets), judged at 100 connections. */
const TARGET_EVENTS_PER_SECOND = 5000;
const VISITORS_PER_ADDRESS = 10;
/** A visitor's browser: scripts' user agents are taken for bots and their signals dropped. */
const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

const seconds = Number(args.duration);
const connectionCounts = args.connections.split(",").map(Number);
const databaseUrl = process.env.DATABASE_URL;
const engine = databaseUrl ? "postgresql" : "pglite";
const { work, stops, run } = benchRun("spicy-bench-signals-");
const say = (line: string) => process.stderr.write(`bench:signals: ${line}\n`);
const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");

interface Event {
  clipId: string;
  kind: "watch" | "flame" | "share" | "open";
  watchedMs: number;
  loops: number;
  completed: boolean;
  skipped: boolean;
}

/** One batch as the player sends it: mostly watches (a third finished, a third skipped within 2 s), a few others. */
function batchOf(clipIds: string[], random: () => number): { body: string; events: number } {
  const count = 10 + Math.floor(random() * 11);
  const events: Event[] = [];
  for (let i = 0; i < count; i++) {
    const clipId = clipIds[Math.floor(random() * clipIds.length)]!;
    const r = random();
    if (r < 0.04) events.push({ clipId, kind: "flame", watchedMs: 0, loops: 0, completed: false, skipped: false });
    else if (r < 0.06) events.push({ clipId, kind: "share", watchedMs: 0, loops: 0, completed: false, skipped: false });
    else if (r < 0.08) events.push({ clipId, kind: "open", watchedMs: 0, loops: 0, completed: false, skipped: false });
    else if (r < 0.38)
      events.push({ clipId, kind: "watch", watchedMs: 200 + Math.floor(random() * 1800), loops: 0, completed: false, skipped: true });
    else if (r < 0.7)
      events.push({
        clipId,
        kind: "watch",
        watchedMs: 8000 + Math.floor(random() * 30000),
        loops: Math.floor(random() * 3),
        completed: true,
        skipped: false,
      });
    else events.push({ clipId, kind: "watch", watchedMs: 2000 + Math.floor(random() * 10000), loops: 0, completed: false, skipped: false });
  }
  return { body: JSON.stringify({ events }), events: count };
}

/** A small deterministic generator, so two runs send the same batches. */
function mulberry32(seedValue: number) {
  let a = seedValue;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Visitor {
  address: string;
  cookie: string;
}

interface RunResult {
  connections: number;
  seconds: number;
  batches: number;
  events: number;
  /** Events of requests that failed without an answer (time-outs, resets): the server may still have written them. */
  unanswered: number;
  batchesPerSecond: number;
  eventsPerSecond: number;
  p50: number;
  p99: number;
  /** Answers other than 2xx, and failures (resets, time-outs), by kind. */
  errors: Record<string, number>;
  /** The client's CPU time ÷ wall time while it ran (1 = one core saturated). */
  clientCpu: number;
  /** CPU seconds the app server's process spent during the run (/proc; null where unknown). */
  appCpuSeconds?: number | null;
  /** CPU seconds PostgreSQL's backends for the bench database spent during the run (PostgreSQL only). */
  databaseCpuSeconds?: number | null;
  loadAverage: string;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]! : 0;

/** `connections` requests in flight at a time for `seconds`, each batch sent as soon as the previous one was answered. */
async function drive(
  baseUrl: string,
  requestPath: string,
  connections: number,
  runSeconds: number,
  next: (n: number) => { headers: Record<string, string>; body: string; events: number },
  onAcknowledged?: (n: number, reply: Reply) => void,
  limit = Infinity,
): Promise<RunResult> {
  const client = createClient(baseUrl, { connections, timeoutMs: 10_000 });
  const latencies: number[] = [];
  const errors: Record<string, number> = {};
  let n = 0;
  let batches = 0;
  let events = 0;
  let unanswered = 0;
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const deadline = started + runSeconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < deadline && n < limit) {
        const i = n++;
        const spec = next(i);
        const reply = await client.request(requestPath, { method: "POST", headers: spec.headers, body: spec.body, keepBody: 200 });
        latencies.push(reply.ms);
        if (reply.status >= 200 && reply.status < 300) {
          batches++;
          events += spec.events;
          onAcknowledged?.(i, reply);
        } else {
          if (reply.status === 0) unanswered += spec.events;
          const kind = reply.failure ?? String(reply.status);
          errors[kind] = (errors[kind] ?? 0) + 1;
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  client.close();
  latencies.sort((a, b) => a - b);
  return {
    connections,
    seconds: elapsed,
    batches,
    events,
    unanswered,
    batchesPerSecond: batches / elapsed,
    eventsPerSecond: events / elapsed,
    p50: Math.round(percentile(latencies, 0.5)),
    p99: Math.round(percentile(latencies, 0.99)),
    errors,
    clientCpu: (cpu.user + cpu.system) / 1e6 / elapsed,
    loadAverage: loadAverage(),
  };
}

// The client's ceiling: a bare node:http process that reads each body and answers 204, nothing else.
const CEILING_SOURCE = `
const http = require("node:http");
const server = http.createServer((req, res) => { req.resume(); req.on("end", () => { res.writeHead(204); res.end(); }); });
server.keepAliveTimeout = 65000;
server.listen(0, "127.0.0.1", () => process.stdout.write(String(server.address().port) + "\\n"));
`;

async function startCeiling(): Promise<{ url: string; stop: () => void }> {
  const child = spawn(process.execPath, ["-e", CEILING_SOURCE], { stdio: ["ignore", "pipe", "inherit"] });
  const port = await new Promise<number>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`ceiling server exited with ${code}`)));
    child.stdout!.once("data", (chunk: Buffer) => resolve(Number(chunk.toString().trim())));
  });
  return { url: `http://127.0.0.1:${port}`, stop: () => void child.kill("SIGTERM") };
}

/**
 * PostgreSQL's backends serving the bench database, each with its CPU seconds so far (/proc): what the database itself
 * spent. Null on PGlite (it runs inside the app's process) or where /proc cannot tell.
 */
async function backendTicks(): Promise<Map<number, number> | null> {
  if (!databaseUrl) return null;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      "select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
    );
    const ticks = new Map<number, number>();
    for (const { pid } of rows) {
      const seconds = cpuSeconds([pid]);
      if (seconds !== null) ticks.set(pid, seconds);
    }
    return ticks;
  } finally {
    await client.end();
  }
}

/** CPU seconds between two samples; a backend that started in between counts from zero, one that ended is lost. */
function backendDelta(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, seconds] of after) total += seconds - (before.get(pid) ?? 0);
  return total;
}

async function openData(dataDir: string) {
  return databaseUrl ? openDatabase({ databaseUrl }) : openDatabase({ dataDir });
}

const rowsOf = <T>(result: unknown) => (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

async function main() {
  const buildDir = args["build-dir"] ? path.resolve(args["build-dir"]) : path.join(ROOT, ".tmp", path.basename(work), "build");
  if (!args["build-dir"]) stops.push(() => rmSync(path.dirname(buildDir), { recursive: true, force: true }));
  if (!existsSync(path.join(buildDir, "server/index.js"))) {
    say(`building into ${buildDir}`);
    build(buildDir);
  }
  const dataDir = args["data-dir"] ? path.resolve(args["data-dir"]) : path.join(work, "data");
  const fresh = !existsSync(dataDir);
  mkdirSync(dataDir, { recursive: true });
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    BUILD_DIR: buildDir,
    // The visitors' addresses come from X-Forwarded-For, as behind the proxy docs/deployment.md describes.
    TRUST_PROXY: "1",
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    // PGlite on its own thread (ADR 034) when asked: PGLITE_WORKER=on npm run bench:signals.
    ...(process.env.PGLITE_WORKER ? { PGLITE_WORKER: process.env.PGLITE_WORKER } : {}),
  };
  if (!args["no-seed"] && (fresh || !args["data-dir"])) {
    say(`seeding ${args.clips} clips on ${engine}`);
    seed(env, Number(args.clips));
  }

  // Real published clips, read before the server holds the data folder; and the rows already there.
  const before = await openData(dataDir);
  const clipIds = rowsOf<{ id: string }>(
    await before.db.execute(sql`select id::text as id from clips where status = 'published' order by id limit 5000`),
  ).map((r) => r.id);
  const eventsBefore = Number(rowsOf<{ n: string }>(await before.db.execute(sql`select count(*) as n from watch_events`))[0]!.n);
  await before.close();
  if (clipIds.length === 0) throw new Error("no published clip: was the catalogue seeded?");
  say(`${clipIds.length} published clips to watch`);

  const random = mulberry32(20261129);
  const pool = Array.from({ length: 1000 }, () => batchOf(clipIds, random));

  const cpuProfDir = args.profile ? path.resolve(args.profile) : undefined;
  const app = await startApp(env, { cpuProfDir });
  stops.push(() => app.stop());
  const ceiling = await startCeiling();
  stops.push(ceiling.stop);

  // Each visitor's first batch, without a cookie: the server answers with its signed id (spicy_uid), as to a browser.
  const visitors: Visitor[] = Array.from({ length: Number(args.visitors) }, (_, i) => {
    const a = 1 + Math.floor(i / VISITORS_PER_ADDRESS);
    return { address: `10.${(a >> 16) & 255}.${(a >> 8) & 255}.${a & 255}`, cookie: "" };
  });
  const headersOf = (v: Visitor) => ({
    "content-type": "text/plain;charset=UTF-8",
    "user-agent": CHROME,
    origin: app.url,
    "sec-fetch-site": "same-origin",
    "x-forwarded-for": v.address,
    cookie: v.cookie ? `age_verified=true; ${v.cookie}` : "age_verified=true",
  });
  let acknowledged = 0;
  let acknowledgedBatches = 0;
  let unanswered = 0;
  say(`issuing ids to ${visitors.length} visitors (load average ${loadAverage()})`);
  const issued = await drive(
    app.url,
    "/api/signals",
    20,
    600,
    (n) => ({ headers: headersOf(visitors[n]!), ...pool[n % pool.length]! }),
    (n, reply) => {
      const cookie = (reply.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]!).find((c) => c.startsWith("spicy_uid="));
      if (cookie) visitors[n]!.cookie = cookie;
    },
    visitors.length,
  );
  const withId = visitors.filter((v) => v.cookie).length;
  if (withId < visitors.length)
    throw new Error(`only ${withId} of ${visitors.length} visitors were given an id (failures: ${JSON.stringify(issued.errors)})`);

  const signalsRun = async (connections: number, runSeconds: number) => {
    const appBefore = cpuSeconds([app.pid]);
    const databaseBefore = await backendTicks();
    const result = await drive(app.url, "/api/signals", connections, runSeconds, (n) => ({
      headers: headersOf(visitors[n % visitors.length]!),
      ...pool[(n * 7) % pool.length]!,
    }));
    const appAfter = cpuSeconds([app.pid]);
    const databaseAfter = await backendTicks();
    result.appCpuSeconds = appBefore === null || appAfter === null ? null : appAfter - appBefore;
    result.databaseCpuSeconds = databaseBefore && databaseAfter ? backendDelta(databaseBefore, databaseAfter) : null;
    return result;
  };
  const ceilingRun = (connections: number, runSeconds: number) =>
    drive(ceiling.url, "/", connections, runSeconds, (n) => ({
      headers: headersOf(visitors[n % visitors.length]!),
      ...pool[(n * 7) % pool.length]!,
    }));

  if (Number(args.warmup) > 0) {
    const warm = await signalsRun(10, Number(args.warmup));
    acknowledged += warm.events;
    unanswered += warm.unanswered;
    acknowledgedBatches += warm.batches;
  }
  const rows: { app: RunResult; ceiling: RunResult }[] = [];
  for (const connections of connectionCounts) {
    say(`${connections} connections, ${seconds} s`);
    const appRun = await signalsRun(connections, seconds);
    acknowledged += appRun.events;
    unanswered += appRun.unanswered;
    acknowledgedBatches += appRun.batches;
    say(
      `  app: ${Math.round(appRun.eventsPerSecond)} events/s, ${Math.round(appRun.batchesPerSecond)} batches/s, p50 ${appRun.p50} ms, ` +
        `p99 ${appRun.p99} ms, errors ${JSON.stringify(appRun.errors)}, client CPU ${(appRun.clientCpu * 100).toFixed(0)} %, load average ${appRun.loadAverage}; ` +
        `${perCpuSecond(appRun, appRun.appCpuSeconds)} events per app CPU-second` +
        (databaseUrl ? `, ${perCpuSecond(appRun, appRun.databaseCpuSeconds)} per PostgreSQL CPU-second` : ""),
    );
    const ceilingResult = await ceilingRun(connections, Math.min(seconds, 5));
    say(
      `  client ceiling (bare node:http, same bodies): ${Math.round(ceilingResult.batchesPerSecond)} batches/s = ` +
        `${Math.round(ceilingResult.eventsPerSecond)} events/s, p99 ${ceilingResult.p99} ms, client CPU ${(ceilingResult.clientCpu * 100).toFixed(0)} %, load average ${ceilingResult.loadAverage}`,
    );
    rows.push({ app: appRun, ceiling: ceilingResult });
  }
  acknowledged += issued.events;
  unanswered += issued.unanswered;
  acknowledgedBatches += issued.batches;

  await app.stop();
  const after = await openData(dataDir);
  const eventsAfter = Number(rowsOf<{ n: string }>(await after.db.execute(sql`select count(*) as n from watch_events`))[0]!.n);
  await after.close();
  const stored = eventsAfter - eventsBefore;
  say(
    `the database holds ${stored} new events; ${acknowledged} were acknowledged in ${acknowledgedBatches} batches, ` +
      `${unanswered} more sent in requests that got no answer`,
  );

  report(rows, { stored, acknowledged, unanswered });
  // Every acknowledged event is stored; an unanswered request's may or may not be.
  if (stored < acknowledged || stored > acknowledged + unanswered) {
    process.stdout.write(`MISMATCH: ${acknowledged} events acknowledged (+ ${unanswered} unanswered), ${stored} stored\n`);
    process.exitCode = 1;
  }
}

/** Events accepted per CPU second the server spent: the rate one core would sustain for that part alone. */
const perCpuSecond = (run: RunResult, seconds: number | null | undefined) => (seconds ? String(Math.round(run.events / seconds)) : "–");

function report(rows: { app: RunResult; ceiling: RunResult }[], check: { stored: number; acknowledged: number; unanswered: number }) {
  const when = new Date().toISOString();
  const title = `npm run bench:signals — ${engine}, ${args.clips} seeded clips, ${args.visitors} visitors, ${seconds} s per run, ${when}`;
  const head = [
    "conns",
    "events/s",
    "batches/s",
    "p50 ms",
    "p99 ms",
    "errors",
    "client CPU",
    "events per app CPU-s",
    "events per PostgreSQL CPU-s",
    "client ceiling events/s (batches/s)",
    "÷ ceiling",
    "load avg",
    `≥ ${TARGET_EVENTS_PER_SECOND} events/s`,
  ];
  const lines = [`| ${head.join(" | ")} |`, `|${head.map(() => "---").join("|")}|`];
  for (const { app, ceiling } of rows) {
    const errors = Object.entries(app.errors)
      .map(([k, v]) => `${k}×${v}`)
      .join(" ");
    lines.push(
      `| ${[
        app.connections,
        Math.round(app.eventsPerSecond),
        Math.round(app.batchesPerSecond),
        app.p50,
        app.p99,
        errors || 0,
        `${Math.round(app.clientCpu * 100)} %`,
        perCpuSecond(app, app.appCpuSeconds),
        perCpuSecond(app, app.databaseCpuSeconds),
        `${Math.round(ceiling.eventsPerSecond)} (${Math.round(ceiling.batchesPerSecond)})`,
        `${((app.eventsPerSecond / ceiling.eventsPerSecond) * 100).toFixed(1)} %`,
        app.loadAverage,
        app.eventsPerSecond >= TARGET_EVENTS_PER_SECOND && !errors ? "yes" : "**no**",
      ].join(" | ")} |`,
    );
  }
  const table = `${lines.join("\n")}\n\nStored: ${check.stored} events; ${check.acknowledged} acknowledged, ${check.unanswered} in requests without an answer.`;
  const stem = `${when.replace(/[:.]/g, "-")}-signals-${engine}${args.label ? `-${args.label}` : ""}`;
  writeReport(args.out, stem, { engine, when, args, rows, check }, title, table);
}

run(main);
