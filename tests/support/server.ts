import type { ChildProcess } from "node:child_process";
import { startServerProcess } from "../../scripts/support/server-process";

export { freePort } from "../../scripts/support/server-process";

export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  process: ChildProcess;
  output: () => string;
  /** SIGTERM, then resolves with the exit code (graceful shutdown exits 0). */
  stop: () => Promise<number | null>;
}

/** Starts the production server (build/ or BUILD_DIR must exist) on a fresh data directory, on TEST_DATABASE_URL when set. */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const server = await startServerProcess({
    env: { DATABASE_URL: process.env.TEST_DATABASE_URL, ...env },
    dataDirPrefix: "spicy-e2e-",
    healthTimeoutMs: 120_000,
  });
  return { url: server.url, port: server.port, dataDir: server.dataDir, process: server.child, output: server.output, stop: server.stop };
}
