// `npm run bench` (docs/performance.md § Throughput): builds, starts the production server on a temporary
// data directory with a seeded catalogue, and drives it over loopback from several node:net client processes
// (http-load.ts), next to a bare node:http "ceiling" returning the same bytes and nginx serving the same media file.
// Every figure is printed with the load average when it was taken, and with the client's own CPU.
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { build, ROOT, seed, signIn, startApp } from "./app-server";
import { anonymousVisitors, benchCases, RANGE_BYTES, type BenchCase, type RequestSpec } from "./cases";
import { startCeiling, type CapturedResponse } from "./ceiling";
import { load, settle, type LoadResult } from "./load";
import { documentedOffloadConfig, findNginx, sendfileConfig, startNginx, type Nginx } from "../support/nginx";
import { DEFAULT_CLIENT_PROCESSES, httpLoadProcesses, type HttpLoadResult } from "./http-load";
import { ceilingVerdict, clientText, clientVerdict, judge, markdownTable, type ClientFigures, type Row } from "./report";
import { withServerCpu } from "./server-cpu";
import { benchRun, writeReport } from "./run";
import { keptTasteVisitors } from "./taste-visitors";

const TASTE_VISITORS_FILE = "bench-taste-visitors.json";

const { values: args } = parseArgs({
  options: {
    clips: { type: "string", default: "100000" },
    duration: { type: "string", default: "10" },
    warmup: { type: "string", default: "2" },
    connections: { type: "string", default: "10,100" },
    only: { type: "string" },
    visitors: { type: "string", default: "1000" },
    // Visitors with a taste for the feed-taste case, made through POST /api/signals before the runs.
    "taste-visitors": { type: "string", default: "400" },
    users: { type: "string", default: "20" },
    "build-dir": { type: "string" },
    "data-dir": { type: "string" },
    "no-seed": { type: "boolean", default: false },
    profile: { type: "string" },
    // The connections shared among this many node:net client processes (scripts/bench/http-load.ts).
    "client-processes": { type: "string", default: String(DEFAULT_CLIENT_PROCESSES) },
    // Small bodies: "net" (those processes) or "autocannon" (in the bench's own process, one thread: it cannot keep
    // the bare ceiling server busy, so its ceiling figures get a verdict only on CPU per answer). Large bodies: net.
    client: { type: "string", default: "net" },
    out: { type: "string", default: "bench-results" },
    label: { type: "string" },
  },
});

const clips = Number(args.clips);
const seconds = Number(args.duration);
const warmup = Number(args.warmup);
const connectionCounts = args.connections.split(",").map(Number);
const databaseUrl = process.env.DATABASE_URL;
const engine = databaseUrl ? "postgresql" : "pglite";
const { work, stops, run } = benchRun("spicy-bench-");
const say = (line: string) => process.stderr.write(`bench: ${line}\n`);

