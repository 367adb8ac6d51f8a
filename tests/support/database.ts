import { sql } from "drizzle-orm";
import { openDatabase, type DatabaseHandle } from "~/lib/db.server";

/**
 * A migrated, empty database for one test file: in-memory PGlite by default,
 * or the PostgreSQL database named by TEST_DATABASE_URL (its schema is reset,
 * so point it at a throwaway database — `npm test` and .ci/run create one).
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const url = process.env.TEST_DATABASE_URL;
  // PGLITE_WORKER=1 runs a suite against PGlite on its worker thread, as the server runs it (ADR 034).
  const worker = process.env.PGLITE_WORKER === "1";
  const handle = url ? await openDatabase({ databaseUrl: url, poolSize: 20 }) : await openDatabase({ dataDir: null, worker });
  if (url) {
    await handle.db.execute(sql`drop schema if exists public cascade`);
    await handle.db.execute(sql`drop schema if exists drizzle cascade`);
    await handle.db.execute(sql`create schema public`);
  }
  await handle.migrate();
  return handle;
}

export const testEngine = () => (process.env.TEST_DATABASE_URL ? "postgres" : "pglite");
