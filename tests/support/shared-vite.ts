import { request } from "node:http";
import { inject } from "vitest";
import type { ViteDevServer } from "vite";
import type { ModuleRunner } from "vite/module-runner";

// One module runner per test process, shared by every app its files start, one after another too. It evaluates the
// app's modules in this process, and gets them compiled from the suite's one Vite (tests/support/vite-host.ts,
// started by tests/integration/global-setup.ts): starting a Vite and compiling every route was the slow part of a
// file's first app, and every file that starts an app paid it (ADR 198, ADR 209). The integration files share their
// process (`isolate: false`, docs/decisions/222-integration-files-share-one-process.md), so the runner, like the
// modules the files import themselves, is evaluated once per process, not once per file: an app holds its state per
// database or per app, never per module, as two apps of one file already required (ADR 198).

/** What an app needs of Vite: a module by its URL, as `ViteDevServer.ssrLoadModule` gives it. */
export interface SharedVite {
  ssrLoadModule(url: string): ReturnType<ViteDevServer["ssrLoadModule"]>;
}

let runner: Promise<ModuleRunner> | null = null;

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

/** The process's module runner, started on first use. */
export async function acquireSharedVite(): Promise<SharedVite> {
  runner ??= startRunner();
  const started = await runner;
  return { ssrLoadModule: (url) => started.import(url) };
}