async function main() {
  // Inside the repository (.tmp/ is ignored): the server bundle resolves react and friends from node_modules.
  const buildDir = args["build-dir"] ? path.resolve(args["build-dir"]) : path.join(ROOT, ".tmp", path.basename(work), "build");
  if (!args["build-dir"]) stops.push(() => rmSync(path.dirname(buildDir), { recursive: true, force: true }));
  if (!args["build-dir"] || !existsSync(path.join(buildDir, "server/index.js"))) {
    say(`building into ${buildDir}`);
    build(buildDir);
  }

  // A reused --data-dir keeps its catalogue (seeded on first use); otherwise a fresh temporary one.
  const dataDir = args["data-dir"] ? path.resolve(args["data-dir"]) : path.join(work, "data");
  const fresh = !existsSync(dataDir);
  mkdirSync(dataDir, { recursive: true });
  const env: Record<string, string> = { DATA_DIR: dataDir, BUILD_DIR: buildDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) };
  if (!args["no-seed"] && (fresh || !args["data-dir"])) {
    say(`seeding ${clips} clips on ${engine} (npm run seed -- --clips ${clips})`);
    const started = Date.now();
    seed(env, clips);
    // Visitors with a taste kept from runs on the catalogue before are gone with it.
    rmSync(path.join(dataDir, TASTE_VISITORS_FILE), { force: true });
    say(`seeded in ${Math.round((Date.now() - started) / 1000)} s`);
  }

  // The media case reads a 4 MiB file through /media, in 1 MiB windows; nginx serves the same file.
  const mediaKey = "bench/throughput-4mib.mp4";
  const mediaFile = path.join(dataDir, "media", mediaKey);
  const mediaSize = 4 * RANGE_BYTES;
  mkdirSync(path.dirname(mediaFile), { recursive: true });
  if (!existsSync(mediaFile)) writeFileSync(mediaFile, randomBytes(mediaSize));

  say("starting the app server");
  const cpuProfDir = args.profile ? path.resolve(args.profile) : undefined;
  let app = await startApp(env, { cpuProfDir });
  stops.push(() => app.stop());
  const origin = app.url;

  const visitors = anonymousVisitors(Number(args.visitors));
  const sessions: string[] = [];
  const run = randomBytes(3).toString("hex");
  for (let i = 0; i < Number(args.users); i++)
    sessions.push(await signIn(app.url, `bench-${run}-${i}@example.com`, `127.0.${1 + Math.floor(i / 250)}.${1 + (i % 250)}`));
  const wanted = (name: string) => !args.only || args.only.split(",").includes(name);
  const tasteVisitors = ["feed-taste", "feed-taste-ranked"].some(wanted)
    ? await keptTasteVisitors(path.join(dataDir, TASTE_VISITORS_FILE), app.url, Number(args["taste-visitors"]))
    : [];
  say(`${visitors.length} anonymous visitors, ${tasteVisitors.length} with a taste, ${sessions.length} signed-in users`);

  const sample = await samplePaths(app.url, visitors[0]!.cookie);
  const chosen = benchCases({ visitors, tasteVisitors, sessions, origin, mediaKey, mediaSize, ...sample }).filter((c) => wanted(c.name));
  // The offload case needs the app restarted in offload mode: it runs after the others.
  const cases = chosen.filter((c) => !c.offload);
  const offloadCases = chosen.filter((c) => c.offload);

  // What each case answers, captured once: the ceiling sends exactly these bytes back.
  const captured: Record<string, CapturedResponse> = {};
  for (const c of chosen) {
    captured[c.name] = await capture(app.url, c.request(0));
    const status = captured[c.name]!.status;
    if (status >= 300) throw new Error(`${c.name} answered ${status} for ${c.request(0).path}`);
  }
  const ceiling = await startCeiling(work, captured);
  stops.push(ceiling.stop);
  const mediaDir = path.join(dataDir, "media");
  const nginx = chosen.some((c) => c.nginxPath) ? await startNginx(work, (port) => sendfileConfig({ port, mediaDir })) : null;
  if (nginx) {
    stops.push(nginx.stop);
    say(`nginx (${findNginx()}) serves ${mediaDir} with sendfile at ${nginx.url}`);
  } else if (chosen.some((c) => c.nginxPath))
    say("nginx not installed (NGINX_BIN, PATH, /usr/sbin): media is compared with the ceiling only");

  const rows: Row[] = [];
  const clientProcesses = Number(args["client-processes"]);
  if (args.client !== "net" && args.client !== "autocannon") throw new Error(`--client is net or autocannon, not ${args.client}`);
  type Driven = { result: LoadResult; client: ClientFigures; large?: HttpLoadResult };
  const viaNet = async (url: string, request: (n: number) => RequestSpec, connections: number, secs: number): Promise<Driven> => {
    const result = await httpLoadProcesses(url, request, connections, secs, clientProcesses);
    const client: ClientFigures = {
      name: "node:net",
      processes: result.clientProcesses,
      cores: result.clientCpu,
      busiest: result.clientCpuMax,
      msPerAnswer: result.clientCpuPerRequest * 1000,
    };
    return { result, client, large: result };
  };
  const viaAutocannon = async (url: string, request: (n: number) => RequestSpec, connections: number, secs: number): Promise<Driven> => {
    const [cpuBefore, started] = [process.cpuUsage(), performance.now()];
    const result = await load(url, request, connections, secs);
    const cpu = process.cpuUsage(cpuBefore);
    const [cpuSeconds, elapsed] = [(cpu.user + cpu.system) / 1e6, (performance.now() - started) / 1000];
    const cores = cpuSeconds / elapsed;
    const msPerAnswer = result.requests ? (cpuSeconds / result.requests) * 1000 : 0;
    return { result, client: { name: "autocannon", processes: 1, cores, busiest: cores, msPerAnswer } };
  };
  /** A case's client: autocannon caps large bodies, so they always get node:net. */
  const driverFor = (c: BenchCase) => (c.largeBodies || args.client === "net" ? viaNet : viaAutocannon);
  const measure = async (c: BenchCase, target: string, healthz: string, serverPids: () => number[]) => {
    const drive = driverFor(c);
    if (warmup > 0) await drive(target, c.request, 10, warmup);
    await settle(healthz);
    for (const connections of connectionCounts) {
      say(`${c.name} × ${connections} connections`);
      const appRun = await withServerCpu(serverPids(), () => drive(target, c.request, connections, seconds));
      const appResult = appRun.result.result;
      const loadAverage = os.loadavg();
      await settle(healthz);
      // The same requests (headers, cookies, body) as the app's, to the case's path: the ceiling server reads what the app reads.
      const ceilingPath = `/${c.name}`;
      const ceilingRun = await withServerCpu([ceiling.pid], () =>
        drive(ceiling.url(""), (n) => ({ ...c.request(n), path: ceilingPath }), connections, seconds),
      );
      const ceilingResult = ceilingRun.result.result;
      const nginxDriven =
        nginx && c.nginxPath
          ? await withServerCpu([nginx.pid], () =>
              drive(nginx.url, (n) => ({ ...c.request(n), headers: { range: c.request(n).headers.range! } }), connections, seconds),
            )
          : undefined;
      const nginxRun = nginxDriven && { result: nginxDriven.result.result, cpuSeconds: nginxDriven.cpuSeconds };
      const nginxResult = nginxRun?.result;
      const nginxLoadAverage = nginxRun ? os.loadavg() : undefined;
      const large = nginxDriven?.result.large;
      const perAnswer = (cpu: number | null, result: LoadResult) =>
        cpu === null || !result.requests ? undefined : (cpu / result.requests) * 1000;
      const appCpuMs = perAnswer(appRun.cpuSeconds, appResult);
      const ceilingCpuMs = perAnswer(ceilingRun.cpuSeconds, ceilingResult);
      const nginxCpuMs = nginxRun ? perAnswer(nginxRun.cpuSeconds, nginxRun.result) : undefined;
      const row = {
        case: c.name,
        connections,
        app: appResult,
        ceiling: ceilingResult,
        nginx: nginxResult,
        loadAverage,
        nginxLoadAverage,
        client: large
          ? {
              processes: large.clientProcesses,
              cpuAtNginx: large.clientCpu,
              cpuMaxAtNginx: large.clientCpuMax,
              cpuMsPerAnswer: large.clientCpuPerRequest * 1000,
              ceilingRps: Math.min(large.clientProcesses, os.availableParallelism()) / large.clientCpuPerRequest,
            }
          : undefined,
        serverCpu:
          appCpuMs !== undefined && nginxCpuMs !== undefined
            ? {
                appMsPerAnswer: appCpuMs,
                appCores: appRun.cpuSeconds! / (appResult.requests / appResult.rps),
                ceilingMsPerAnswer: ceilingCpuMs,
                nginxMsPerAnswer: nginxCpuMs,
                nginxCores: nginxRun!.cpuSeconds! / (nginxResult!.requests / nginxResult!.rps),
              }
            : undefined,
        clients: { app: appRun.result.client, ceiling: ceilingRun.result.client },
        ceilingCores:
          ceilingRun.cpuSeconds === null || !ceilingResult.requests
            ? undefined
            : ceilingRun.cpuSeconds / (ceilingResult.requests / ceilingResult.rps),
        appCpuMsPerAnswer: appCpuMs,
        ceilingCpuMsPerAnswer: ceilingCpuMs,
        ratioCeiling: appResult.rps / ceilingResult.rps,
        ratioCeilingPerCpu: appCpuMs !== undefined && ceilingCpuMs !== undefined ? ceilingCpuMs / appCpuMs : undefined,
        ratioNginx: nginxResult ? appResult.rps / nginxResult.rps : undefined,
        ratioNginxPerCore: appCpuMs !== undefined && nginxCpuMs !== undefined ? nginxCpuMs / appCpuMs : undefined,
      };
      const fixed = (x: number, digits = 2) => x.toFixed(digits);
      say(
        `${c.name} × ${connections}: ${Math.round(appResult.rps)} req/s, p99 ${appResult.p99} ms, load average ${loadAverage.map((l) => fixed(l)).join(" ")}` +
          (appCpuMs !== undefined ? `, ${fixed(appCpuMs, 3)} ms CPU per answer (${fixed(appRun.cpuSeconds! / seconds)} cores)` : "") +
          `; ceiling ${Math.round(ceilingResult.rps)} req/s (${fixed(row.ratioCeiling * 100, 1)} %), p99 ${ceilingResult.p99} ms` +
          (ceilingCpuMs !== undefined ? `, ${fixed(ceilingCpuMs, 3)} ms CPU per answer (${fixed(row.ceilingCores ?? 0)} cores)` : "") +
          (row.ratioCeilingPerCpu !== undefined ? `; per CPU ${fixed(row.ratioCeilingPerCpu * 100, 1)} % of the ceiling` : "") +
          (c.target.kind === "ceiling" ? `; ${ceilingVerdict(row)}` : "") +
          `; client ${clientText(row.clients)}` +
          (nginxResult ? `; nginx ${Math.round(nginxResult.rps)} req/s, p99 ${nginxResult.p99} ms` : "") +
          (row.serverCpu
            ? `, ${fixed(row.serverCpu.nginxMsPerAnswer, 3)} ms CPU per answer (${fixed(row.serverCpu.nginxCores)} cores)`
            : "") +
          (row.client
            ? `; client ${row.client.processes} processes at ${fixed(row.client.cpuAtNginx)} cores (busiest ${Math.round(row.client.cpuMaxAtNginx * 100)} %), ` +
              `${fixed(row.client.cpuMsPerAnswer, 3)} ms CPU per answer, ceiling ≈ ${Math.round(row.client.ceilingRps)} req/s: ${clientVerdict(row)}`
            : "") +
          (row.ratioNginxPerCore !== undefined ? `; per core ${fixed(row.ratioNginxPerCore * 100, 1)} % of nginx` : ""),
      );
      rows.push({ ...row, meetsTarget: judge(c, row) });
    }
  };
  for (const c of cases) await measure(c, app.url, `${app.url}/healthz`, () => [app.pid]);

  // Offload mode (ADR 156): the app restarted with MEDIA_ACCEL_REDIRECT behind nginx running the configuration
  // docs/deployment.md gives; the client asks nginx, the app authorises, nginx sends the file.
  if (offloadCases.length && !nginx) say("nginx not installed: the offload case is skipped");
  if (offloadCases.length && nginx) {
    say("restarting the app in offload mode (MEDIA_ACCEL_REDIRECT=/_media/)");
    await app.stop();
    app = await startApp({ ...env, MEDIA_ACCEL_REDIRECT: "/_media/", TRUST_PROXY: "1" }, { cpuProfDir });
    const front: Nginx | null = await startNginx(work, (port) => documentedOffloadConfig({ app: new URL(app.url).host, port, mediaDir }));
    stops.push(() => front?.stop());
    for (const c of offloadCases) await measure(c, front!.url, `${app.url}/healthz`, () => [app.pid, front!.pid]);
    await front!.stop();
  }

  report(rows, chosen, { engine, clips, seconds });
}

