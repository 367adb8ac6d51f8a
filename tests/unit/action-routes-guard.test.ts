import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// ADR 024: every action runs through handleAction — in the route itself, or in a feature's action built on
// it (the visitor forms' formAction). This reads the route modules, so a new action that reads its own form
// fails here before it ships.

const ROOT = process.cwd();
const ROUTES_DIR = path.join(ROOT, "app/routes");
const EXPORTS_ACTION = /export\s+(?:async\s+function|const|function)\s+action\b/;
const CALLS_HELPER = /\bhandleAction\s*\(/;

const read = (file: string) => readFileSync(file, "utf8");

/** The file an import names (`~/…` is app/), or null for a package. */
function resolve(from: string, specifier: string): string | null {
  const base = specifier.startsWith("~/")
    ? path.join(ROOT, "app", specifier.slice(2))
    : specifier.startsWith(".")
      ? path.resolve(path.dirname(from), specifier)
      : null;
  if (!base) return null;
  const candidates = [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts"), path.join(base, "index.server.ts")];
  return candidates.find((file) => existsSync(file) && !file.endsWith(path.sep) && /\.tsx?$/.test(file)) ?? null;
}

/** Named imports of a module: local name → the file it comes from. */
function namedImports(file: string): Map<string, { file: string; name: string }> {
  const found = new Map<string, { file: string; name: string }>();
  for (const [, names, specifier] of read(file).matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*"([^"]+)"/g)) {
    const target = resolve(file, specifier!);
    if (!target) continue;
    for (const part of names!.split(",")) {
      const [name, local] = part
        .replace(/^\s*type\s+/, "")
        .trim()
        .split(/\s+as\s+/);
      if (name) found.set(local ?? name, { file: target, name });
    }
  }
  return found;
}

/** True when `name` in `file` is a function that calls handleAction (following re-exports through index files). */
function builtOnHelper(file: string, name: string, depth = 0): boolean {
  const source = read(file);
  const reexport = [...source.matchAll(/export\s*\{([^}]*)\}\s*from\s*"([^"]+)"/g)].find(([, names]) =>
    names!.split(",").some(
      (n) =>
        n
          .trim()
          .split(/\s+as\s+/)
          .pop() === name,
    ),
  );
  if (reexport && depth < 3) {
    const target = resolve(file, reexport[2]!);
    return target ? builtOnHelper(target, name, depth + 1) : false;
  }
  const body = new RegExp(`export\\s+(?:async\\s+)?(?:function\\s+${name}\\b|const\\s+${name}\\b)[\\s\\S]*?\\n}`).exec(source);
  return body !== null && CALLS_HELPER.test(body[0]);
}

const actionRoutes = readdirSync(ROUTES_DIR)
  .filter((name) => /\.tsx?$/.test(name))
  .map((name) => path.join(ROUTES_DIR, name))
  .filter((file) => EXPORTS_ACTION.test(read(file)));

describe("every route action uses the one action helper (ADR 024)", () => {
  it("finds the action routes", () => {
    expect(actionRoutes.length).toBeGreaterThanOrEqual(19);
  });

  it.each(actionRoutes.map((file) => [path.relative(ROOT, file), file]))(
    "%s calls handleAction or a feature action built on it",
    (_name, file) => {
      const source = read(file);
      if (CALLS_HELPER.test(source)) return;
      const helpers = [...namedImports(file)].filter(
        ([local, origin]) => new RegExp(`\\b${local}\\s*\\(`).test(source) && builtOnHelper(origin.file, origin.name),
      );
      expect(
        helpers.map(([local]) => local),
        "no call to handleAction, nor to a feature action built on it",
      ).not.toEqual([]);
    },
  );

  it.each(actionRoutes.map((file) => [path.relative(ROOT, file), file]))("%s does not read the form itself", (_name, file) => {
    const source = read(file);
    expect(source).not.toMatch(/\breadForm\s*\(|\.formData\s*\(/);
  });

  it("every action route is in the integration walk (tests/integration/action-routes.test.ts)", () => {
    const walk = read(path.join(ROOT, "tests/integration/action-routes.test.ts"));
    const missing = actionRoutes.map((file) => path.basename(file).replace(/\.tsx?$/, "")).filter((m) => !walk.includes(`"~/routes/${m}"`));
    expect(missing).toEqual([]);
  });
});
