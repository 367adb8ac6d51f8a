import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";
import type { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import pg from "pg";
import { openDatabase } from "../../app/lib/db.server";
import { serveCompiledModules } from "../support/vite-host";

declare module "vitest" {
  export interface ProvidedContext {
    /** A migrated, empty PGlite data directory (`dumpDataDir`), which each test database starts from. */
    pgliteSnapshot: string;
    /** A migrated, empty PostgreSQL database, which each test file's database is copied from (`create database … template`). */
    postgresTemplate: string;
    /** The loopback address of the suite's one compiling Vite (tests/support/vite-host.ts, ADR 209). */
    viteModules: string;
  }
}

let cleanup = async () => {};
let closeModules = async () => {};

/**
 * Migrates once for the whole suite: each test file's database then starts as a copy of the migrated one, instead
 * of initialising a cluster and running every migration again (tests/support/database.ts).
 */
export async function setup(project: TestProject) {
  // One Vite compiles the app for every file that starts it; each file evaluates the modules itself (ADR 209).
  const modules = await serveCompiledModules();
  project.provide("viteModules", modules.url);
  closeModules = modules.close;
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const handle = await openDatabase({ databaseUrl: url });
    await handle.db.execute(sql`drop schema if exists public cascade`);
    await handle.db.execute(sql`drop schema if exists drizzle cascade`);
    await handle.db.execute(sql`create schema public`);
    await handle.migrate();
    await handle.close();
    const template = decodeURIComponent(new URL(url).pathname.slice(1));
    project.provide("postgresTemplate", template);
    // Each file's database is named after the template; they are dropped together at the end. A DROP DATABASE waits
    // for a checkpoint, which a test should not; drops sent at once share their checkpoints.
    cleanup = async () => {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      const { rows } = await admin
        .query<{ datname: string }>("select datname from pg_database where starts_with(datname, $1)", [`${template}_f`])
        .finally(() => admin.end());
      const names = rows.map((row) => row.datname);
      const dropper = async () => {
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        try {
          for (let name = names.pop(); name; name = names.pop()) await client.query(`drop database if exists "${name}" with (force)`);
        } finally {
          await client.end();
        }
      };
      await Promise.all(Array.from({ length: Math.min(8, names.length) }, dropper));
    };
  } else if (process.env.PGLITE_WORKER !== "1") {
    const handle = await openDatabase({ dataDir: null });
    await handle.migrate();
    const dump = await (handle.db as unknown as { $client: PGlite }).$client.dumpDataDir("none");
    await handle.close();
    mkdirSync(path.join(project.config.root, ".tmp"), { recursive: true });
    const dir = mkdtempSync(path.join(project.config.root, ".tmp", "pglite-"));
    const file = path.join(dir, "migrated.tar");
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    project.provide("pgliteSnapshot", file);
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
  }
}

export async function teardown() {
  await closeModules();
  await cleanup();
}
