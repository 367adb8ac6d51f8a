import type { BenchCase } from "./cases";
import type { LoadResult } from "./load";

/** Which client drove a run and what it cost, from its own processes' CPU time. */
export interface ClientFigures {
  /** "node:net" (scripts/bench/http-load.ts) or "autocannon" (in the bench's own process). */
  name: "node:net" | "autocannon";
  processes: number;
  /** CPU in cores, summed over its processes. */
  cores: number;
  /** The busiest process's share of a core. */
  busiest: number;
  /** Its CPU per answer, in ms. */
  msPerAnswer: number;
}

export interface Row {
  case: string;
  connections: number;
  app: LoadResult;
  ceiling: LoadResult;
  nginx?: LoadResult;
  /** The 1-, 5- and 15-minute load averages when the app run ended. */
  loadAverage: number[];
  /** The load averages when the nginx run ended. */
  nginxLoadAverage?: number[];
  /**
   * Large bodies: the client processes while nginx ran — their CPU in cores (summed, and the busiest one's share), their
   * CPU per answer, and the req/s that would take as many cores as there are processes (at most the machine's).
   */
  client?: { processes: number; cpuAtNginx: number; cpuMaxAtNginx: number; cpuMsPerAnswer: number; ceilingRps: number };
  /**
   * The servers' own CPU (Linux /proc): the app's (with the offload's nginx), the bare node:http ceiling's (the same
   * bytes from memory) and nginx alone's, per answer and in cores.
   */
  serverCpu?: { appMsPerAnswer: number; appCores: number; ceilingMsPerAnswer?: number; nginxMsPerAnswer: number; nginxCores: number };
  /** The clients that drove the app's run and the ceiling's. */
  clients?: { app: ClientFigures; ceiling: ClientFigures };
  /** The bare node:http ceiling's own CPU in cores while it was driven (Linux /proc; undefined elsewhere). */
  ceilingCores?: number;
  /** The app's and the ceiling server's own CPU per answer, in ms (Linux /proc; undefined elsewhere). */
  appCpuMsPerAnswer?: number;
  ceilingCpuMsPerAnswer?: number;
  /** app req/s ÷ ceiling req/s, same run. */
  ratioCeiling: number;
  /** The ceiling server's CPU per answer ÷ the app's: the share of the ceiling's rate the app reaches on as many cores. */
  ratioCeilingPerCpu?: number;
  ratioNginx?: number;
  /** nginx's CPU per answer ÷ the app's: the share of nginx's rate the app reaches when each has the same cores. */
  ratioNginxPerCore?: number;
  /** Whether the case's throughput target holds (judged at 100 connections only). */
  meetsTarget?: boolean;
}

export function judge(c: BenchCase, row: Omit<Row, "meetsTarget">): boolean | undefined {
  if (row.connections !== 100) return undefined;
  const clean = row.app.errors === 0 && row.app.timeouts === 0 && row.app.non2xx === 0;
  const t = c.target;
  if (t.kind === "ceiling") {
    const ratio = ceilingRatio(row);
    return clean && ratio !== undefined && ratio >= t.ratio && row.app.p99 <= t.p99Ms;
  }
  if (t.kind === "rps") return clean && row.app.rps >= t.rps && row.app.p99 <= t.p99Ms;
  // Against nginx: per core when the servers' CPU is known (see ratioNginxPerCore), and only with a client that was
  // not the limit; otherwise req/s against req/s, same condition.
  const ratio = row.ratioNginxPerCore ?? row.ratioNginx;
  return clean && ratio !== undefined && ratio >= t.ratio && row.app.p99 <= t.p99Ms && clientIsNotTheLimit(row);
}

/**
 * A ceiling server this busy set its own pace. Below it, the client could not send faster than the bare server answered
 * (autocannon is one thread: against /api/feed's bytes the ceiling server was seen at 39 % of a core while autocannon
 * used all of one), so the ceiling's req/s is the client's and a ratio to it overstates the app.
 */
