import { fork } from "node:child_process";
import { connect, type Socket } from "node:net";
import os from "node:os";
import type { RequestSpec } from "./cases";
import type { LoadResult } from "./load";

// The bench's load generator, on node:net. autocannon turns every body chunk into a string and tops out near
// 60–70 MB/s on this machine; node:http's client allocates a Buffer for every 64 KiB it receives and spent ~1.1 ms of
// CPU per MiB (2.4 times this one's), so on two shared cores it was what nginx's figure measured. This client reads
// every socket into one reused buffer (`onread`), parses only the status line and the body's framing (Content-Length
// or chunks), and counts the body; each distinct request is serialised once.
//
// Small answers have the same problem the other way round: autocannon is one thread in the bench's own process and
// spent more CPU per answer than the bare node:http ceiling server did to produce it, so against /api/feed's bytes the
// ceiling server sat at 0.4–0.5 of a core while autocannon used a whole one. So the connections are shared among
// several client processes (`httpLoadProcesses`), each with its own event loop, started together and merged: their
// requests, latencies and errors, and each one's CPU — its share (near 1 for any of them means that process, not the
// server, set the pace) and its CPU per answer (what the client costs, whatever the server).

export interface HttpLoadResult extends LoadResult {
  /** Body bytes received per second. */
  bytesPerSecond: number;
  /** The client's CPU time (user + system) ÷ wall time, in cores, summed over its processes. */
  clientCpu: number;
  /** The busiest client process's CPU share: near 1, that process was saturated and the figure is the client's. */
  clientCpuMax: number;
  /** How many processes drove the connections. */
  clientProcesses: number;
  /** The client's CPU seconds per answer: its own cost, whatever the server. */
  clientCpuPerRequest: number;
}

/** What one process measured, before merging. */
export interface RawLoad {
  latencies: number[];
  codes: [number, number][];
  bytes: number;
  errors: number;
  timeouts: number;
  /** Seconds from the first request to the last answer. */
  elapsed: number;
  /** CPU seconds (user + system) this process spent while it ran. */
  cpuSeconds: number;
}

const TIMEOUT_MS = 10_000;
const HEAD_END = Buffer.from("\r\n\r\n");

/**
 * A `Transfer-Encoding: chunked` body read as it arrives (the app streams its pages and some JSON that way): `feed`
 * takes the next bytes and says 1 once the last chunk and its trailer section are in, 0 while more are due, -1 for
 * bytes that are not chunked framing. Only the framing is looked at; chunk data is skipped, not copied.
 */
export class ChunkedBody {
  private phase: "size" | "extension" | "data" | "data-end" | "trailer" = "size";
  private size = 0;
  private digits = 0;
  private left = 0;
  private lineLength = 0;

  feed(data: Uint8Array): 1 | 0 | -1 {
    let i = 0;
    while (i < data.length) {
      if (this.phase === "data") {
        const take = Math.min(this.left, data.length - i);
        i += take;
        this.left -= take;
        if (this.left === 0) this.phase = "data-end";
        continue;
      }
      const c = data[i++]!;
      if (this.phase === "data-end") {
        if (c === 0x0a) this.phase = "size";
        else if (c !== 0x0d) return -1;
      } else if (this.phase === "trailer") {
        if (c === 0x0a) {
          if (this.lineLength === 0) return i === data.length ? 1 : -1;
          this.lineLength = 0;
        } else if (c !== 0x0d) this.lineLength++;
      } else if (c === 0x0a) {
        // The end of a size line: the last chunk (size 0) leads to the trailer section, any other to its data.
        if (this.digits === 0) return -1;
        if (this.size === 0) this.phase = "trailer";
        else [this.phase, this.left] = ["data", this.size];
        [this.size, this.digits, this.lineLength] = [0, 0, 0];
      } else if (this.phase === "size") {
        const digit = c >= 0x30 && c <= 0x39 ? c - 0x30 : c >= 0x61 && c <= 0x66 ? c - 0x57 : c >= 0x41 && c <= 0x46 ? c - 0x37 : -1;
        if (digit >= 0) [this.size, this.digits] = [this.size * 16 + digit, this.digits + 1];
        else if (c === 0x3b) this.phase = "extension";
        else if (c !== 0x0d) return -1;
      }
      // In a chunk extension every byte up to the line's end is ignored.
    }
    return 0;
  }
}

