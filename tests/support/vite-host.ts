import { createServer as createHttpServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import type { ViteDevServer } from "vite";

const root = fileURLToPath(new URL("../..", import.meta.url));

/**
 * The integration suite's one Vite, in the suite's global set-up: it only compiles. Each test file evaluates the
 * compiled modules in a module runner of its own (tests/support/shared-vite.ts), which asks for them over HTTP on the
 * loopback: the files share the compiling of the app's routes, not the modules' state
 * (docs/decisions/209-integration-files-share-one-compiling-vite.md). Vite starts on the first request, so a run
 * whose files start no app never starts it.
 */
export async function serveCompiledModules(): Promise<{ url: string; close(): Promise<void> }> {
  let vite: Promise<ViteDevServer> | undefined;
  const start = () =>
    import("vite").then(({ createServer }) =>
      createServer({
        root,
        configFile: `${root}/vite.config.ts`,
        logLevel: "error",
        server: { middlewareMode: true, hmr: false, watch: null },
        appType: "custom",
      }),
    );
  const http: Server = createHttpServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", async () => {
      let answer: unknown;
      try {
        vite ??= start();
        // The runner's `vite:invoke` message (fetchModule, getBuiltins), answered as Vite answers its own runner.
        answer = await (await vite).environments.ssr.hot.handleInvoke(JSON.parse(Buffer.concat(chunks).toString("utf8")));
      } catch (error) {
        answer = { error: { name: (error as Error).name, message: (error as Error).message, stack: (error as Error).stack } };
      }
      let body: string;
      try {
        body = JSON.stringify(answer);
      } catch {
        const error = (answer as { error?: Error }).error;
        body = JSON.stringify({ error: { name: error?.name, message: error?.message, stack: error?.stack } });
      }
      response.writeHead(200, { "content-type": "application/json" }).end(body);
    });
  });
  // The files' runners keep their connections for the suite's life (one process runs every file, ADR 222), and may stay
  // idle for longer than Node's 5 s keep-alive: a connection the server closed as the runner reused it would fail
  // that request ("socket hang up"). The server never closes an idle connection; close() below ends them all.
  http.keepAliveTimeout = 0;
  http.listen(0, "127.0.0.1");
  await new Promise((resolve, reject) => http.once("listening", resolve).once("error", reject));
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      http.closeAllConnections();
      await new Promise((resolve) => http.close(resolve));
      await (await vite)?.close();
    },
  };
}
