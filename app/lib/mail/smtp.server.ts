import { createTransport } from "nodemailer";
import type { Mailer } from "./mailer.server";

/**
 * One plain address and nothing else. nodemailer parses `to` as an address *list*: a line break, comma or
 * colon turns `victim@example.com\r\nBcc: evil@example.net` into a group that mails evil@example.net only,
 * and `a@x.com, b@y.com` into two recipients. The forms refuse such addresses; this is the last line.
 */
const SINGLE_ADDRESS = /^[^\s@,;:<>"()[\]\\]+@[^\s@,;:<>"()[\]\\]+$/;

export class UnsafeRecipientError extends Error {
  override name = "UnsafeRecipientError";
}

/**
 * Delivers over SMTP (`smtp://` or `smtps://`, credentials in the URL).
 * Errors reach the caller, which shows a translated failure message.
 */
export function createSmtpMailer(options: { smtpUrl: string; from: string }): Mailer {
  // nodemailer waits minutes by default; a sign-in form should fail within seconds.
  // Timeouts given in the URL's query string still win.
  const transporter = createTransport({
    url: options.smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });

  return {
    transport: "smtp",
    async send({ to, subject, text, html, headers }) {
      if (!SINGLE_ADDRESS.test(to)) throw new UnsafeRecipientError("refusing to mail anything but one plain address");
      await transporter.sendMail({ from: options.from, to, subject, text, html, headers });
    },
  };
}
