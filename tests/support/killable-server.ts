import { rmSync } from "node:fs";
import { createClient, type Client } from "../../scripts/load/http";
import { startServerProcess, type ServerProcess } from "../../scripts/support/server-process";
import { ownDatabase } from "./own-database";

export type Cleanups = (() => Promise<unknown> | void)[];

export interface KillableServer {
  /** The first process; `restart` gives the next. */
  server: ServerProcess;
  client: Client;
  /** PGlite's data folder (the server's own database when there is no PostgreSQL). */
  dataDir: string;
  /** The database of its own on PostgreSQL, or undefined on PGlite. */
  databaseUrl: string | undefined;
  /** Starts a server again on the same port and data, once the last one is dead. */
  restart(): Promise<ServerProcess>;
}

/**
 * A production server on data of its own — a database of its own under TEST_DATABASE_URL, else PGlite in its data
 * folder — for a test that kills it mid-write and starts it again, with a load client of `connections`. `cleanups`
 * receives what undoes all of it, in the order to run backwards.
 */
export async function killableServer(name: string, cleanups: Cleanups, connections: number): Promise<KillableServer> {
  const database = await ownDatabase(name);
  if (database) cleanups.push(database.drop);
  const env = { DATABASE_URL: database?.url, TRUST_PROXY: "1", JOB_WORKERS: "0" };
  let current = await startServerProcess({ env, loopbackPublicUrl: true });
  const { port, dataDir } = current;
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  cleanups.push(() => current.stop());
  const client = createClient(current.url, { connections, timeoutMs: 15_000 });
  cleanups.push(() => client.close());
  return {
    server: current,
    client,
    dataDir,
    databaseUrl: database?.url,
    restart: async () => {
      // Same port and data: the new process takes over the dead one's lock.
      current = await startServerProcess({ env: { ...env, DATA_DIR: dataDir }, port, loopbackPublicUrl: true });
      return current;
    },
  };
}
