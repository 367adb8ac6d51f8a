import type { ChildProcess } from "node:child_process";
import { cpSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { inject } from "vitest";
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
export async function startServer(env: Record<string, string> = {}, options: { healthTimeoutMs?: number } = {}): Promise<RunningServer> {
  const server = await startServerProcess({
    env: { DATABASE_URL: process.env.TEST_DATABASE_URL, ...env },
    dataDirPrefix: "spicy-e2e-",
    // Generous by default: the first start migrates and seeds, and shares a busy machine with other runs.
    healthTimeoutMs: options.healthTimeoutMs ?? 300_000,
  });
  return { url: server.url, port: server.port, dataDir: server.dataDir, process: server.child, output: server.output, stop: server.stop };
}

/** `{ DATA_DIR }`: a copy of the data directory `from`, in a new temporary folder. */
export function copyDataDir(from: string): { DATA_DIR: string } {
  const to = mkdtempSync(path.join(tmpdir(), "spicy-e2e-"));
  cpSync(from, to, { recursive: true });
  return { DATA_DIR: to };
}

/**
 * For a server of the test's own, on PGlite: `{ DATA_DIR }` of a copy of the suite's migrated and seeded data
 * directory (tests/e2e/global-setup.ts), so the server starts without migrating and seeding; on PostgreSQL nothing
 * (the server's catalogue is in its database).
 */
export function seededDataDir(): { DATA_DIR?: string } {
  const seeded = inject("seededDataDir");
  return seeded ? copyDataDir(seeded) : {};
}
