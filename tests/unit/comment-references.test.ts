import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Comments cite docs/product.md §n.m or an ADR, never a document outside the repository (ADR 080).
const root = path.resolve(__dirname, "../..");
const FOLDERS = ["app", "server", "db/schema", "db/seed", "scripts", "tests"];
const CODE = /\.(ts|tsx|mjs|js)$/;

function files(folder: string): string[] {
  return readdirSync(path.join(root, folder), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && CODE.test(entry.name))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

const sources = FOLDERS.flatMap(files).map((file) => ({ file, text: readFileSync(path.join(root, file), "utf8") }));
const product = readFileSync(path.join(root, "docs/product.md"), "utf8");
const sections = new Set([...product.matchAll(/^#{2,3} (\d+(?:\.\d+)?)\.? /gm)].map((m) => m[1]));
const adrs = new Set(readdirSync(path.join(root, "docs/decisions")).map((name) => name.slice(0, 3)));

describe("comment references resolve inside the repository", () => {
  it("no file cites the outside SPEC or DESIGN documents", () => {
    // Built from parts so this file does not match itself.
    const outside = new RegExp(`\\b(${["SP", "EC"].join("")}|${["DES", "IGN"].join("")}) ?[0-9]`);
    expect(sources.filter(({ text }) => outside.test(text)).map(({ file }) => file)).toEqual([]);
  });

  it("every docs/product.md section cited exists", () => {
    expect(sections.has("13.5")).toBe(true);
    const missing = sources.flatMap(({ file, text }) =>
      [...text.matchAll(/docs\/product\.md (§[\d.]+(?:, §[\d.]+)*)/g)].flatMap((m) =>
        m[1]!
          .split(", ")
          .map((s) => s.slice(1).replace(/\.$/, ""))
          .filter((s) => !sections.has(s))
          .map((s) => `${file}: §${s}`),
      ),
    );
    expect(missing).toEqual([]);
  });

  it("every ADR cited exists", () => {
    expect(adrs.has("080")).toBe(true);
    const missing = sources.flatMap(({ file, text }) =>
      [...text.matchAll(/\bADR (\d{3})\b/g)].filter((m) => !adrs.has(m[1]!)).map((m) => `${file}: ADR ${m[1]}`),
    );
    expect(missing).toEqual([]);
  });
});
