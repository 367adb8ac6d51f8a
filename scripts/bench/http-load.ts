import { connect, type Socket } from "node:net";
import type { RequestSpec } from "./cases";
import type { LoadResult } from "./load";

// A load generator for large bodies, on node:net. autocannon turns every body chunk into a string and tops out near
// 60–70 MB/s on this machine; node:http's client allocates a Buffer for every 64 KiB it receives and spent ~1.1 ms of
// CPU per MiB (2.4 times this one's), so on two shared cores it was what nginx's figure measured. This client reads
// every socket into one reused buffer (`onread`), parses only the status line and Content-Length, and counts the body.
// It reports how busy it kept its own thread (`clientCpu`): near 1 it is the bottleneck, and the figure is the
// client's, not the server's.

export interface HttpLoadResult extends LoadResult {
  /** Body bytes received per second. */
  bytesPerSecond: number;
  /** The client's CPU time (user + system) ÷ wall time, in cores: ~1 means this one thread was saturated. */
  clientCpu: number;
}

const TIMEOUT_MS = 10_000;
const HEAD_END = Buffer.from("\r\n\r\n");

/** `connections` keep-alive connections, each sending `request(n)` as soon as the previous answer has ended, for `seconds`. */
export async function httpLoad(
  baseUrl: string,
  request_: (n: number) => RequestSpec,
  connections: number,
  seconds: number,
): Promise<HttpLoadResult> {
  const { hostname, port } = new URL(baseUrl);
  const latencies: number[] = [];
  const codes = new Map<number, number>();
  let n = 0;
  let bytes = 0;
  let errors = 0;
  let timeouts = 0;
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const deadline = started + seconds * 1000;

  /** One connection's loop: a request, its whole answer, the next request; a new socket when one fails or closes. */
  const connection = () =>
    new Promise<void>((done) => {
      const buffer = Buffer.allocUnsafe(256 * 1024);
      let socket: Socket;
      let head: Buffer[] = [];
      /** Body bytes still due; -1 while the head is being read. */
      let remaining = -1;
      let status = 0;
      let sent = 0;
      let timer: NodeJS.Timeout | undefined;

      const finish = () => {
        clearTimeout(timer);
        latencies.push(performance.now() - sent);
        codes.set(status, (codes.get(status) ?? 0) + 1);
        next();
      };
      const next = () => {
        if (performance.now() >= deadline) {
          socket.end();
          return done();
        }
        const spec = request_(n++);
        const headers = Object.entries({
          host: `${hostname}:${port}`,
          ...spec.headers,
          ...(spec.body ? { "content-length": String(Buffer.byteLength(spec.body)) } : {}),
        });
        head = [];
        remaining = -1;
        sent = performance.now();
        timer = setTimeout(() => (timeouts++, restart()), TIMEOUT_MS);
        socket.write(`${spec.method} ${spec.path} HTTP/1.1\r\n${headers.map(([k, v]) => `${k}: ${v}\r\n`).join("")}\r\n${spec.body ?? ""}`);
      };
      const restart = () => {
        clearTimeout(timer);
        socket.destroy();
        if (performance.now() >= deadline) return done();
        open();
      };
      const onRead = (size: number, chunk: Buffer) => {
        let body = chunk.subarray(0, size);
        if (remaining < 0) {
          head.push(Buffer.from(body));
          const all = Buffer.concat(head);
          const end = all.indexOf(HEAD_END);
          if (end < 0) return;
          const text = all.subarray(0, end).toString("latin1");
          status = Number(text.slice(9, 12));
          const length = /\r\ncontent-length: *(\d+)/i.exec(text);
          // Every answer this bench asks for has a length (a media range, an error page); anything else is an error.
          if (!length) return void (errors++, restart());
          remaining = Number(length[1]);
          body = all.subarray(end + HEAD_END.length);
        }
        bytes += body.length;
        remaining -= body.length;
        if (remaining <= 0) finish();
      };
      const open = () => {
        socket = connect({
          host: hostname,
          port: Number(port),
          onread: { buffer, callback: (size, chunk) => (onRead(size, chunk as Buffer), true) },
        });
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
  const elapsed = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);

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
