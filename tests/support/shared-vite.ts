import { fileURLToPath } from "node:url";
import type { ViteDevServer } from "vite";

const root = fileURLToPath(new URL("../..", import.meta.url));

// One Vite per test file, shared by every app the file starts (tests/support/app.ts), one after another too: starting
// Vite and compiling the routes is the slow part, and a file that starts an app per test paid it per test. It is
// closed once the file's tests have ended and its last app has closed (closeSharedVite, from
// tests/integration/setup-file.ts, which imports only this small module).
let vite: Promise<ViteDevServer> | null = null;
let users = 0;
let fileEnded = false;

async function closeVite() {
  const closing = vite;
  vite = null;
  await (await closing)?.close();
}

/** The file's Vite, started on first use; pair every call with `releaseSharedVite`. */
export async function acquireSharedVite(): Promise<ViteDevServer> {
  users++;
  vite ??= import("vite").then(({ createServer }) =>
    createServer({
      root,
      configFile: `${root}/vite.config.ts`,
      logLevel: "error",
      server: { middlewareMode: true, hmr: false, watch: null },
      appType: "custom",
    }),
  );
  return vite;
}

/** An app is done with the shared Vite; the last one after the file's tests closes it. */
export async function releaseSharedVite(): Promise<void> {
  if (--users === 0 && fileEnded) await closeVite();
}

/** After the file's tests: closes the shared Vite now, or when its last app closes. */
export async function closeSharedVite(): Promise<void> {
  fileEnded = true;
  if (users === 0) await closeVite();
}
