// The PGlite engine on its own thread (ADR 034, app/lib/db/pglite/remote.server.ts): PGlite's
// WebAssembly runs synchronously, so on the server's thread one slow query stalls every request,
// cache hits included. Here it only stalls this thread. Plain JavaScript, so the worker starts the
// same way under tsx, Vitest and the production server.
import { parentPort, workerData } from "node:worker_threads";
import { PGlite, types } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";

// Drizzle's PGlite driver asks for dates and intervals as the text PostgreSQL sent (it parses them
// itself); functions cannot cross threads, so the worker applies the same parsers.
const asText = (value) => value;
const parsers = { [types.TIMESTAMP]: asText, [types.TIMESTAMPTZ]: asText, [types.INTERVAL]: asText, [types.DATE]: asText };

/** What crosses back for a failed query: the message and PostgreSQL's fields (code, constraint, detail…). */
function plainError(error) {
  const plain = { name: error?.name ?? "Error", message: String(error?.message ?? error), stack: error?.stack };
  for (const [key, value] of Object.entries(error ?? {})) if (typeof value !== "function" && typeof value !== "object") plain[key] = value;
  return plain;
}

let client;
try {
  client = await PGlite.create({ dataDir: workerData.dataDir ?? undefined, extensions: { pg_trgm } });
  parentPort.postMessage({ ready: true });
} catch (error) {
  parentPort.postMessage({ ready: false, error: plainError(error) });
}

parentPort.on("message", async ({ id, kind, sql, params, rowMode }) => {
  try {
    if (kind === "close") {
      await client.close();
      parentPort.postMessage({ id, result: null });
      parentPort.close();
      return;
    }
    const { rows, fields, affectedRows } = await client.query(sql, params, { rowMode, parsers });
    parentPort.postMessage({ id, result: { rows, fields, affectedRows } });
  } catch (error) {
    parentPort.postMessage({ id, error: plainError(error) });
  }
});
