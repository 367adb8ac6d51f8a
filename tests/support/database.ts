import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import pg from "pg";
import { inject } from "vitest";
import { openDatabase, type DatabaseHandle, type QueryObserver } from "~/lib/db.server";

/**
 * On PostgreSQL, gives the calling test file a database of its own, copied from the suite's migrated template
 * (tests/integration/global-setup.ts), and points TEST_DATABASE_URL at it: files then share no state and may run
 * side by side, and none waits for the migrations. Runs before each integration test file (vitest setupFiles).
 */
export async function copyTemplateForThisFile(): Promise<void> {
  const template = inject("postgresTemplate");
  const url = process.env.TEST_DATABASE_URL;
  if (!template || !url) return;
  const name = `${template}_f${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`create database "${name}" template "${template}"`);
  } finally {
    await admin.end();
  }
  const own = new URL(url);
  own.pathname = `/${name}`;
  process.env.TEST_DATABASE_URL = own.toString();
  fresh = true;
}

/** True while the file's own PostgreSQL database is still the untouched copy of the migrated template. */
let fresh = false;
let snapshot: Blob | undefined;

/**
 * A migrated, empty database for one test file: in-memory PGlite by default,
 * or the PostgreSQL database named by TEST_DATABASE_URL (its schema is reset,
 * so point it at a throwaway database — `npm test` and .ci/run create one).
 * Both start from a copy of a database migrated once for the suite when there is one.
 */
export async function createTestDatabase(options: { onQuery?: QueryObserver; worker?: boolean } = {}): Promise<DatabaseHandle> {
  const url = process.env.TEST_DATABASE_URL;
  // PGLITE_WORKER=1 runs a suite against PGlite on its worker thread, as the server runs it (ADR 034).
  const worker = options.worker ?? process.env.PGLITE_WORKER === "1";
  if (!url && !worker && inject("pgliteSnapshot")) snapshot ??= new Blob([readFileSync(inject("pgliteSnapshot"))]);
  const handle = url
    ? await openDatabase({ databaseUrl: url, poolSize: 20, onQuery: options.onQuery })
    : await openDatabase({ dataDir: null, worker, loadDataDir: worker ? undefined : snapshot, onQuery: options.onQuery });
  if (url && !fresh) {
    await handle.db.execute(sql`drop schema if exists public cascade`);
    await handle.db.execute(sql`drop schema if exists drizzle cascade`);
    await handle.db.execute(sql`create schema public`);
  }
  fresh = false;
  // On a copy of the migrated database, this finds every migration applied (and registers what the engine needs).
  await handle.migrate();
  return handle;
}

export const testEngine = () => (process.env.TEST_DATABASE_URL ? "postgres" : "pglite");
