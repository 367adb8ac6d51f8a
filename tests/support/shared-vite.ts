import { request } from "node:http";
import { inject } from "vitest";
import type { ViteDevServer } from "vite";
import type { ModuleRunner } from "vite/module-runner";

// One module runner per test file, shared by every app the file starts (tests/support/app.ts), one after another too.
// It evaluates the app's modules afresh in this file's process, and gets them compiled from the suite's one Vite
// (tests/support/vite-host.ts, started by tests/integration/global-setup.ts): starting a Vite and compiling every
// route was the slow part of a file's first app, and every file that starts an app paid it (ADR 198, ADR 209). It is
// closed once the file's tests have ended and its last app has closed (closeSharedVite, from
// tests/integration/setup-file.ts, which imports only this small module).

/** What an app needs of Vite: a module by its URL, as `ViteDevServer.ssrLoadModule` gives it. */
export interface SharedVite {
  ssrLoadModule(url: string): ReturnType<ViteDevServer["ssrLoadModule"]>;
}

let runner: Promise<ModuleRunner> | null = null;
let users = 0;
let fileEnded = false;

/**
 * Asks the suite's Vite: the runner's `vite:invoke` message in a POST, its answer in the body. node:http rather than
 * fetch, which a test may stub.
 */
function invoke(host: string, payload: unknown): Promise<{ result: unknown } | { error: unknown }> {
  const body = JSON.stringify(payload);
  return new Promise((resolve, reject) => {
    const call = request(host, { method: "POST", headers: { "content-type": "application/json" } }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        try {
          resolve(JSON.parse(Buffer.concat(chunks).toString("utf8")));
        } catch (error) {
          reject(error);
        }
      });
      response.on("error", reject);
    });
    call.on("error", reject);
    call.end(body);
  });
}

async function startRunner(): Promise<ModuleRunner> {
  const host = inject("viteModules");
  if (!host) throw new Error("no compiling Vite for this suite: tests/integration/global-setup.ts starts it");
  const { ModuleRunner, ESModulesEvaluator, createNodeImportMeta } = await import("vite/module-runner");
  // The options of Vite's own ssrLoadModule runner; only the transport differs.
  return new ModuleRunner(
    {
      transport: { invoke: (payload) => invoke(host, payload) },
      createImportMeta: createNodeImportMeta,
      sourcemapInterceptor: false,
      hmr: false,
    },
    new ESModulesEvaluator(),
  );
}

async function closeRunner() {
  const closing = runner;
  runner = null;
  await (await closing)?.close();
}

/** The file's module runner, started on first use; pair every call with `releaseSharedVite`. */
export async function acquireSharedVite(): Promise<SharedVite> {
  users++;
  runner ??= startRunner();
  const started = await runner;
  return { ssrLoadModule: (url) => started.import(url) };
}

/** An app is done with the shared runner; the last one after the file's tests closes it. */
export async function releaseSharedVite(): Promise<void> {
  if (--users === 0 && fileEnded) await closeRunner();
}

/** After the file's tests: closes the shared runner now, or when its last app closes. */
export async function closeSharedVite(): Promise<void> {
  fileEnded = true;
  if (users === 0) await closeRunner();
}
