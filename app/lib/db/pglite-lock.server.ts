import { readFileSync, unlinkSync, writeFileSync } from "node:fs";
import path from "node:path";

// PGlite is one process's database: a second process writing the same folder
// (say `npm run seed` while the server runs) corrupts it, and PGlite itself
// takes no lock. A pid file beside the folder makes the second opener stop
// with a message instead.

export class DatabaseInUseError extends Error {
  override name = "DatabaseInUseError";
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Takes `<dataDir>/pglite.lock` for this process; returns the release function. */
export function lockDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, "pglite.lock");
  const mine = String(process.pid);
  try {
    writeFileSync(file, mine, { flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    const owner = Number.parseInt(readFileSync(file, "utf8"), 10);
    if (Number.isSafeInteger(owner) && owner !== process.pid && isAlive(owner)) {
      throw new DatabaseInUseError(
        `The embedded database in ${dataDir} is in use by process ${owner} (the server?). Stop it first, or point both at PostgreSQL with DATABASE_URL.`,
      );
    }
    // Left behind by a process that is gone: take it over.
    writeFileSync(file, mine);
  }
  const release = () => {
    try {
      if (readFileSync(file, "utf8") === mine) unlinkSync(file);
    } catch {
      // Already gone.
    }
    process.off("exit", release);
  };
  process.on("exit", release);
  return release;
}
