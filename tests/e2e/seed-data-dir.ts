import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { startServerProcess } from "../../scripts/support/server-process";

/**
 * On PGlite, one server migrates and seeds a data directory and stops (no job runs, so whatever the boot queued is still
 * queued); a suite's server and every test's server of its own start from copies of it instead of initialising,
 * migrating and seeding again (seededDataDir in tests/support/server.ts). Returns the directory.
 */
export async function seedDataDir(dataDir = mkdtempSync(path.join(tmpdir(), "spicy-e2e-"))): Promise<string> {
  // A first boot initialises, migrates and seeds: on a busy machine it takes minutes.
  const seeding = await startServerProcess({
    env: { DATABASE_URL: undefined, JOB_WORKERS: "0", DATA_DIR: dataDir },
    healthTimeoutMs: 300_000,
  });
  const code = await seeding.stop();
  if (code !== 0) throw new Error(`the seeding server did not shut down gracefully (exit ${code}):\n${seeding.output()}`);
  return dataDir;
}

// `node --import tsx tests/e2e/seed-data-dir.ts <folder>` (BUILD_DIR set): `npm test` seeds once for all of PGlite's
// end-to-end groups, while the integration suites run, and hands the folder to each (TEST_SEEDED_DATA_DIR).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const folder = process.argv[2];
  if (!folder) throw new Error("usage: node --import tsx tests/e2e/seed-data-dir.ts <folder>");
  await seedDataDir(folder);
}
