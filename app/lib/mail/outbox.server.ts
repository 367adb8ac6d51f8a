import { randomUUID } from "node:crypto";
import { scrub, type Logger } from "../logger.server";
import { maskAddress, type Mailer, type Outbox, type OutboxEntry } from "./mailer.server";

/** Enough for a day of local testing; older messages fall off so memory stays bounded. */
export const OUTBOX_CAPACITY = 200;

/**
 * Keeps mail in memory instead of delivering it, for machines without SMTP.
 * The log line says a message arrived but never carries the link: it holds a
 * sign-in token, and logs travel further than this machine.
 */
export function createOutbox(log: Logger): { mailer: Mailer; outbox: Outbox } {
  let entries: OutboxEntry[] = [];

  const mailer: Mailer = {
    transport: "outbox",
    async send(message) {
      const entry: OutboxEntry = { ...message, id: randomUUID(), sentAt: new Date() };
      entries = [entry, ...entries].slice(0, OUTBOX_CAPACITY);
      log.info(
        { mail: { id: entry.id, to: maskAddress(message.to), subject: scrub(message.subject), hasLink: Boolean(message.link) } },
        "e-mail kept in the outbox, not delivered: open it at /dev/mailbox",
      );
    },
  };

  const outbox: Outbox = {
    list: () => [...entries],
    clear() {
      entries = [];
    },
  };

  return { mailer, outbox };
}