export const CEILING_BUSY = 0.8;

export function ceilingWasTheServer(row: Pick<Row, "ceilingCores">): boolean {
  return row.ceilingCores !== undefined && row.ceilingCores >= CEILING_BUSY;
}

/** What a ratio to the ceiling is judged on: see ceilingBasis. */
export type CeilingBasis = "req/s" | "CPU per answer";

/**
 * req/s against req/s when the ceiling server set its own pace (CEILING_BUSY). Otherwise — on two cores the client's
 * processes and the server take turns, and other work on the machine takes its share — the servers' own CPU per
 * answer: what each costs, whoever set the pace. Neither when the ceiling server's CPU is unknown.
 */
export function ceilingBasis(row: Pick<Row, "ceilingCores" | "ratioCeilingPerCpu">): CeilingBasis | undefined {
  if (ceilingWasTheServer(row)) return "req/s";
  if (row.ratioCeilingPerCpu !== undefined) return "CPU per answer";
  return undefined;
}

/** The ratio to the ceiling on its basis (ceilingBasis), undefined when there is none. */
export function ceilingRatio(row: Pick<Row, "ceilingCores" | "ratioCeiling" | "ratioCeilingPerCpu">): number | undefined {
  const basis = ceilingBasis(row);
  return basis === "req/s" ? row.ratioCeiling : basis === "CPU per answer" ? row.ratioCeilingPerCpu : undefined;
}

/** The basis in words, with why. */
export function ceilingVerdict(row: Pick<Row, "ceilingCores" | "ratioCeiling" | "ratioCeilingPerCpu">): string {
  const basis = ceilingBasis(row);
  const cores = row.ceilingCores === undefined ? "unknown" : `${row.ceilingCores.toFixed(2)} cores`;
  if (basis === "req/s") return `judged on req/s (ceiling server at ${cores})`;
  // Generous to the app: a server short of a full core handles fewer answers per wake-up and spends more on each
  // (the ceiling server driven by autocannon at 0.4 cores: 0.037 ms per /api/feed answer; at 0.93 cores: 0.029).
  if (basis === "CPU per answer")
    return `ceiling server at ${cores}, under ${CEILING_BUSY}: its req/s is not its own, judged on CPU per answer (generous to the app)`;
  return `ceiling server at ${cores} and the servers' CPU per answer unknown: no verdict`;
}

/** A client process this busy had no time left to wait for answers: it set the pace. */
export const CLIENT_SATURATED = 0.85;

/**
 * The client drives large bodies from several processes. It was not the limit when no process was saturated
 * (CLIENT_SATURATED) and nginx's req/s is at most half of the client's ceiling (its req/s at as many whole cores as it
 * has processes, from its own CPU per answer): otherwise the client, not nginx, may have set nginx's figure.
 */
export function clientIsNotTheLimit(row: Pick<Row, "nginx" | "client">): boolean {
  return !!row.nginx && !!row.client && row.client.cpuMaxAtNginx < CLIENT_SATURATED && row.nginx.rps <= 0.5 * row.client.ceilingRps;
}

/** Why a row's nginx comparison counts or not, in words. */
export function clientVerdict(row: Pick<Row, "nginx" | "client">): string {
  if (!row.client || !row.nginx) return "no client figures";
  if (row.client.cpuMaxAtNginx >= CLIENT_SATURATED) return "a client process was saturated: client-bound, the ratio says nothing";
  if (row.nginx.rps > 0.5 * row.client.ceilingRps) return "nginx above half the client's ceiling: client-bound, the ratio says nothing";
  return "the client was not the limit";
}

export function targetText(c: BenchCase): string {
  const t = c.target;
  if (t.kind === "ceiling") return `≥${Math.round(t.ratio * 100)}% ceiling, p99≤${t.p99Ms}`;
  if (t.kind === "rps") return `≥${t.rps} req/s, p99≤${t.p99Ms}`;
  return `≥${Math.round(t.ratio * 100)}% nginx, p99≤${t.p99Ms}`;
}

