import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import type { DatabaseHandle } from "~/lib/db.server";
import { createLocalStorage } from "~/lib/storage/index.server";
import { seedDemoContent } from "../../db/seed/demo";
import { createTestDatabase } from "./database";
import { createTestServices, type TestServices } from "./services";
import { signIn } from "./sign-in";

export interface DemoMember {
  handle: DatabaseHandle;
  env: TestServices;
  /** The member's session cookie, ready for a `cookie` header. */
  cookie: string;
  userId: string;
}

/**
 * For the calling describe block: a fresh test database with the demo catalogue (categories, clips, emotions), the
 * services over it and one member signed in, handed to `set` before its tests
 * (`withDemoMember("me@example.com", (made) => ({ handle, env, cookie, userId } = made))`); the database is closed after them.
 */
export function withDemoMember(email: string, set: (made: DemoMember) => void, origin?: string) {
  let handle: DatabaseHandle | undefined;
  beforeAll(async () => {
    handle = await createTestDatabase();
    const env = createTestServices(handle, origin);
    await seedDemoContent({ db: handle.db, storage: createLocalStorage(mkdtempSync(path.join(tmpdir(), "demo-member-"))) });
    const cookie = await signIn(env, email);
    const userId = (await env.services.auth.api.getSession({ headers: new Headers({ cookie }) }))!.user.id;
    set({ handle, env, cookie, userId });
  });
  afterAll(() => handle?.close());
}
