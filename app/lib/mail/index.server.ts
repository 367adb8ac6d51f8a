import type { Logger } from "../logger.server";
import type { Mailer, Outbox } from "./mailer.server";
import { createOutbox } from "./outbox.server";
import { createSmtpMailer } from "./smtp.server";

export * from "./mailer.server";
export { createOutbox, OUTBOX_CAPACITY } from "./outbox.server";
export { createSmtpMailer } from "./smtp.server";

/** SMTP when a URL is configured; otherwise the local outbox, with a warning so nobody thinks mail went out. */
export function createMailer(options: { smtpUrl?: string; from: string; log: Logger }): {
  mailer: Mailer;
  outbox: Outbox | null;
} {
  if (options.smtpUrl) {
    // The host only: the URL carries the SMTP password.
    options.log.info({ mail: { transport: "smtp", host: new URL(options.smtpUrl).host } }, "e-mail is sent over SMTP");
    return { mailer: createSmtpMailer({ smtpUrl: options.smtpUrl, from: options.from }), outbox: null };
  }
  options.log.warn("SMTP_URL is not set: e-mail is not delivered; messages are listed at /dev/mailbox (loopback only)");
  return createOutbox(options.log);
}
