import autocannon from "autocannon";
import type { RequestSpec } from "./cases";

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  /** The status codes of the non-2xx answers, with their counts ("503×2"), so a failed target says why. */
  non2xxCodes: string;
  requests: number;
}

/** Waits until `url` answers quickly again: a saturated server may still be working off queued requests. */
export async function settle(url: string, timeoutMs = 300_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const started = performance.now();
    const ok = (await fetch(url).catch(() => null))?.ok;
    if (ok && performance.now() - started < 50) return;
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** autocannon, in-process, against one loopback URL for a bounded time; `request(n)` shapes the n-th request. */
export async function load(
  baseUrl: string,
  request: (n: number) => RequestSpec,
  connections: number,
  seconds: number,
): Promise<LoadResult> {
  let n = 0;
  const first = request(0);
  const result = await autocannon({
    url: baseUrl,
    connections,
    duration: seconds,
    timeout: 10,
    requests: [
      {
        method: first.method,
        path: first.path,
        setupRequest: (req: Record<string, unknown>) => {
          const spec = request(n++);
          return { ...req, method: spec.method, path: spec.path, headers: spec.headers, body: spec.body ?? Buffer.alloc(0) };
        },
      },
    ],
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    non2xxCodes: Object.entries(result.statusCodeStats ?? {})
      .filter(([code]) => !code.startsWith("2"))
      .map(([code, { count }]) => `${code}×${count}`)
      .join(" "),
    requests: result.requests.total,
  };
}
