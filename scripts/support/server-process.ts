import { spawn, spawnSync, type ChildProcess, type StdioOptions } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, statSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

// The production server (server/main.ts, NODE_ENV=production) as a child process on a free loopback
// port, for the load test, the fuzzer, the bench, Lighthouse and the end-to-end tests. Nothing here
// imports tests/: tests import this.

export const root = fileURLToPath(new URL("../..", import.meta.url));

/** A port nobody listens on now, on the loopback address. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

/** Polls `check` every 200 ms until it answers true; throws once `timeoutMs` has passed (or when `check` throws). */
export async function waitFor(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what} did not come up in ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** `npm run build` into `buildDir` (BUILD_DIR, see react-router.config.ts); by default only its errors are shown. */
export function build(buildDir: string, stdio: StdioOptions = ["ignore", "ignore", "inherit"]): void {
  const result = spawnSync("npm", ["run", "build"], { cwd: root, stdio, env: { ...process.env, BUILD_DIR: buildDir } });
  if (result.status !== 0) throw new Error(`npm run build failed (${result.status})`);
}

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/** Runs `npm run build` when BUILD_DIR (default build/) is missing or older than app/ and public/. */
export function buildIfStale(buildDir = process.env.BUILD_DIR ?? "build") {
  const entry = path.resolve(root, buildDir, "server/index.js");
  const sources = ["app", "public"].map((d) => path.join(root, d)).filter(existsSync);
  if (existsSync(entry) && Math.max(...sources.map(newestMtime)) <= statSync(entry).mtimeMs) return;
  console.log("building the app…");
  build(buildDir, "inherit");
}

export interface ServerOptions {
  /** Added to a minimal environment (PATH, NODE_ENV, HOST, PORT, DATA_DIR, LOG_LEVEL=warn, BUILD_DIR when set); undefined removes. */
  env?: Record<string, string | undefined>;
  /** Default: a free one. */
  port?: number;
  /** PUBLIC_URL is the loopback address the server listens on (otherwise the server's default, http://localhost:PORT). */
  loopbackPublicUrl?: boolean;
  /** Node flags before the entry point (`--import tsx` is always there), e.g. `--cpu-prof`. */
  nodeArgs?: string[];
  /** The temporary data folder's name prefix when env has no DATA_DIR. */
  dataDirPrefix?: string;
  /** How long start waits for /healthz (default 180 s: a cold start on a busy machine compiles the server). */
  healthTimeoutMs?: number;
  /** How many characters of the server's output are kept (its tail). */
  keepOutput?: number;
  /** How long stop() waits after SIGTERM before it sends SIGKILL (the server forces its own exit after 10 s). */
  stopTimeoutMs?: number;
}

export interface ServerProcess {
  url: string;
  port: number;
  dataDir: string;
  child: ChildProcess;
  /** The tail of the server's stdout and stderr, interleaved. */
  output(): string;
  /** Waits until /healthz answers 200 (or the process exits, or the time is up). */
  healthy(timeoutMs?: number): Promise<void>;
  /** SIGTERM, SIGKILL if it has not exited after `stopTimeoutMs`; resolves with the exit code (null when killed). */
  stop(): Promise<number | null>;
  /** SIGKILL: no shutdown at all, as a crash or an OOM kill. */
  kill(): Promise<void>;
}

/** Starts the production server (the build in BUILD_DIR, default build/, must exist) and waits until it is healthy. */
export async function startServerProcess(options: ServerOptions = {}): Promise<ServerProcess> {
  const { env = {}, nodeArgs = [], healthTimeoutMs = 180_000, keepOutput = 200_000, stopTimeoutMs = 30_000 } = options;
  const port = options.port ?? (await freePort());
  const dataDir = env.DATA_DIR ?? mkdtempSync(path.join(tmpdir(), options.dataDirPrefix ?? "spicy-server-"));
  const url = `http://127.0.0.1:${port}`;
  let log = "";
  const child = spawn(process.execPath, ["--import", "tsx", ...nodeArgs, "server/main.ts"], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      BUILD_DIR: process.env.BUILD_DIR,
      ...(options.loopbackPublicUrl ? { PUBLIC_URL: url } : {}),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const keep = (chunk: Buffer) => (log = (log + chunk).slice(-keepOutput));
  child.stdout!.on("data", keep);
  child.stderr!.on("data", keep);
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const running = () => child.exitCode === null && child.signalCode === null;

  const server: ServerProcess = {
    url,
    port,
    dataDir,
    child,
    output: () => log,
    healthy: async (timeoutMs = healthTimeoutMs) => {
      await waitFor(
        async () => {
          if (!running()) throw new Error(`server exited (${child.exitCode ?? child.signalCode}):\n${log}`);
          const answer = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(3000) }).catch(() => null);
          return answer?.ok ?? false;
        },
        timeoutMs,
        `the server (${url})`,
      ).catch((error: Error) => {
        throw running() ? new Error(`${error.message}; its output:\n${log}`) : error;
      });
    },
    stop: async () => {
      if (!running()) return exited;
      child.kill("SIGTERM");
      const force = setTimeout(() => running() && child.kill("SIGKILL"), stopTimeoutMs);
      force.unref();
      return exited.finally(() => clearTimeout(force));
    },
    kill: async () => {
      if (running()) child.kill("SIGKILL");
      await exited;
    },
  };
  try {
    await server.healthy();
  } catch (error) {
    await server.kill();
    throw error;
  }
  return server;
}
