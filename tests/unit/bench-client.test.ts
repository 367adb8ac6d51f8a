import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { httpLoadProcesses, mergeLoads, type RawLoad } from "../../scripts/bench/http-load";
import type { BenchCase } from "../../scripts/bench/cases";
import { clientIsNotTheLimit, clientVerdict, judge } from "../../scripts/bench/report";

const part = (over: Partial<RawLoad>): RawLoad => ({
  latencies: [],
  codes: [],
  bytes: 0,
  errors: 0,
  timeouts: 0,
  elapsed: 1,
  cpuSeconds: 0,
  ...over,
});

describe("the bench's large-body client", () => {
  it("merges its processes: requests over the longest window, latencies pooled, CPU summed and the busiest kept", () => {
    const merged = mergeLoads([
      part({ latencies: [1, 2, 3], codes: [[206, 3]], bytes: 3_000, elapsed: 1, cpuSeconds: 0.3 }),
      part({
        latencies: [4, 100],
        codes: [
          [206, 1],
          [500, 1],
        ],
        bytes: 2_000,
        elapsed: 2,
        cpuSeconds: 1.8,
        errors: 1,
      }),
    ]);
    expect(merged.requests).toBe(5);
    expect(merged.rps).toBe(2.5);
    expect(merged.p50).toBe(3);
    expect(merged.p99).toBe(100);
    expect(merged.non2xx).toBe(1);
    expect(merged.non2xxCodes).toBe("500×1");
    expect(merged.errors).toBe(1);
    expect(merged.bytesPerSecond).toBe(2_500);
    expect(merged.clientCpu).toBeCloseTo(1.05);
    expect(merged.clientCpuMax).toBeCloseTo(0.9);
    expect(merged.clientProcesses).toBe(2);
    expect(merged.clientCpuPerRequest).toBeCloseTo(0.42);
  });

  it("says a figure is the client's when one of its processes was saturated or nginx came near its ceiling", () => {
    const nginx = { rps: 1_000 } as never;
    const client = { processes: 2, cpuAtNginx: 0.6, cpuMaxAtNginx: 0.3, cpuMsPerAnswer: 0.3, ceilingRps: 6_000 };
    expect(clientIsNotTheLimit({ nginx, client })).toBe(true);
    expect(clientIsNotTheLimit({ nginx, client: { ...client, cpuMaxAtNginx: 0.9 } })).toBe(false);
    expect(clientVerdict({ nginx, client: { ...client, cpuMaxAtNginx: 0.9 } })).toMatch(/saturated/);
    expect(clientIsNotTheLimit({ nginx, client: { ...client, ceilingRps: 1_500 } })).toBe(false);
    expect(clientVerdict({ nginx, client: { ...client, ceilingRps: 1_500 } })).toMatch(/half the client's ceiling/);
  });

  it("gives no ratio to the node:http ceiling a verdict unless the ceiling server itself was busy", () => {
    const feed = { name: "feed", target: { kind: "ceiling", ratio: 0.1, p99Ms: 250 } } as BenchCase;
    const run = (rps: number, p99: number) => ({
      rps,
      p50: 1,
      p99,
      errors: 0,
      timeouts: 0,
      non2xx: 0,
      non2xxCodes: "",
      requests: rps * 10,
    });
    const row = { case: "feed", connections: 100, app: run(1_000, 150), ceiling: run(8_000, 20), loadAverage: [2], ratioCeiling: 0.125 };
    expect(judge(feed, { ...row, ceilingCores: 0.95 })).toBe(true);
    // The client set the ceiling's pace: 12.5 % of what it could send says nothing of node:http.
    expect(judge(feed, { ...row, ceilingCores: 0.39 })).toBe(false);
    expect(judge(feed, row)).toBe(false);
    expect(judge(feed, { ...row, ceilingCores: 0.95, ratioCeiling: 0.05 })).toBe(false);
  });

  it("drives one server from several processes and counts every answer", async () => {
    const body = Buffer.alloc(64 * 1024, 1);
    let answered = 0;
    const server = createServer((req, res) => {
      answered++;
      res.writeHead(req.url === "/missing" ? 404 : 206, { "content-length": body.length });
      res.end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const result = await httpLoadProcesses(
        `http://127.0.0.1:${port}`,
        (n) => ({ method: "GET", path: n % 10 === 9 ? "/missing" : "/media/x.mp4", headers: { range: "bytes=0-65535" } }),
        4,
        0.5,
        2,
        10,
      );
      expect(result.clientProcesses).toBe(2);
      expect(result.errors + result.timeouts).toBe(0);
      expect(result.requests).toBeGreaterThan(10);
      // A request still on its way when the window closed is answered but not counted.
      expect(answered - result.requests).toBeLessThanOrEqual(4);
      expect(result.non2xx).toBeGreaterThan(0);
      expect(result.clientCpuPerRequest).toBeGreaterThan(0);
    } finally {
      server.close();
    }
  });
});
