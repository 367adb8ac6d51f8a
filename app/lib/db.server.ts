import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import * as schema from "~schema";
import { probePglite, probePgPool, type DatabaseProbe } from "./db/probe.server";
import { lockDataDir } from "./db/pglite-lock.server";
import { reportLostConnections } from "./db/pg-lost-connections.server";
import { RemotePglite } from "./db/pglite/remote.server";
import { withDriverParsersOnce } from "./db/pglite/driver-parsers.server";
import { followGeneration } from "./cache/generation.server";
import { registerEngine, registerSynchronousNotices } from "./db/engine.server";
import type { Database } from "./database";

// One schema, two engines (docs/decisions/002-pglite-default-postgres-for-scale.md): PGlite in
// process by default, a PostgreSQL pool when DATABASE_URL is set. The database's type is imported from
// ~/lib/database only (one path, which the caches can use without importing this module back).

export interface DatabaseHandle {
  db: Database;
  engine: "pglite" | "postgres";
  /** Applies the committed migrations in db/migrations. */
  migrate(): Promise<void>;
  /** A cheap round trip, used by /healthz. */
  ping(): Promise<void>;
  /**
   * Calls `listener` when a PostgreSQL connection is lost or refused (the server stopped or restarted), before the
   * query that met it fails; PGlite never does.
   */
  onConnectionError(listener: (error: Error) => void): void;
  close(): Promise<void>;
  /** Pool and queue figures for /metrics. */
  probe: DatabaseProbe;
}

const defaultMigrationsFolder = fileURLToPath(new URL("../../db/migrations", import.meta.url));

/** Sees every query Drizzle sends (used by scripts/bench-queries.ts). */
export type QueryObserver = (query: string, params: unknown[]) => void;

export type DatabaseOptions = { migrationsFolder?: string; onQuery?: QueryObserver } & (
  | { databaseUrl: string; poolSize?: number }
  /**
   * `worker`: run PGlite on its own thread (ADR 034); the server does, tests and CLIs by default do not.
   * `loadDataDir`: start an in-memory database from a dump (`PGlite.dumpDataDir`) instead of an empty cluster;
   * tests load one migrated database this way, which is faster than initialising and migrating each time.
   */
  | { dataDir: string | null; worker?: boolean; loadDataDir?: Blob }
);

/** `dataDir: null` gives a throwaway in-memory PGlite (tests). */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const migrationsFolder = options.migrationsFolder ?? defaultMigrationsFolder;
  const logger = options.onQuery ? { logQuery: options.onQuery } : undefined;

  if ("databaseUrl" in options) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    // A connection the server drops (PostgreSQL stopped or restarted), idle or held by a request, is reported
    // here and never ends the process (ADR 101). The pool reconnects on its own.
    const listeners: ((error: Error) => void)[] = [];
    reportLostConnections(pool, (error) => listeners.forEach((listener) => listener(error)));
    // The ping has a connection of its own: requests queued for the pool on a busy server are not an outage, and
    // /healthz and the outage gate must hear whether PostgreSQL answers, not how long the queue is.
    const pingPool = new pg.Pool({ connectionString: options.databaseUrl, max: 1 });
    reportLostConnections(pingPool, (error) => listeners.forEach((listener) => listener(error)));
    const db = drizzlePg(pool, { schema, casing: "snake_case", logger });
    return {
      db: db as unknown as Database,
      engine: "postgres",
      migrate: () => migratePg(db, { migrationsFolder }),
      ping: async () => void (await pingPool.query("select 1")),
      onConnectionError: (listener) => void listeners.push(listener),
      close: async () => void (await Promise.all([pool.end(), pingPool.end()])),
      probe: probePgPool(pool),
    };
  }

  let dataDir: string | undefined;
  let unlock = () => {};
  if (options.dataDir) {
    dataDir = path.resolve(options.dataDir, "pglite");
    mkdirSync(dataDir, { recursive: true });
    unlock = lockDataDir(path.resolve(options.dataDir));
  }
  let client: PGlite | RemotePglite;
  try {
    client = options.worker
      ? await RemotePglite.start(dataDir ?? null)
      : await PGlite.create({ dataDir, loadDataDir: options.loadDataDir, extensions: { pg_trgm } });
  } catch (error) {
    unlock();
    throw error;
  }
  if (client instanceof PGlite) withDriverParsersOnce(client);
  const probe = probePglite(client);
  // The remote client answers Drizzle's driver as PGlite does (query and transaction).
  const db = drizzlePglite(client as PGlite, { schema, casing: "snake_case", logger });
  // One connection, one statement at a time: flames may be written together (ADR 111).
  registerEngine(db as unknown as Database, client instanceof PGlite ? "pglite-in-process" : "pglite-worker");
  return {
    probe,
    db: db as unknown as Database,
    engine: "pglite",
    migrate: async () => {
      await migratePglite(db, { migrationsFolder });
      // In process, notifications arrive before the writing statement returns (ADR 030); the worker's do not.
      if (client instanceof PGlite) {
        registerSynchronousNotices(db as unknown as Database, client);
        await followGeneration(db as unknown as Database);
      }
    },
    ping: async () => void (await db.execute(sql`select 1`)),
    onConnectionError: () => {},
    close: async () => {
      await client.close();
      unlock();
    },
  };
}
