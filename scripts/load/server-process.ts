import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, statSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

// The production server as a child process on a free loopback port and a
// temporary data folder, for the load test, the fuzzer and the fault tests.

export const root = fileURLToPath(new URL("../..", import.meta.url));

export interface ServerProcess {
  url: string;
  port: number;
  dataDir: string;
  child: ChildProcess;
  output(): string;
  /** Waits until /healthz answers 200 (or the process exits, or the time is up). */
  healthy(timeoutMs?: number): Promise<void>;
  /** SIGTERM and wait for the exit code. */
  stop(): Promise<number | null>;
  /** SIGKILL: no shutdown at all, as a crash or an OOM kill. */
  kill(): Promise<void>;
}

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
  const result = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit", env: { ...process.env, BUILD_DIR: buildDir } });
  if (result.status !== 0) throw new Error("npm run build failed");
}

/** Starts `server/main.ts` in production mode; `env` is added to a minimal environment. */
export async function startServerProcess(env: Record<string, string | undefined> = {}, port?: number): Promise<ServerProcess> {
  const listenPort = port ?? (await freePort());
  const dataDir = env.DATA_DIR ?? mkdtempSync(path.join(tmpdir(), "spicy-server-"));
  let log = "";
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(listenPort),
      PUBLIC_URL: `http://127.0.0.1:${listenPort}`,
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      ...(process.env.BUILD_DIR ? { BUILD_DIR: process.env.BUILD_DIR } : {}),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (chunk) => (log = (log + chunk).slice(-200_000)));
  child.stderr!.on("data", (chunk) => (log = (log + chunk).slice(-200_000)));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const url = `http://127.0.0.1:${listenPort}`;

  const server: ServerProcess = {
    url,
    port: listenPort,
    dataDir,
    child,
    output: () => log,
    healthy: async (timeoutMs = 180_000) => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        if (child.exitCode !== null || child.signalCode !== null)
          throw new Error(`server exited (${child.exitCode ?? child.signalCode}):\n${log}`);
        try {
          if ((await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(3000) })).ok) return;
        } catch {
          // not listening yet
        }
        if (Date.now() > deadline) throw new Error(`server did not become healthy:\n${log}`);
        await new Promise((r) => setTimeout(r, 200));
      }
    },
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      return exited;
    },
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      await exited;
    },
  };
  await server.healthy();
  return server;
}
