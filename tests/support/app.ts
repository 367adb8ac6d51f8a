import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll } from "vitest";
import type { DatabaseHandle } from "~/lib/db.server";
import type { Env } from "~/lib/env.server";
import type { createApp as CreateApp } from "../../server/app";
import { createTestDatabase } from "./database";
import { createTestServices } from "./services";
import { acquireSharedVite } from "./shared-vite";

const root = fileURLToPath(new URL("../..", import.meta.url));

export interface TestApp {
  url: string;
  env: ReturnType<typeof createTestServices>;
  close(): Promise<void>;
}

/**
 * The whole Express app in this process (every middleware, Better Auth, the real route modules
 * compiled by Vite on demand) over a test database, listening on a free port. No build is needed;
 * pages render without their client assets.
 */
export async function startTestApp(
  handle: DatabaseHandle,
  options: { origin?: string; env?: Partial<Env>; listenHost?: string } = {},
): Promise<TestApp> {
  const env = createTestServices(handle, options.origin ?? "http://localhost:3000", options.env);
  const server = await acquireSharedVite();
  const build = () => server.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
  await build();
  // The server code is loaded by the same Vite as the routes, so both share one react-router instance.
  const { createApp } = (await server.ssrLoadModule("/server/app.ts")) as { createApp: typeof CreateApp };
  const app = createApp({ services: env.services, outbox: env.outbox, ping: async () => {}, build, clientDir: root });
  const host = options.listenHost ?? "127.0.0.1";
  const http: Server = app.listen(0, host);
  await new Promise((resolve, reject) => http.once("listening", resolve).once("error", reject));
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://${host.includes(":") ? `[${host}]` : host}:${port}`,
    env,
    close: async () => {
      http.closeAllConnections();
      await new Promise((resolve) => http.close(resolve));
    },
  };
}

/**
 * For the calling describe block: a fresh test database and the whole app over it, handed to `set` before
 * its tests (`withTestApp((made) => ({ handle, app } = made))`); both are closed after them.
 */
export function withTestApp(set: (made: { handle: DatabaseHandle; app: TestApp }) => void, options?: Parameters<typeof startTestApp>[1]) {
  let handle: DatabaseHandle | undefined;
  let app: TestApp | undefined;
  beforeAll(async () => {
    handle = await createTestDatabase();
    app = await startTestApp(handle, options);
    set({ handle, app });
  });
  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });
}
