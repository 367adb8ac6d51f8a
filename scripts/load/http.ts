import http from "node:http";

// A small keep-alive HTTP client for the load test and the fuzzer: one socket
// pool, a hard time-out per request, and failures sorted into the kinds the
// reliability report counts (docs/reliability.md): resets and time-outs.

export type Failure = "reset" | "timeout" | "refused" | "other";

export interface Reply {
  /** The path asked for, so a report can name it. */
  path: string;
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  ms: number;
  failure?: Failure;
  error?: string;
}

export interface RequestOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Keep at most this many characters of the body (the rest is read and dropped). */
  keepBody?: number;
}

export interface Client {
  request(path: string, options?: RequestOptions): Promise<Reply>;
  close(): void;
}

export function createClient(baseUrl: string, { connections = 256, timeoutMs = 10_000 } = {}): Client {
  const url = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections, maxFreeSockets: connections });
  const request = (path: string, options: RequestOptions = {}) =>
    new Promise<Reply>((resolve) => {
      const started = performance.now();
      const keep = options.keepBody ?? 1_000_000;
      let settled = false;
      const done = (reply: Omit<Reply, "ms" | "path">) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve({ ...reply, path, ms: performance.now() - started });
      };
      const req = http.request(
        { host: url.hostname, port: url.port, path, method: options.method ?? "GET", headers: options.headers, agent },
        (res) => {
          let body = "";
          res.setEncoding("utf8");
          res.on("data", (chunk: string) => {
            if (body.length < keep) body += chunk.slice(0, keep - body.length);
          });
          res.on("end", () => done({ status: res.statusCode ?? 0, headers: res.headers, body }));
          res.on("error", (error) => done(failed(error)));
        },
      );
      const timer = setTimeout(() => {
        done({ status: 0, headers: {}, body: "", failure: "timeout", error: `no answer in ${timeoutMs} ms` });
        req.destroy();
      }, timeoutMs);
      req.on("error", (error) => done(failed(error)));
      req.end(options.body);
    });
  return { request, close: () => agent.destroy() };
}

function failed(error: NodeJS.ErrnoException): Omit<Reply, "ms" | "path"> {
  const failure: Failure =
    error.code === "ECONNRESET" || error.code === "EPIPE" || error.message === "socket hang up"
      ? "reset"
      : error.code === "ECONNREFUSED"
        ? "refused"
        : "other";
  return { status: 0, headers: {}, body: "", failure, error: `${error.code ?? ""} ${error.message}`.trim() };
}

/** Cookies of one virtual visitor: what the server sets is sent back. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();
  constructor(initial: Record<string, string> = {}) {
    for (const [name, value] of Object.entries(initial)) this.cookies.set(name, value);
  }
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
  take(headers: http.IncomingHttpHeaders) {
    for (const line of headers["set-cookie"] ?? []) {
      const [pair] = line.split(";");
      const eq = pair!.indexOf("=");
      if (eq <= 0) continue;
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (value === "" || /max-age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  has(name: string): boolean {
    return [...this.cookies.keys()].some((key) => key.includes(name));
  }
}
