import path from "node:path";
import type { Services } from "../app/lib/context";
import { accountHooks, accountMail } from "../app/features/accounts/index.server";
import { createAuth } from "../app/lib/auth.server";
import { openDatabase, type DatabaseHandle } from "../app/lib/db.server";
import { publicOrigin, type Env } from "../app/lib/env.server";
import { createLogger, type Logger } from "../app/lib/logger.server";
import { originForHost } from "../app/lib/site-origin.server";
import { secureCookies } from "../app/lib/cookies";
import { createMailer, type Outbox } from "../app/lib/mail/index.server";
import { loadAuthSecret } from "../app/lib/secret.server";
import { createStorage } from "../app/lib/storage/index.server";
import type { Storage } from "../app/lib/storage/storage.server";
import { grantModerators } from "../app/features/moderation/index.server";
import { loadDiskLocales } from "./locales";

export interface Platform {
  services: Services;
  /** The local outbox when SMTP is not configured (served at /dev/mailbox). */
  outbox: Outbox | null;
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

/** Fills an empty catalogue; the composition root passes the demo seed in (the seed depends on the platform, not the reverse). */
export type SeedCatalogue = (input: { db: Services["db"]; storage: Storage; log: Logger }) => Promise<object | null | undefined | false>;

/** The database the environment names: PostgreSQL at DATABASE_URL, else PGlite under DATA_DIR; migrated. */
export async function openDatabaseFromEnv(env: Env, options: { migrate?: boolean } = {}): Promise<DatabaseHandle> {
  const database = env.DATABASE_URL
    ? await openDatabase({ databaseUrl: env.DATABASE_URL })
    : await openDatabase({ dataDir: env.DATA_DIR, worker: env.PGLITE_WORKER });
  if (options.migrate !== false) await database.migrate();
  return database;
}

/** The open database, and what a caller may supply instead of what the environment names (tests, CLIs). */
export interface PlatformOverrides {
  /** An open, migrated database: openDatabaseFromEnv's, or a test's. Platform.close closes it. */
  database: DatabaseHandle;
  log?: Logger;
  storage?: Storage;
  origin?: string;
  authSecret?: string;
}

/**
 * The one composition of the platform (ADR 022): database, storage, mail and auth wired into the services every
 * loader, action, job and CLI uses. Synchronous: the database is opened before (startPlatform, a CLI or a test).
 */
export function createPlatform(env: Env, overrides: PlatformOverrides): Platform {
  const { database } = overrides;
  const log = overrides.log ?? createLogger(env.LOG_LEVEL);
  const storage = overrides.storage ?? storageFromEnv(env);
  const origin = overrides.origin ?? publicOrigin(env);
  const { mailer, outbox } = createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, log });
  const secret = overrides.authSecret ?? loadAuthSecret(env.BETTER_AUTH_SECRET, env.DATA_DIR);
  const auth = createAuth({
    db: database.db,
    secret,
    origin,
    mail: accountMail(mailer, env.CONSCIOUS_HOSTS),
    hooks: accountHooks(database.db, log, secret),
    signInLimitPerIp: env.SIGN_IN_LIMIT_PER_IP,
    // Links and callbacks follow the brand host the request came to (docs/security.md).
    originFor: (headers) => originForHost(env, origin, headers?.get("host"), secureCookies(origin) ? "https" : "http"),
    siteOrigins: [env.CONSCIOUS_SITE_URL, env.MAIN_SITE_URL].filter((o): o is string => Boolean(o)).map((o) => new URL(o).origin),
    handoff: {
      adultOrigin: env.MAIN_SITE_URL ? new URL(env.MAIN_SITE_URL).origin : origin,
      companionOrigin: env.CONSCIOUS_SITE_URL ? new URL(env.CONSCIOUS_SITE_URL).origin : null,
    },
  });
  const services: Services = { db: database.db, storage, env, log, origin, auth, mailer, secret };
  return { services, outbox, database, close: () => database.close() };
}

/** The server's and the jobs CLI's start: opens and migrates the database, grants moderators (ADMIN_EMAILS), seeds an empty catalogue. */
export async function startPlatform(env: Env, log: Logger, options: { seed?: SeedCatalogue } = {}): Promise<Platform> {
  loadDiskLocales();
  const database = await openDatabaseFromEnv(env, { migrate: false });
  log.info({ engine: database.engine }, "database opened");
  await database.migrate();
  log.info("migrations applied");
  await grantModerators(database.db, env.ADMIN_EMAILS);

  const storage = storageFromEnv(env);
  const seeded = options.seed ? await options.seed({ db: database.db, storage, log }) : null;
  if (seeded) log.info(seeded, "demo content seeded");
  return createPlatform(env, { database, log, storage });
}