/** A request as the bytes sent, made once per distinct spec object (each client process cycles through a fixed list). */
const serialized = new WeakMap<RequestSpec, Buffer>();
function serialize(spec: RequestSpec, host: string): Buffer {
  let bytes = serialized.get(spec);
  if (!bytes) {
    const headers = Object.entries({
      host,
      ...spec.headers,
      ...(spec.body ? { "content-length": String(Buffer.byteLength(spec.body)) } : {}),
    });
    bytes = Buffer.from(
      `${spec.method} ${spec.path} HTTP/1.1\r\n${headers.map(([k, v]) => `${k}: ${v}\r\n`).join("")}\r\n${spec.body ?? ""}`,
    );
    serialized.set(spec, bytes);
  }
  return bytes;
}

/** `connections` keep-alive connections, each sending `request(n)` as soon as the previous answer has ended, for `seconds`. */
export async function rawLoad(
  baseUrl: string,
  request_: (n: number) => RequestSpec,
  connections: number,
  seconds: number,
): Promise<RawLoad> {
  const { hostname, port } = new URL(baseUrl);
  const host = `${hostname}:${port}`;
  const latencies: number[] = [];
  const codes = new Map<number, number>();
  let n = 0;
  let bytes = 0;
  let errors = 0;
  let timeouts = 0;
  // One timer for every connection rather than one per request: at tens of thousands of small answers a second, a
  // timer set and cleared per request is a measurable share of the client's CPU.
  const overdue = new Set<() => void>();
  const watchdog = setInterval(() => overdue.forEach((check) => check()), 250);
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const deadline = started + seconds * 1000;

  /** One connection's loop: a request, its whole answer, the next request; a new socket when one fails or closes. */
  const connection = () =>
    new Promise<void>((done) => {
      const buffer = Buffer.allocUnsafe(256 * 1024);
      let socket: Socket;
      let head: Buffer[] = [];
      /** Body bytes still due (Infinity while a chunked body lasts, 0 once the answer is in); -1 while the head is read. */
      let remaining = -1;
      let chunked: ChunkedBody | undefined;
      let status = 0;
      let sent = 0;
      let waiting = false;
      const check = () => {
        if (!waiting || performance.now() - sent <= TIMEOUT_MS) return;
        timeouts++;
        restart();
      };
      overdue.add(check);
      const stop = () => (overdue.delete(check), done());

      const finish = () => {
        waiting = false;
        latencies.push(performance.now() - sent);
        codes.set(status, (codes.get(status) ?? 0) + 1);
        next();
      };
      const next = () => {
        if (performance.now() >= deadline) {
          socket.end();
          return stop();
        }
        head = [];
        remaining = -1;
        chunked = undefined;
        sent = performance.now();
        waiting = true;
        socket.write(serialize(request_(n++), host));
      };
      const restart = () => {
        waiting = false;
        socket.destroy();
        if (performance.now() >= deadline) return stop();
        open();
      };
      const onRead = (size: number, chunk: Buffer) => {
        let body = chunk.subarray(0, size);
        if (remaining < 0) {
          // Usually a small answer's head and body come in one read: then nothing is copied.
          if (head.length) head.push(Buffer.from(body));
          const all = head.length ? Buffer.concat(head) : body;
          const end = all.indexOf(HEAD_END);
          if (end < 0) {
            if (!head.length) head.push(Buffer.from(body));
            return;
          }
          const text = all.subarray(0, end).toString("latin1");
          status = Number(text.slice(9, 12));
          const length = /\r\ncontent-length: *(\d+)/i.exec(text);
          if (length) remaining = Number(length[1]);
          else if (/\r\ntransfer-encoding: *chunked/i.test(text)) [remaining, chunked] = [Infinity, new ChunkedBody()];
          // Every answer this bench asks for has a length or chunks; anything else is an error.
          else return void (errors++, restart());
          body = all.subarray(end + HEAD_END.length);
        }
        bytes += body.length;
        if (chunked) {
          const state = chunked.feed(body);
          if (state < 0) return void (errors++, restart());
          if (state === 0) return;
          remaining = 0;
          return finish();
        }
        remaining -= body.length;
        if (remaining <= 0) finish();
      };
      const open = () => {
        socket = connect({
          host: hostname,
          port: Number(port),
          onread: { buffer, callback: (size, chunk) => (onRead(size, chunk as Buffer), true) },
        });
        socket.setNoDelay(true);
        socket.once("connect", next);
        socket.once("error", () => (errors++, restart()));
        // The server closed the connection between answers (or mid-answer: then the answer counts as an error).
        socket.once("end", () => {
          if (remaining !== 0) errors++;
          restart();
        });
      };
      open();
    });

  await Promise.all(Array.from({ length: connections }, connection));
  clearInterval(watchdog);
  const elapsed = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  return { latencies, codes: [...codes], bytes, errors, timeouts, elapsed, cpuSeconds: (cpu.user + cpu.system) / 1e6 };
}

