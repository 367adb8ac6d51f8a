import { createTransport } from "nodemailer";
import type { Mailer } from "./mailer.server";

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
    async send({ to, subject, text, html }) {
      await transporter.sendMail({ from: options.from, to, subject, text, html });
    },
  };
}
