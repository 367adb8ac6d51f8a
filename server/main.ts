import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { deprecatedIn, EnvError, parseEnv } from "../app/lib/env.server";
import { createLogger } from "../app/lib/logger.server";
import { createApp } from "./app";
import { startJobs } from "./jobs";
import { startPlatform } from "./platform";
import { gracefulShutdown } from "./shutdown";
import { seedDemoContent } from "../db/seed/demo";

const root = fileURLToPath(new URL("..", import.meta.url));
const dev = process.argv.includes("--dev");

async function main() {
  let env;
  try {
    env = parseEnv({ NODE_ENV: dev ? "development" : "production", ...process.env });
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const log = createLogger(env.LOG_LEVEL);
  for (const warning of deprecatedIn(process.env)) log.warn(warning);
  // Where `npm run build` wrote the app (BUILD_DIR, see react-router.config.ts).
  const buildDir = path.resolve(root, env.BUILD_DIR);
  const platform = await startPlatform(env, log, { seed: seedDemoContent });

  let build: () => Promise<ServerBuild>;
  let vite: Awaited<ReturnType<typeof import("vite").createServer>> | undefined;
  if (dev) {
    vite = await (await import("vite")).createServer({ root, server: { middlewareMode: true } });
    const devServer = vite;
    build = () => devServer.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
  } else {
    const serverBuild = (await import(pathToFileURL(path.join(buildDir, "server/index.js")).href)) as ServerBuild;
    build = async () => serverBuild;
  }

  const app = createApp({
    services: platform.services,
    outbox: platform.outbox,
    ping: platform.database.ping,
    database: platform.database.probe,
    onDatabaseError: platform.database.onConnectionError,
    build,
    vite,
    clientDir: path.join(buildDir, "client"),
  });

  // Background jobs survive restarts: whatever was queued or left running resumes here.
  const worker = await startJobs(platform.services);

  const server = app.listen(env.PORT, env.HOST, () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : env.PORT;
    log.info({ port, host: env.HOST, origin: platform.services.origin, dev }, "server listening");
  });
  server.keepAliveTimeout = 65_000;
  const closing = gracefulShutdown(server);

  // Graceful shutdown: stop accepting, let in-flight requests finish, close the database.
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, "shutting down");
    // Which step of the stop is under way, so a stop that runs out of time says what held it.
    let step = "answering the requests in flight";
    const force = setTimeout(() => {
      log.warn({ step, inFlight: closing.inFlight() }, "the stop did not finish in time; exiting");
      process.exit(1);
    }, 10_000);
    force.unref();
    void closing.close().then(async () => {
      // Half the time left: a job still running then is queued again for the next server.
      step = "stopping the background jobs";
      await worker?.stop(5_000);
      step = "closing the database";
      await vite?.close();
      await platform.close();
      log.info("shutdown complete");
      process.exit(0);
    });
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
