import path from "node:path";
import type { Services } from "../app/lib/context";
import { openDatabase, type DatabaseHandle } from "../app/lib/db.server";
import { publicOrigin, type Env } from "../app/lib/env.server";
import type { Logger } from "../app/lib/logger.server";
import { createStorage } from "../app/lib/storage/index.server";
import type { Storage } from "../app/lib/storage/storage.server";
import { seedDemoContent } from "../db/seed/demo";

export interface Platform {
  services: Services;
  database: DatabaseHandle;
  close(): Promise<void>;
}

export function storageFromEnv(env: Env): Storage {
  if (env.S3_ENDPOINT && env.S3_BUCKET && env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY) {
    return createStorage({
      kind: "s3",
      endpoint: env.S3_ENDPOINT,
      bucket: env.S3_BUCKET,
      region: env.S3_REGION,
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
      forcePathStyle: env.S3_FORCE_PATH_STYLE,
    });
  }
  return createStorage({ kind: "local", rootDir: path.resolve(env.DATA_DIR, "media") });
}

/** Opens the database, applies migrations, seeds an empty catalogue and wires the services. */
export async function startPlatform(env: Env, log: Logger): Promise<Platform> {
  const database = env.DATABASE_URL
    ? await openDatabase({ databaseUrl: env.DATABASE_URL })
    : await openDatabase({ dataDir: env.DATA_DIR });
  log.info({ engine: database.engine }, "database opened");
  await database.migrate();
  log.info("migrations applied");

  const storage = storageFromEnv(env);
  const seeded = await seedDemoContent({ db: database.db, storage, log });
  if (seeded) log.info(seeded, "demo content seeded");

  const services: Services = { db: database.db, storage, env, log, origin: publicOrigin(env) };
  return { services, database, close: () => database.close() };
}
