import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { accountHooks } from "~/features/accounts/after-sign-in.server";
import { accountMail } from "~/features/accounts/emails.server";
import { createAuth } from "~/lib/auth.server";
import type { Services } from "~/lib/context";
import type { DatabaseHandle } from "~/lib/db.server";
import { parseEnv } from "~/lib/env.server";
import { createLogger } from "~/lib/logger.server";
import { createMailer } from "~/lib/mail/index.server";
import { createLocalStorage } from "~/lib/storage/index.server";

/** The real platform services over a test database: outbox mail, local storage in a temp folder. */
export function createTestServices(handle: DatabaseHandle, origin = "http://localhost:3000") {
  const log = createLogger("silent");
  const env = parseEnv({ NODE_ENV: "test", DATA_DIR: mkdtempSync(path.join(tmpdir(), "services-")) });
  const { mailer, outbox } = createMailer({ from: env.MAIL_FROM, log });
  const auth = createAuth({
    db: handle.db,
    secret: "test-secret-test-secret-test-secret-0123",
    origin,
    mail: accountMail(mailer),
    hooks: accountHooks(handle.db, log),
    signInLimitPerIp: env.SIGN_IN_LIMIT_PER_IP,
  });
  const services: Services = {
    db: handle.db,
    storage: createLocalStorage(path.join(env.DATA_DIR, "media")),
    env,
    log,
    origin,
    auth,
    mailer,
  };
  return { services, outbox: outbox! };
}
