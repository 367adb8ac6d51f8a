import path from "node:path";
import type { Services } from "../app/lib/context";
import { accountHooks } from "../app/features/accounts/after-sign-in.server";
import { accountMail } from "../app/features/accounts/emails.server";
import { createAuth } from "../app/lib/auth.server";
import { openDatabase, type DatabaseHandle } from "../app/lib/db.server";
import { publicOrigin, type Env } from "../app/lib/env.server";
import type { Logger } from "../app/lib/logger.server";
import { createMailer, type Outbox } from "../app/lib/mail/index.server";
import { loadAuthSecret } from "../app/lib/secret.server";
import { createStorage } from "../app/lib/storage/index.server";
import type { Storage } from "../app/lib/storage/storage.server";
import { grantAdmins } from "../app/features/moderation/admins.server";
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

/** Opens the database, applies migrations, seeds an empty catalogue and wires the services. */
export async function startPlatform(env: Env, log: Logger, options: { seed?: SeedCatalogue } = {}): Promise<Platform> {
  loadDiskLocales();
  const database = env.DATABASE_URL ? await openDatabase({ databaseUrl: env.DATABASE_URL }) : await openDatabase({ dataDir: env.DATA_DIR });
  log.info({ engine: database.engine }, "database opened");
  await database.migrate();
  log.info("migrations applied");
  await grantAdmins(database.db, env.ADMIN_EMAILS);

  const storage = storageFromEnv(env);
  const seeded = options.seed ? await options.seed({ db: database.db, storage, log }) : null;
  if (seeded) log.info(seeded, "demo content seeded");

  const origin = publicOrigin(env);
  const { mailer, outbox } = createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, log });
  const auth = createAuth({
    db: database.db,
    secret: loadAuthSecret(env.BETTER_AUTH_SECRET, env.DATA_DIR),
    origin,
    mail: accountMail(mailer, env.SAFE_HOSTS),
    hooks: accountHooks(database.db, log),
    signInLimitPerIp: env.SIGN_IN_LIMIT_PER_IP,
  });

  const services: Services = { db: database.db, storage, env, log, origin, auth, mailer };
  return { services, outbox, database, close: () => database.close() };
}
