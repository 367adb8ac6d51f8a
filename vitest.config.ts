import { defineConfig } from "vitest/config";
import { fileURLToPath } from "node:url";

const alias = {
  "~": fileURLToPath(new URL("./app", import.meta.url)),
  "~schema": fileURLToPath(new URL("./db/schema", import.meta.url)),
};

// Three suites: fast unit tests, integration tests on a real database
// (PGlite in-process, or PostgreSQL when DATABASE_URL is set), and end-to-end
// tests that drive real Chromium against a production build.
export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        // npm test runs it beside typecheck and the build (scripts/test.mjs): a test may wait for a core.
        test: { name: "unit", include: ["tests/unit/**/*.test.{ts,tsx}"], environment: "node", testTimeout: 20_000 },
      },
      {
        resolve: { alias },
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.{ts,tsx}"],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          // The files run one after another in one process, which imports vitest, PGlite (compiling its WebAssembly)
          // and the app once instead of once per file; each file still gets a database of its own, and the app keeps
          // its state per database (docs/decisions/222-integration-files-share-one-process.md).
          isolate: false,
          // Migrates once; each file's database starts as a copy (tests/support/database.ts).
          globalSetup: ["tests/integration/global-setup.ts"],
          setupFiles: ["tests/integration/setup-file.ts"],
        },
      },
      {
        resolve: { alias },
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 240_000,
          // Under CI a browser test gets one more try: on a 2-core machine a
          // timing-sensitive check can lose to a busy neighbour. `npm test`
          // names every test that needed it (scripts/test.mjs).
          retry: process.env.CI === "true" || process.env.CI === "1" ? 1 : 0,
          fileParallelism: false,
          // A lane's files run one after another in one process, which imports vitest and Playwright once instead of
          // once per file; each file still launches its own Chromium and closes it
          // (docs/decisions/238-end-to-end-files-in-one-process.md).
          isolate: false,
          globalSetup: ["tests/e2e/global-setup.ts"],
        },
      },
    ],
  },
});
