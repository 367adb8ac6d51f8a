// ESLint flat config: TypeScript, React hooks, no import cycles, and the
// import direction of docs/decisions/011-import-boundaries.md enforced by a tool.
import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import { importX } from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import { readdirSync } from "node:fs";
import tseslint from "typescript-eslint";

const features = readdirSync(new URL("./app/features", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * A feature's public entries are the files at its root named index*.ts: index.ts (browser-safe), index.server.ts,
 * index.page.ts (a page's views that only its route renders) and index.lazy*.ts (views loaded after the first load,
 * one file per moment they load, ADR 128). Everything else in the feature is private to it
 * (docs/decisions/011-import-boundaries.md).
 */
const ENTRY = /^index(\.server|\.page|\.lazy(-[\w-]+)?)?\.ts$/;
const entriesOf = (name) => readdirSync(new URL(`./app/features/${name}`, import.meta.url)).filter((file) => ENTRY.test(file));

/** Other features, the routes, the root's modules (root.tsx, entry.*, shell.server.ts) and the server enter a feature only through its entries. */
const featureEntries = features.map((name) => ({
  target: [`./app/features/!(${name})/**/*`, "./app/routes/**/*", "./app/*.{ts,tsx}", "./server/**/*"],
  from: `./app/features/${name}`,
  except: entriesOf(name).map((file) => `./${file}`),
  message: `Import the '${name}' feature through its entries: ${entriesOf(name).join(", ") || "(none yet: add index.ts or index.server.ts)"}.`,
}));

const boundaries = [
  { target: "./app/components", from: "./app/features", message: "Components are generic: a layout passes feature UI in." },
  { target: "./app/components", from: "./app/routes" },
  { target: "./app/lib", from: "./app/features", message: "lib is the platform: it knows no product feature." },
  { target: "./app/lib", from: "./app/routes" },
  { target: "./app/lib", from: "./app/components" },
  { target: "./app/features", from: "./app/routes", message: "Routes use features, never the other way round." },
  { target: "./db/schema", from: "./app" },
  { target: "./db/schema", from: "./server" },
  { target: "./db/migrations", from: "./app" },
  { target: "./db/migrations", from: "./server" },
  { target: "./app", from: "./server" },
  { target: "./app", from: "./db/seed" },
  { target: "./server/!(main).ts", from: "./db/seed", message: "The seed depends on the platform, not the other way round." },
  { target: "./app", from: "./tests", message: "Nothing ships that imports a test." },
  { target: "./server", from: "./tests" },
  { target: "./db", from: "./tests" },
  { target: "./scripts", from: "./tests" },
  {
    target: "./db/seed",
    from: ["./app/features/**/*", "./app/routes/**/*", "./app/components/**/*", "./app/*.{ts,tsx}", "./server/!(platform).ts"],
    message: "The seed uses the platform only: app/lib and server/platform.ts.",
  },
  ...featureEntries,
];

export default tseslint.config(
  {
    ignores: ["build/**", "data/**", ".react-router/**", ".tmp/**", "node_modules/**", "public/**", "db/migrations/**", "test-results/**"],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "import-x": importX, "react-hooks": reactHooks },
    settings: {
      "import-x/resolver-next": [createTypeScriptImportResolver({ alwaysTryTypes: true, project: "./tsconfig.json" })],
    },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "import-x/no-restricted-paths": ["error", { zones: boundaries }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports", disallowTypeAnnotations: false }],
      "no-empty": ["error", { allowEmptyCatch: true }],
    },
  },
  {
    // One way to name the schema outside db/: the ~schema alias (tsconfig, vite and vitest resolve it).
    files: ["app/**", "server/**", "scripts/**", "tests/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ regex: "^(\\.\\./)+db/schema", message: "Import the schema as ~schema (or ~schema/<file>)." }] },
      ],
    },
  },
);
