import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
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

describe("comments say why, not when", () => {
  // History belongs in commits and ADRs: code says which contract holds now, citing an ADR or a document section.
  const migrations = readdirSync(path.join(root, "db/migrations"))
    .filter((name) => name.endsWith(".sql"))
    .map((name) => `db/migrations/${name}`)
    .map((file) => ({ file, text: readFileSync(path.join(root, file), "utf8") }));
  // Built from parts so this file does not match itself.
  const history = new RegExp(`\\b(${["iss", "ues?"].join("")}|${["rou", "nds?"].join("")}) #?\\d+`, "gi");

  it("no code or migration cites an issue or a performance round", () => {
    const found = [...sources, ...migrations].flatMap(({ file, text }) =>
      [...text.matchAll(history)].map((m) => `${file}:${text.slice(0, m.index).split("\n").length}: ${m[0]}`),
    );
    expect(found, "Rewrite each to state the contract that holds now (cite the ADR or a section of docs/, not the history)").toEqual([]);
  });

  it("no document cites an issue number (nothing in the repository resolves one)", () => {
    const issue = new RegExp(`\\b${["iss", "ues?"].join("")} #?\\d+`, "gi");
    const documents = ["README.md", ...readdirSync(path.join(root, "docs"), { recursive: true, encoding: "utf8" }).map((f) => `docs/${f}`)]
      .filter((file) => file.endsWith(".md"))
      .map((file) => ({ file, text: readFileSync(path.join(root, file), "utf8") }));
    const found = documents.flatMap(({ file, text }) =>
      [...text.matchAll(issue)].map((m) => `${file}:${text.slice(0, m.index).split("\n").length}: ${m[0]}`),
    );
    expect(found, "Name the ADR or the section of docs/product.md instead, or drop the reference").toEqual([]);
  });
});

describe("cited paths (scripts/check-paths.mjs, run by npm run lint)", () => {
  // A small repository of its own: what the checker reports there is exactly what it would miss or invent here.
  const fixture = mkdtempSync(path.join(tmpdir(), "check-paths-"));
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(fixture, file)), { recursive: true });
    writeFileSync(path.join(fixture, file), text);
  };
  write(
    "app/lib/real.ts",
    [
      "// See docs/real.md and docs/missing.md.",
      'const cited = "docs/in-a-string.md"; const pattern = /docs\\/in-a-regex/; // app/lib/real.ts:12 is a line',
      "/* ~/lib/real is a module; ~/lib/gone is not */",
      "// https://example.com/docs/behind-a-url.md",
      "export { cited, pattern };",
    ].join("\n"),
  );
  write("app/features/clips/index.ts", "export {};\n");
  write("app/locales/en/x.json", "{}\n");
  write("docs/decisions/001-first.md", "# 001\n");
  write(
    "docs/real.md",
    [
      "[here](real.md), [there](other.md), [an ADR](decisions/001-first.md#context), [a site](https://example.com/a.md)",
      "`app/features/<name>/index.ts`, `app/locales/{en,es}/x.json`, `docs/decisions/001`, `app/features/*/index.ts`",
    ].join("\n"),
  );
  write("db/migrations/0001_a.sql", "-- Explained in docs/gone.md.\nselect 'docs/in-sql-text.md';\n");
  const run = spawnSync(process.execPath, [path.join(root, "scripts/check-paths.mjs"), "--root", fixture], { encoding: "utf8" });
  rmSync(fixture, { recursive: true, force: true });
  const reported = run.stderr
    .split("\n")
    .filter((line) => line.startsWith("  "))
    .map((line) => line.trim());

  it("names file:line and the missing path of each broken citation, and fails", () => {
    expect(run.status).toBe(1);
    expect(reported.sort()).toEqual(
      [
        "app/lib/real.ts:1: docs/missing.md",
        "app/lib/real.ts:3: ~/lib/gone",
        "db/migrations/0001_a.sql:1: docs/gone.md",
        "docs/real.md:1: other.md",
        "docs/real.md:2: app/locales/{en,es}/x.json",
      ].sort(),
    );
  });
});
