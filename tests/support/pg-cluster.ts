import { execFile, execFileSync } from "node:child_process";
import { promisify } from "node:util";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "../../scripts/support/server-process";

// A throwaway PostgreSQL cluster of a test's own, on a free loopback port and a
// temporary folder, that the test may stop and start again (ADR 103). The
// machine's shared PostgreSQL is never touched. initdb refuses to run as root,
// so as root every command runs as the `postgres` user.

export interface PgCluster {
  /** postgres://…@127.0.0.1:<port>/postgres */
  url: string;
  port: number;
  /** Starts it and waits until it accepts connections. */
  start(): Promise<void>;
  /** A fast shutdown: open transactions are rolled back and every client is disconnected. */
  stop(): Promise<void>;
  /** Stops it (if running) and removes its folder. */
  destroy(): Promise<void>;
}

/** The newest installed PostgreSQL's bin folder (Debian layout), or null. */
export function postgresBinaries(): string | null {
  const base = "/usr/lib/postgresql";
  if (!existsSync(base)) return null;
  const versions = readdirSync(base)
    .filter((v) => existsSync(path.join(base, v, "bin", "pg_ctl")) && existsSync(path.join(base, v, "bin", "initdb")))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(base, versions[0], "bin") : null;
}

export async function createPgCluster(): Promise<PgCluster> {
  const bin = postgresBinaries();
  if (!bin) throw new Error("no PostgreSQL binaries under /usr/lib/postgresql/*/bin");
  const port = await freePort();
  // Short: the server's Unix socket lives here too (a socket path may not exceed 107 bytes).
  const dir = mkdtempSync(path.join(tmpdir(), "spicy-pg-"));
  const dataDir = path.join(dir, "data");
  const logFile = path.join(dir, "server.log"); // the cluster's own log, for a failing run
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
    writeFileSync(logFile, "");
    chownSync(dir, uid, gid);
    chownSync(logFile, uid, gid);
  }
  const commandLine = (tool: string, args: string[]): [string, string[]] => {
    const command = path.join(bin, tool);
    return asRoot ? ["runuser", ["-u", "postgres", "--", command, ...args]] : [command, args];
  };
  const env = { PATH: process.env.PATH, LANG: "C" };
  // Asynchronous, so a test's own requests keep going while the cluster stops or starts.
  const run = async (tool: string, args: string[]) => {
    await promisify(execFile)(...commandLine(tool, args), { timeout: 120_000, env });
  };
  const user = "spicy";
  await run("initdb", ["-D", dataDir, "-A", "trust", "-U", user, "--no-sync", "-E", "UTF8", "--locale=C"]);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=50`;
  let running = false;
  const cluster: PgCluster = {
    url: `postgres://${user}@127.0.0.1:${port}/postgres`,
    port,
    start: async () => {
      await run("pg_ctl", ["-D", dataDir, "-l", logFile, "-o", options, "-w", "-t", "60", "start"]);
      running = true;
    },
    stop: async () => {
      await run("pg_ctl", ["-D", dataDir, "-m", "fast", "-w", "-t", "60", "stop"]);
      running = false;
    },
    destroy: async () => {
      try {
        if (running) await run("pg_ctl", ["-D", dataDir, "-m", "immediate", "-w", "-t", "60", "stop"]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
  // A test that times out before its cleanup must not leave a server running: stop it when the test process ends.
  process.once("exit", () => {
    if (!running) return;
    try {
      execFileSync(...commandLine("pg_ctl", ["-D", dataDir, "-m", "immediate", "-w", "-t", "30", "stop"]), { stdio: "ignore", env });
    } catch {
      // Already stopped.
    }
    rmSync(dir, { recursive: true, force: true });
  });
  await cluster.start();
  return cluster;
}
