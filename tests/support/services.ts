import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import type { DatabaseHandle } from "~/lib/db.server";
import { parseEnv, type Env } from "~/lib/env.server";
import { createLogger } from "~/lib/logger.server";
import { createLocalStorage } from "~/lib/storage/index.server";
import { createPlatform } from "../../server/platform";
import { createTestDatabase } from "./database";

/** The real platform (createPlatform) over a test database: outbox mail, local storage in a temp folder. */
export function createTestServices(handle: DatabaseHandle, origin = "http://localhost:3000", overrides: Partial<Env> = {}) {
  const env: Env = { ...parseEnv({ NODE_ENV: "test", DATA_DIR: mkdtempSync(path.join(tmpdir(), "services-")) }), ...overrides };
  const { services, outbox } = createPlatform(env, {
    database: handle,
    log: createLogger("silent"),
    storage: createLocalStorage(path.join(env.DATA_DIR, "media")),
    origin,
    authSecret: "test-secret-test-secret-test-secret-0123",
  });
  return { services, outbox: outbox! };
}

export type TestServices = ReturnType<typeof createTestServices>;

/**
 * For the calling describe block: a fresh test database and the services over it, handed to `set` before
 * its tests (`withTestServices((made) => ({ handle, env } = made))`); the database is closed after them.
 */
export function withTestServices(
  set: (made: { handle: DatabaseHandle; env: TestServices }) => void,
  origin?: string,
  overrides?: Partial<Env>,
) {
  let handle: DatabaseHandle | undefined;
  beforeAll(async () => {
    handle = await createTestDatabase();
    set({ handle, env: createTestServices(handle, origin, overrides) });
  });
  afterAll(() => handle?.close());
}
