import { readFileSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "..", "..");
const DOC = readFileSync(join(root, "docs/caches.md"), "utf8");
/** Where a cache is made: an in-memory Memo, or per-database state (app/lib/db/engine.server.ts). */
const MAKES_A_CACHE = /new Memo\s*[<(]|(?:memoPerDatabase|perDatabase)(?:<[^>]*>)?\(\s*["']/;
const DEFINITIONS = new Set(["app/lib/cache/memo.server.ts", "app/lib/db/engine.server.ts"]);

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.(ts|tsx)$/.test(name) ? [relative(root, path)] : [];
  });
}

describe("docs/caches.md", () => {
  const makers = [...sources(join(root, "app")), ...sources(join(root, "server"))].filter(
    (file) => !DEFINITIONS.has(file) && MAKES_A_CACHE.test(readFileSync(join(root, file), "utf8")),
  );

  it("finds the caches the code makes", () => {
    expect(makers).toContain("server/withheld-media.ts");
    expect(makers.length).toBeGreaterThanOrEqual(8);
  });

  it("names every module that makes a cache", () => {
    expect(makers.filter((file) => !DOC.includes(file))).toEqual([]);
  });
});
