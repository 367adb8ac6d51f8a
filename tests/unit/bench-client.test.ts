import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { ChunkedBody, httpLoadProcesses, mergeLoads, type RawLoad } from "../../scripts/bench/http-load";
import type { BenchCase, RequestSpec } from "../../scripts/bench/cases";
import {
  ceilingBasis,
  ceilingVerdict,
  clientIsNotTheLimit,
  clientText,
  clientVerdict,
  judge,
  type ClientFigures,
} from "../../scripts/bench/report";

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

/** A load run's result with these figures, every request answered. */
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
    const row = { case: "feed", connections: 100, app: run(1_000, 150), ceiling: run(8_000, 20), loadAverage: [2], ratioCeiling: 0.125 };
    expect(judge(feed, { ...row, ceilingCores: 0.95 })).toBe(true);
    // The client set the ceiling's pace: 12.5 % of what it could send says nothing of node:http.
    expect(judge(feed, { ...row, ceilingCores: 0.39 })).toBe(false);
    expect(judge(feed, row)).toBe(false);
    expect(judge(feed, { ...row, ceilingCores: 0.95, ratioCeiling: 0.05 })).toBe(false);
  });

  it("judges a ceiling the client or the machine held back on the servers' CPU per answer, and says so", () => {
    const feed = { name: "feed", target: { kind: "ceiling", ratio: 0.1, p99Ms: 250 } } as BenchCase;
    // 20 % of the ceiling's req/s, but per CPU the app costs 0.5 ms an answer against the ceiling server's 0.025: 5 %.
    const row = {
      case: "feed",
      connections: 100,
      app: run(4_000, 150),
      ceiling: run(20_000, 20),
      loadAverage: [2],
      ratioCeiling: 0.2,
      appCpuMsPerAnswer: 0.5,
      ceilingCpuMsPerAnswer: 0.025,
      ratioCeilingPerCpu: 0.05,
    };
    expect(ceilingBasis({ ...row, ceilingCores: 0.55 })).toBe("CPU per answer");
    expect(judge(feed, { ...row, ceilingCores: 0.55 })).toBe(false);
    expect(judge(feed, { ...row, ceilingCores: 0.55, ratioCeilingPerCpu: 0.12 })).toBe(true);
    expect(ceilingVerdict({ ...row, ceilingCores: 0.55 })).toMatch(/0\.55 cores, under 0\.8.*CPU per answer/);
    // A busy ceiling server: req/s against req/s, whatever the CPU says.
    expect(ceilingBasis({ ...row, ceilingCores: 0.9 })).toBe("req/s");
    expect(judge(feed, { ...row, ceilingCores: 0.9 })).toBe(true);
    expect(ceilingVerdict({ ...row, ceilingCores: 0.9 })).toMatch(/judged on req\/s/);
    // No CPU figures and an idle ceiling server: nothing to judge on.
    expect(ceilingBasis({ ceilingCores: 0.55 })).toBeUndefined();
    expect(ceilingVerdict({ ceilingCores: 0.55, ratioCeiling: 0.2 })).toMatch(/no verdict/);
    // The p99 still counts on either basis.
    expect(judge(feed, { ...row, ceilingCores: 0.9, app: run(4_000, 400) })).toBe(false);
  });

  it("names the client of both runs with its CPU", () => {
    const net = (msPerAnswer: number, cores: number): ClientFigures => ({
      name: "node:net",
      processes: 2,
      cores,
      busiest: cores / 2,
      msPerAnswer,
    });
    expect(clientText({ app: net(0.08, 0.1), ceiling: net(0.02, 0.43) })).toBe(
      "node:net ×2: 0.080 / 0.020 ms CPU per answer, 0.10 / 0.43 cores, busiest 22 %",
    );
    const autocannon: ClientFigures = { name: "autocannon", processes: 1, cores: 0.9, busiest: 0.9, msPerAnswer: 0.06 };
    expect(clientText({ app: autocannon, ceiling: net(0.02, 0.43) })).toMatch(/^autocannon ×1 \/ node:net ×2: /);
  });

  it("reads chunked bodies however the bytes are split", () => {
    const body = Buffer.from("5\r\nhello\r\n1a;name=value\r\nabcdefghijklmnopqrstuvwxyz\r\n0\r\nx-trailer: 1\r\n\r\n");
    for (let step = 1; step <= body.length; step++) {
      const chunked = new ChunkedBody();
      const states: number[] = [];
      for (let i = 0; i < body.length; i += step) states.push(chunked.feed(body.subarray(i, i + step)));
      expect(states.at(-1)).toBe(1);
      expect(states.slice(0, -1).every((s) => s === 0)).toBe(true);
    }
    expect(new ChunkedBody().feed(Buffer.from("0\r\n\r\n"))).toBe(1);
    expect(new ChunkedBody().feed(Buffer.from("zz\r\n"))).toBe(-1);
    expect(new ChunkedBody().feed(Buffer.from("2\r\nabX"))).toBe(-1);
    // Bytes after the last chunk are not this answer's.
    expect(new ChunkedBody().feed(Buffer.from("0\r\n\r\nHTTP/1.1"))).toBe(-1);
  });

  it("sends each request's own path, cookies and body from every client process, and counts small and chunked answers", async () => {
    const seen = new Map<string, number>();
    const server = createServer((req, res) => {
      let body = "";
      req.on("data", (chunk: Buffer) => (body += chunk.toString()));
      req.on("end", () => {
        const key = `${req.method} ${req.url} ${req.headers.cookie} ${body}`;
        seen.set(key, (seen.get(key) ?? 0) + 1);
        // Every other answer streamed (chunked), the rest with a length.
        if (req.url!.endsWith("/chunked")) {
          res.writeHead(200, { "content-type": "text/html" });
          res.write("<p>first</p>");
          res.end("<p>second</p>");
        } else res.writeHead(200, { "content-type": "application/json" }).end('{"ok":true}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const request = (n: number): RequestSpec =>
        n % 2
          ? { method: "GET", path: `/api/feed?offset=${n % 4}/chunked`, headers: { cookie: `feed_seed=${n % 10}` } }
          : { method: "POST", path: "/api/flames", headers: { cookie: `session=${n % 10}` }, body: `clipId=${n % 10}` };
      const result = await httpLoadProcesses(`http://127.0.0.1:${port}`, request, 6, 0.5, 3, 20);
      expect(result.clientProcesses).toBe(3);
      expect(result.errors + result.timeouts + result.non2xx).toBe(0);
      expect(result.requests).toBeGreaterThan(60);
      // Each of the 20 distinct requests arrived as sent, from some process.
      const expected = Array.from({ length: 20 }, (_, n) => {
        const spec = request(n);
        return `${spec.method} ${spec.path} ${spec.headers.cookie} ${spec.body ?? ""}`;
      });
      expect([...seen.keys()].sort()).toEqual([...new Set(expected)].sort());
    } finally {
      server.close();
    }
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
        // Long enough for every tenth request (a 404) to come up at load average 16, where 0.5 s gave 6 requests.
        2.5,
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
