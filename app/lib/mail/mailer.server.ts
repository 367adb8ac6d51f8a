// The mail platform's shapes. Features compose a MailMessage and hand it to a
// Mailer; they never know whether it leaves over SMTP or stays in the outbox.

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** the main link in the message, if any (sign-in, confirmation) */
  link?: string;
  /** extra headers, such as List-Unsubscribe for a newsletter (RFC 8058) */
  headers?: Record<string, string>;
}

export interface Mailer {
  readonly transport: "smtp" | "outbox";
  send(message: MailMessage): Promise<void>;
}

export interface OutboxEntry extends MailMessage {
  id: string;
  sentAt: Date;
}

export interface Outbox {
  /** Newest first. */
  list(): OutboxEntry[];
  clear(): void;
}

/** `alice@example.com` → `a***@example.com`: enough to tell messages apart in a log, not to identify anyone. */
export function maskAddress(address: string): string {
  const at = address.lastIndexOf("@");
  if (at < 1) return "***";
  return `${address[0]}***${address.slice(at)}`;
}
