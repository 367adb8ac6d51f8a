// Where the server's CPU time went: `node --import tsx scripts/bench/profile-summary.ts <file.cpuprofile>`
// (profiles come from `npm run bench -- --profile <dir>`). Prints self time by area and the top functions.
// `--inclusive`: also each function's inclusive time (itself and what it called), counted once per sample.
// `--busiest S`: only the S seconds with the least idle time (a bench's measurement window, without start-up, sign-ins
// and the idle minutes while the ceiling and nginx are measured).
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
}

const AREAS: [string, RegExp][] = [
  ["PGlite (wasm + protocol)", /@electric-sql\/pglite|^wasm:\/\//],
  ["PostgreSQL client (pg)", /node_modules\/(pg|pg-protocol|pg-pool)\//],
  ["Drizzle", /drizzle-orm/],
  ["React rendering", /react-dom|\/react\//],
  ["React Router", /react-router/],
  ["Express + middleware", /node_modules\/(express|router|helmet|compression|body-parser|send|serve-static|finalhandler)\//],
  ["Better Auth", /better-auth|better-call|@better-auth/],
  ["app code (build)", /\/build[^/]*\/server\/|\.tmp\//],
  ["app code (server/, app/)", /\/(server|app)\//],
  ["logging (pino)", /pino/],
  ["Node internals", /^node:|^internal\//],
];

const { values: options, positionals } = parseArgs({
  options: { busiest: { type: "string" }, inclusive: { type: "boolean" } },
  allowPositionals: true,
});
const file = positionals[0];
if (!file) throw new Error("usage: profile-summary.ts [--busiest SECONDS] <file.cpuprofile>");
const profile = JSON.parse(readFileSync(file, "utf8")) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const idleId = profile.nodes.find((n) => n.callFrame.functionName === "(idle)")?.id;
/** Each sample's end time (µs from the start) and length. */
const times: number[] = [];
profile.timeDeltas.reduce((t, d, i) => (times[i] = t + d), 0);
let [from, to] = [0, profile.samples.length];
if (options.busiest) {
  // Two pointers over the samples: the window of that length with the least idle time.
  const span = Number(options.busiest) * 1e6;
  let idle = 0;
  let best = Infinity;
  for (let end = 0, start = 0; end < profile.samples.length; end++) {
    if (profile.samples[end] === idleId) idle += profile.timeDeltas[end] ?? 0;
    while (times[end]! - times[start]! > span) {
      if (profile.samples[start] === idleId) idle -= profile.timeDeltas[start] ?? 0;
      start++;
    }
    if (times[end]! - times[start]! >= 0.95 * span && idle < best) [best, from, to] = [idle, start, end + 1];
  }
}
const self = new Map<number, number>();
for (let i = from; i < to; i++) self.set(profile.samples[i]!, (self.get(profile.samples[i]!) ?? 0) + (profile.timeDeltas[i] ?? 0));
const total = [...self.values()].reduce((a, b) => a + b, 0);

const areas = new Map<string, number>();
const functions = new Map<string, number>();
for (const [id, us] of self) {
  const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
  const special = ["(idle)", "(program)", "(garbage collector)"].includes(functionName) ? functionName : null;
  const area = special ?? AREAS.find(([, re]) => re.test(url))?.[0] ?? (url ? "other" : "native / V8");
  areas.set(area, (areas.get(area) ?? 0) + us);
  const name = `${functionName || "(anonymous)"} ${url.replace(/^.*node_modules\//, "").replace(/^file:\/\/.*\/(throughput|work)\//, "")}:${lineNumber}`;
  functions.set(name, (functions.get(name) ?? 0) + us);
}
const pct = (us: number) => `${((100 * us) / total).toFixed(1).padStart(5)}%`;
console.log(`total ${(total / 1e6).toFixed(1)} s sampled\n\nby area:`);
for (const [area, us] of [...areas].sort((a, b) => b[1] - a[1])) console.log(`${pct(us)}  ${area}`);
console.log("\ntop functions (self time):");
for (const [name, us] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, 20)) console.log(`${pct(us)}  ${name}`);

if (options.inclusive) {
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const inclusive = new Map<string, number>();
  for (const [id, us] of self) {
    const names = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const { functionName, url, lineNumber } = byId.get(at)!.callFrame;
      if (url)
        names.add(
          `${functionName || "(anonymous)"} ${url.replace(/^.*node_modules\//, "").replace(/^.*\/(main|work)\//, "")}:${lineNumber}`,
        );
    }
    for (const name of names) inclusive.set(name, (inclusive.get(name) ?? 0) + us);
  }
  console.log("\ntop functions (inclusive time):");
  for (const [name, us] of [...inclusive].sort((a, b) => b[1] - a[1]).slice(0, 40)) console.log(`${pct(us)}  ${name}`);
}