async function capture(base: string, spec: RequestSpec): Promise<CapturedResponse> {
  const res = await fetch(base + spec.path, {
    method: spec.method,
    headers: { ...spec.headers, "accept-encoding": "identity" },
    body: spec.body,
    redirect: "manual",
  });
  return {
    status: res.status,
    contentType: res.headers.get("content-type") ?? "application/octet-stream",
    body: Buffer.from(await res.arrayBuffer()),
  };
}

interface FeedPage {
  clips: { id: string; slug: string; title: string; creatorSlug: string; tags: { slug: string }[] }[];
}

/** A real clip, tag, creator and search term from the seeded catalogue, each at its canonical address. */
async function samplePaths(base: string, cookie: string) {
  const feed = (await (await fetch(`${base}/api/feed?offset=0`, { headers: { cookie } })).json()) as FeedPage;
  const clip = feed.clips.find((c) => c.tags.length > 0) ?? feed.clips[0];
  if (!clip) throw new Error("the feed is empty: was the catalogue seeded?");
  const canonical = async (p: string) => {
    const res = await fetch(base + p, { headers: { cookie }, redirect: "manual" });
    const location = res.headers.get("location");
    return res.status >= 300 && res.status < 400 && location ? new URL(location, base).pathname + new URL(location, base).search : p;
  };
  const term = clip.title.split(/\s+/).find((w) => w.length >= 4) ?? clip.title.slice(0, 4);
  return {
    videoPath: await canonical(`/video/${clip.slug}`),
    tagPath: await canonical(`/tag/${clip.tags[0]?.slug ?? "none"}`),
    creatorPath: await canonical(`/creator/${clip.creatorSlug}`),
    searchPath: await canonical(`/search?q=${encodeURIComponent(term)}`),
    flameClipIds: feed.clips.map((c) => c.id),
  };
}

function report(rows: Row[], cases: BenchCase[], meta: { engine: string; clips: number; seconds: number }) {
  const when = new Date().toISOString();
  const title = `npm run bench — ${meta.engine}, ${meta.clips} seeded clips (+ demo), ${meta.seconds} s per run, ${when}`;
  const table = markdownTable(rows, cases);
  const stem = `${when.replace(/[:.]/g, "-")}-${meta.engine}${args.label ? `-${args.label}` : ""}`;
  writeReport(args.out, stem, { ...meta, when, label: args.label ?? null, rows }, title, table);
  const missed = rows.filter((r) => r.meetsTarget === false).map((r) => r.case);
  if (missed.length) process.stdout.write(`targets missed: ${missed.join(", ")}\n`);
}

run(main);
