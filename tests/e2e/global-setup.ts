import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { sql } from "drizzle-orm";
import { openDatabase } from "../../app/lib/db.server";
import { copyDataDir, startServer, type RunningServer } from "../support/server";
import { seedDataDir } from "./seed-data-dir";
import { E2E_FORM_LIMIT } from "./server-settings";

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
    dataDir: string;
    buildDir: string;
    /** PGlite only: a migrated, seeded data directory that no server uses, to copy (tests/support/server.ts). */
    seededDataDir: string;
  }
}

let server: RunningServer | undefined;
let ownBuild = false;
let seeded: string | undefined;

/**
 * Builds the app once and starts one production server on a fresh database for the suite. TEST_BUILD_DIR names a
 * finished build to use instead: `npm test` builds once for both databases' suites (scripts/test.mjs).
 */
export async function setup(project: TestProject) {
  if (process.env.TEST_BUILD_DIR) {
    if (!existsSync(path.join(process.env.TEST_BUILD_DIR, "server", "index.js")))
      throw new Error(`TEST_BUILD_DIR ${process.env.TEST_BUILD_DIR} holds no build`);
    process.env.BUILD_DIR = process.env.TEST_BUILD_DIR;
  } else {
    // Each run builds into its own folder: a parallel run cannot swap the assets under this server.
    // Inside the project, so the server build still finds node_modules.
    mkdirSync(path.join(project.config.root, ".tmp"), { recursive: true });
    process.env.BUILD_DIR = mkdtempSync(path.join(project.config.root, ".tmp", "build-"));
    ownBuild = true;
    execFileSync("npm", ["run", "build"], { stdio: "ignore", cwd: project.config.root, env: process.env });
  }
  if (process.env.TEST_DATABASE_URL) {
    const handle = await openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL });
    await handle.db.execute(sql`drop schema if exists public cascade`);
    await handle.db.execute(sql`drop schema if exists drizzle cascade`);
    await handle.db.execute(sql`create schema public`);
    await handle.close();
  }
  // On PGlite the suite's server and every test's server of its own start from copies of one migrated and seeded data
  // directory: TEST_SEEDED_DATA_DIR's, which `npm test` seeds once for all of the engine's groups, or one seeded here.
  let dataDir: Record<string, string> = {};
  if (!process.env.TEST_DATABASE_URL) {
    const given = process.env.TEST_SEEDED_DATA_DIR;
    const source = given || (seeded = await seedDataDir());
    project.provide("seededDataDir", source);
    dataDir = copyDataDir(source);
  }
  // calm.test plays Conscious Mode's host name (Chromium maps it to 127.0.0.1).
  // Every e2e sign-in comes from this one machine: the per-IP limit (10 by default) would run out.
  // Each address may ask for 3 sign-in links in 10 minutes, and the files of a group share its server in whatever order
  // the run gives them: every file that signs a moderator in has an address of its own (a retried test signs in again).
  server = await startServer({
    CONSCIOUS_HOSTS: "calm.test",
    SIGN_IN_LIMIT_PER_IP: "1000",
    FORM_LIMIT_PER_IP: String(E2E_FORM_LIMIT),
    // Every browser context of the suite is a new anonymous visitor on 127.0.0.1, each issued an id by its first page (ADR 140).
    FLAME_NEW_IDS_PER_IP: "100000",
    // The moderators, by the file that signs each in; polish-walk-…: the 40-character member of
    // layout-walk-member.test.ts, who walks the desk too.
    ADMIN_EMAILS: [
      "admin@example.com", // admin.test.ts
      "desk@example.com", // desk.test.ts
      "a11y-desk@example.com", // accessibility.test.ts
      "a11y-captions@example.com", // accessibility.test.ts, a clip with captions
      "uploads@example.com", // upload-and-publish.test.ts
      "polish-desk-phone@example.com", // newcomer-header.test.ts, on a phone
      "polish-desk-desktop@example.com", // newcomer-header.test.ts, on a desktop
      "polish-desk-account@example.com", // newcomer-account.test.ts
      "polish-walk-with-a-long-name@example.com", // layout-walk-member.test.ts
      "editor@example.com", // catalogue-edits.test.ts
      "creators@example.com", // creator-accounts.test.ts
      "captions@example.com", // captions.test.ts
      "categories@example.com", // category-edits.test.ts
      "links@example.com", // link-publish.test.ts
    ].join(","),
    ...dataDir,
  });
  project.provide("baseURL", server.url);
  project.provide("dataDir", server.dataDir);
  project.provide("buildDir", process.env.BUILD_DIR);
}

/** The server's error lines (pino level 50 and up), for the suite's log: a failure seen in the browser often starts here. */
function errorLines(output: string, limit = 30): string[] {
  return output
    .split("\n")
    .filter((line) => /"level":(5\d|60)\b/.test(line))
    .slice(0, limit);
}

export async function teardown() {
  const code = await server?.stop();
  const errors = server ? errorLines(server.output()) : [];
  if (errors.length > 0)
    console.warn(`the end-to-end server logged error lines; the first ${errors.length} of its kept output:\n${errors.join("\n")}`);
  if (seeded) rmSync(seeded, { recursive: true, force: true });
  if (ownBuild && process.env.BUILD_DIR) rmSync(process.env.BUILD_DIR, { recursive: true, force: true });
  // Without a server, setup failed and has said why.
  if (server && code !== 0) throw new Error(`server did not shut down gracefully (exit ${code}):\n${server.output()}`);
}