/**
 * "node:net ×2: 0.075 / 0.021 ms CPU per answer, 0.12 / 0.49 cores, busiest 26 %": which client drove the app's and the
 * ceiling's runs, its cost, and its busiest process against the ceiling (near 100 %, the client set the ceiling's pace).
 */
export function clientText(clients: { app: ClientFigures; ceiling: ClientFigures }): string {
  const { app, ceiling } = clients;
  const name = (x: ClientFigures) => `${x.name} ×${x.processes}`;
  const who = name(app) === name(ceiling) ? name(app) : `${name(app)} / ${name(ceiling)}`;
  return (
    `${who}: ${app.msPerAnswer.toFixed(3)} / ${ceiling.msPerAnswer.toFixed(3)} ms CPU per answer, ` +
    `${app.cores.toFixed(2)} / ${ceiling.cores.toFixed(2)} cores, busiest ${Math.round(ceiling.busiest * 100)} %`
  );
}

const pct = (x: number | undefined) => (x === undefined ? "–" : `${(x * 100).toFixed(1)}%`);
const num = (x: number) => Math.round(x).toLocaleString("en-US");

export function markdownTable(rows: Row[], cases: BenchCase[]): string {
  const head = [
    "case",
    "conns",
    "req/s",
    "p50 ms",
    "p99 ms",
    "errors",
    "non-2xx",
    "ceiling req/s",
    "ceiling server cores",
    "÷ ceiling req/s",
    "app / ceiling CPU ms per answer",
    "÷ ceiling per CPU",
    "judged on",
    "nginx req/s",
    "nginx p99",
    "÷ nginx",
    "app / nginx CPU ms per answer",
    "÷ nginx per core",
    "client: app / ceiling run",
    "client at nginx",
    "load avg",
    "target (100 conns)",
    "met",
  ];
  const lines = [`| ${head.join(" | ")} |`, `|${head.map(() => "---").join("|")}|`];
  for (const r of rows) {
    const c = cases.find((x) => x.name === r.case)!;
    lines.push(
      `| ${[
        r.case,
        r.connections,
        num(r.app.rps),
        r.app.p50,
        r.app.p99,
        r.app.errors + r.app.timeouts,
        r.app.non2xx ? `${r.app.non2xx} (${r.app.non2xxCodes})` : 0,
        num(r.ceiling.rps),
        r.ceilingCores === undefined ? "–" : r.ceilingCores.toFixed(2),
        pct(r.ratioCeiling),
        r.appCpuMsPerAnswer !== undefined && r.ceilingCpuMsPerAnswer !== undefined
          ? `${r.appCpuMsPerAnswer.toFixed(3)} / ${r.ceilingCpuMsPerAnswer.toFixed(3)}`
          : "–",
        pct(r.ratioCeilingPerCpu),
        c.target.kind === "ceiling" ? (ceilingBasis(r) ?? "**no verdict**") : "",
        r.nginx ? num(r.nginx.rps) : "–",
        r.nginx ? r.nginx.p99 : "–",
        pct(r.ratioNginx),
        r.serverCpu ? `${r.serverCpu.appMsPerAnswer.toFixed(3)} / ${r.serverCpu.nginxMsPerAnswer.toFixed(3)}` : "–",
        pct(r.ratioNginxPerCore),
        r.clients ? clientText(r.clients) : "–",
        r.client
          ? `${r.client.processes} × ≤${Math.round(r.client.cpuMaxAtNginx * 100)} %, ceiling ${num(r.client.ceilingRps)} ` +
            `(${clientIsNotTheLimit(r) ? "not the limit" : "**client-bound**"})`
          : "–",
        r.loadAverage.map((l) => l.toFixed(1)).join(" "),
        r.connections === 100 ? targetText(c) : "",
        r.meetsTarget === undefined ? "" : r.meetsTarget ? "yes" : "**no**",
      ].join(" | ")} |`,
    );
  }
  return lines.join("\n");
}
