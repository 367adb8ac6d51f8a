import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { sql } from "drizzle-orm";
import { openDatabase } from "../../app/lib/db.server";
import { startServer, type RunningServer } from "../support/server";

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
    dataDir: string;
    buildDir: string;
  }
}

let server: RunningServer | undefined;

/** Builds the app once and starts one production server on a fresh database for the suite. */
export async function setup(project: TestProject) {
  // Each run builds into its own folder: a parallel run cannot swap the assets under this server.
  // Inside the project, so the server build still finds node_modules.
  mkdirSync(path.join(project.config.root, ".tmp"), { recursive: true });
  process.env.BUILD_DIR = mkdtempSync(path.join(project.config.root, ".tmp", "build-"));
  execFileSync("npm", ["run", "build"], { stdio: "ignore", cwd: project.config.root, env: process.env });
  if (process.env.TEST_DATABASE_URL) {
    const handle = await openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL });
    await handle.db.execute(sql`drop schema if exists public cascade`);
    await handle.db.execute(sql`drop schema if exists drizzle cascade`);
    await handle.db.execute(sql`create schema public`);
    await handle.close();
  }
  // calm.test plays Conscious Mode's host name (Chromium maps it to 127.0.0.1).
  // Every e2e sign-in comes from this one machine: the per-IP limit (10 by default) would run out.
  // admin@example.com is the moderator of admin.test.ts (and a few others); desk@example.com of desk.test.ts
  // (each address may ask for 3 sign-in links in 10 minutes).
  server = await startServer({
    CONSCIOUS_HOSTS: "calm.test",
    SIGN_IN_LIMIT_PER_IP: "1000",
    // Every browser context of the suite is a new anonymous visitor on 127.0.0.1 (ADR 093).
    FLAME_NEW_IDS_PER_IP: "1000",
    ADMIN_EMAILS: "admin@example.com,desk@example.com",
  });
  project.provide("baseURL", server.url);
  project.provide("dataDir", server.dataDir);
  project.provide("buildDir", process.env.BUILD_DIR);
}

export async function teardown() {
  const code = await server?.stop();
  if (process.env.BUILD_DIR?.includes(`${path.sep}.tmp${path.sep}build-`)) rmSync(process.env.BUILD_DIR, { recursive: true, force: true });
  if (code !== 0) throw new Error(`server did not shut down gracefully (exit ${code}):\n${server?.output()}`);
}
