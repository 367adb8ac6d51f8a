import { Agent, request } from "node:http";
import type { RequestSpec } from "./cases";
import type { LoadResult } from "./load";

// A plain node:http load generator for large bodies. autocannon turns every body chunk into a string and tops out
// near 60–70 MB/s on this machine, so for /media it measured itself, not the server. This client only counts the
// bytes of each chunk. It reports how busy it kept its own thread (`clientCpu`): near 1 it is the bottleneck, and the
// figure is the client's, not the server's.

export interface HttpLoadResult extends LoadResult {
  /** Body bytes received per second. */
  bytesPerSecond: number;
  /** The client's CPU time (user + system) ÷ wall time, in cores: ~1 means this one thread was saturated. */
  clientCpu: number;
}

/** `connections` keep-alive connections, each sending `request(n)` as soon as the previous answer has ended, for `seconds`. */
export async function httpLoad(
  baseUrl: string,
  request_: (n: number) => RequestSpec,
  connections: number,
  seconds: number,
): Promise<HttpLoadResult> {
  const { hostname, port } = new URL(baseUrl);
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const latencies: number[] = [];
  const codes = new Map<number, number>();
  let n = 0;
  let bytes = 0;
  let errors = 0;
  let timeouts = 0;
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const deadline = started + seconds * 1000;

  const one = (spec: RequestSpec) =>
    new Promise<void>((resolve) => {
      const sent = performance.now();
      const req = request(
        { host: hostname, port, method: spec.method, path: spec.path, headers: spec.headers, agent, timeout: 10_000 },
        (res) => {
          res.on("data", (chunk: Buffer) => (bytes += chunk.length));
          res.on("end", () => {
            latencies.push(performance.now() - sent);
            codes.set(res.statusCode ?? 0, (codes.get(res.statusCode ?? 0) ?? 0) + 1);
            resolve();
          });
          res.on("error", () => (errors++, resolve()));
        },
      );
      req.on("timeout", () => (timeouts++, req.destroy()));
      req.on("error", () => (errors++, resolve()));
      req.end(spec.body);
    });

  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < deadline) await one(request_(n++));
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  agent.destroy();

  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    latencies.length ? Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!) : 0;
  const non2xx = [...codes].filter(([code]) => code < 200 || code >= 300);
  return {
    rps: latencies.length / elapsed,
    p50: at(0.5),
    p99: at(0.99),
    errors,
    timeouts,
    non2xx: non2xx.reduce((sum, [, count]) => sum + count, 0),
    non2xxCodes: non2xx.map(([code, count]) => `${code}×${count}`).join(" "),
    requests: latencies.length,
    bytesPerSecond: bytes / elapsed,
    clientCpu: (cpu.user + cpu.system) / 1e6 / elapsed,
  };
}