/** Several processes' measurements as one: requests and bytes added up over the longest of their windows. */
export function mergeLoads(parts: RawLoad[]): HttpLoadResult {
  const elapsed = Math.max(...parts.map((p) => p.elapsed));
  const latencies = parts.flatMap((p) => p.latencies).sort((a, b) => a - b);
  const codes = new Map<number, number>();
  for (const p of parts) for (const [code, count] of p.codes) codes.set(code, (codes.get(code) ?? 0) + count);
  const at = (q: number) =>
    latencies.length ? Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!) : 0;
  const non2xx = [...codes].filter(([code]) => code < 200 || code >= 300);
  const cpuSeconds = parts.reduce((sum, p) => sum + p.cpuSeconds, 0);
  return {
    rps: latencies.length / elapsed,
    p50: at(0.5),
    p99: at(0.99),
    errors: parts.reduce((sum, p) => sum + p.errors, 0),
    timeouts: parts.reduce((sum, p) => sum + p.timeouts, 0),
    non2xx: non2xx.reduce((sum, [, count]) => sum + count, 0),
    non2xxCodes: non2xx.map(([code, count]) => `${code}×${count}`).join(" "),
    requests: latencies.length,
    bytesPerSecond: parts.reduce((sum, p) => sum + p.bytes, 0) / elapsed,
    clientCpu: cpuSeconds / elapsed,
    clientCpuMax: Math.max(...parts.map((p) => p.cpuSeconds / p.elapsed)),
    clientProcesses: parts.length,
    clientCpuPerRequest: latencies.length ? cpuSeconds / latencies.length : 0,
  };
}

/** One process: the load as above, merged with itself. */
export async function httpLoad(
  baseUrl: string,
  request_: (n: number) => RequestSpec,
  connections: number,
  seconds: number,
): Promise<HttpLoadResult> {
  return mergeLoads([await rawLoad(baseUrl, request_, connections, seconds)]);
}

/** How many client processes by default: one per core, at most four. */
export const DEFAULT_CLIENT_PROCESSES = Math.min(4, Math.max(1, os.availableParallelism()));

/** What a client process is sent: its share of the connections and the requests to cycle through. */
export interface WorkerOrder {
  baseUrl: string;
  specs: RequestSpec[];
  /** Where in `specs` this process starts, so the processes do not all ask for the same window at once. */
  offset: number;
  connections: number;
  seconds: number;
}

const WORKER = new URL("./http-load-worker.ts", import.meta.url);

/**
 * `connections` shared among `processes` client processes (child processes running `rawLoad`), which start sending
 * together once all are ready; the n-th request of each is `request(offset + n)` for the first `cycle` values of n.
 */
export async function httpLoadProcesses(
  baseUrl: string,
  request_: (n: number) => RequestSpec,
  connections: number,
  seconds: number,
  processes = DEFAULT_CLIENT_PROCESSES,
  cycle = 1000,
): Promise<HttpLoadResult> {
  const count = Math.max(1, Math.min(processes, connections));
  if (count === 1) return httpLoad(baseUrl, request_, connections, seconds);
  const specs = Array.from({ length: cycle }, (_, n) => request_(n));
  const children = Array.from({ length: count }, () => fork(WORKER, [], { execArgv: ["--import", "tsx"], stdio: "inherit" }));
  try {
    const ready = children.map((child) => new Promise<void>((resolve) => child.once("message", () => resolve())));
    await Promise.all(ready);
    const results = children.map(
      (child) =>
        new Promise<RawLoad>((resolve, reject) => {
          child.once("message", (raw) => resolve(raw as RawLoad));
          // "close", not "exit": a process may exit before its parent has read all of a long message (every
          // latency of tens of thousands of answers); "close" comes after the channel has been read to its end.
          child.once("close", (code) => reject(new Error(`a client process exited with ${code} and sent no figures`)));
        }),
    );
    children.forEach((child, i) => {
      // Connections as even as they divide: 100 over 3 processes is 34, 33, 33.
      const share = Math.floor(connections / count) + (i < connections % count ? 1 : 0);
      const order: WorkerOrder = { baseUrl, specs, offset: Math.floor((i * cycle) / count), connections: share, seconds };
      child.send(order);
    });
    return mergeLoads(await Promise.all(results));
  } finally {
    for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
  }
}
