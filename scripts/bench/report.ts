import type { BenchCase } from "./cases";
import type { LoadResult } from "./load";

export interface Row {
  case: string;
  connections: number;
  app: LoadResult;
  ceiling: LoadResult;
  nginx?: LoadResult;
  /** The 1-, 5- and 15-minute load averages when the app run ended. */
  loadAverage: number[];
  /** Media only: how busy the plain client kept its one thread while nginx ran, and the req/s that extrapolates to. */
  client?: { cpuAtNginx: number; ceilingRps: number };
  /** app req/s ÷ ceiling req/s, same run. */
  ratioCeiling: number;
  ratioNginx?: number;
  /** Whether the case's throughput target holds (judged at 100 connections only). */
  meetsTarget?: boolean;
}

export function judge(c: BenchCase, row: Omit<Row, "meetsTarget">): boolean | undefined {
  if (row.connections !== 100) return undefined;
  const clean = row.app.errors === 0 && row.app.timeouts === 0 && row.app.non2xx === 0;
  const t = c.target;
  if (t.kind === "ceiling") return clean && row.ratioCeiling >= t.ratio && row.app.p99 <= t.p99Ms;
  if (t.kind === "rps") return clean && row.app.rps >= t.rps && row.app.p99 <= t.p99Ms;
  // Against nginx only when the client could have gone well past nginx's figure (see clientIsNotTheLimit).
  return clean && row.ratioNginx !== undefined && row.ratioNginx >= t.ratio && row.app.p99 <= t.p99Ms && clientIsNotTheLimit(row);
}

/**
 * The plain client drives the media case from one thread. Its ceiling is the req/s it would reach at a whole core
 * (its req/s ÷ its CPU share while nginx ran). nginx's figure counts only when it is at most half of that: otherwise
 * the client, not nginx, set it, and "÷ nginx" says nothing.
 */
export function clientIsNotTheLimit(row: Pick<Row, "nginx" | "client">): boolean {
  return !!row.nginx && !!row.client && row.nginx.rps <= 0.5 * row.client.ceilingRps;
}

export function targetText(c: BenchCase): string {
  const t = c.target;
  if (t.kind === "ceiling") return `≥${Math.round(t.ratio * 100)}% ceiling, p99≤${t.p99Ms}`;
  if (t.kind === "rps") return `≥${t.rps} req/s, p99≤${t.p99Ms}`;
  return `≥${Math.round(t.ratio * 100)}% nginx, p99≤${t.p99Ms}`;
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
    "÷ ceiling",
    "nginx req/s",
    "÷ nginx",
    "client ceiling req/s",
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
        pct(r.ratioCeiling),
        r.nginx ? num(r.nginx.rps) : "–",
        pct(r.ratioNginx),
        r.client ? `${num(r.client.ceilingRps)} (${clientIsNotTheLimit(r) ? "nginx well under" : "**nginx too close**"})` : "–",
        r.loadAverage.map((l) => l.toFixed(1)).join(" "),
        r.connections === 100 ? targetText(c) : "",
        r.meetsTarget === undefined ? "" : r.meetsTarget ? "yes" : "**no**",
      ].join(" | ")} |`,
    );
  }
  return lines.join("\n");
}
