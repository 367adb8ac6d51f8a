import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { openDatabase } from "~/lib/db.server";
import { DatabaseInUseError } from "~/lib/db/pglite-lock.server";

// The embedded database belongs to one process at a time (a CLI run while the
// server is up would otherwise write the same files).

const freshDir = () => mkdtempSync(path.join(tmpdir(), "pglite-lock-"));

describe("the embedded database's folder lock", () => {
  it("is taken on open and given back on close", async () => {
    const dir = freshDir();
    const handle = await openDatabase({ dataDir: dir });
    expect(readFileSync(path.join(dir, "pglite.lock"), "utf8")).toBe(String(process.pid));
    await handle.close();
    expect(existsSync(path.join(dir, "pglite.lock"))).toBe(false);
  });

  it("refuses a folder another live process holds, naming it", async () => {
    const dir = freshDir();
    mkdirSync(dir, { recursive: true });
    const other = spawn(process.execPath, ["-e", "setTimeout(() => {}, 30000)"], { stdio: "ignore" });
    try {
      writeFileSync(path.join(dir, "pglite.lock"), String(other.pid));
      const opening = openDatabase({ dataDir: dir });
      await expect(opening).rejects.toBeInstanceOf(DatabaseInUseError);
      await expect(opening).rejects.toThrow(`in use by process ${other.pid}`);
    } finally {
      other.kill();
    }
  });

  it("takes over a lock left by a process that is gone", async () => {
    const dir = freshDir();
    const gone = spawn(process.execPath, ["-e", "0"], { stdio: "ignore" });
    await new Promise((resolve) => gone.once("exit", resolve));
    writeFileSync(path.join(dir, "pglite.lock"), String(gone.pid));
    const handle = await openDatabase({ dataDir: dir });
    expect(readFileSync(path.join(dir, "pglite.lock"), "utf8")).toBe(String(process.pid));
    await handle.close();
  });
});
