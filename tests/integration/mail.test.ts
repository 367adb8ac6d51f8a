import { createServer, type Server } from "node:net";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import pino from "pino";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Logger } from "~/lib/logger.server";
import { createMailer, OUTBOX_CAPACITY, type MailMessage } from "~/lib/mail/index.server";

interface Received {
  from: string;
  to: string[];
  raw: string;
}

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/;
// Long enough that quoted-printable has to wrap it.
const TOKEN = "tok_" + "Zq9xW3vKp2".repeat(8);
const LINK = `http://localhost:3000/auth/magic-link/verify?token=${TOKEN}&callbackURL=%2Fsettings`;

const message: MailMessage = {
  to: "alice.example@example.com",
  subject: "Your sign-in link",
  text: `Open this link to sign in:\n\n${LINK}\n\nIt works once, for one hour.`,
  html: `<p>Open this link to sign in:</p><p><a href="${LINK.replaceAll("&", "&amp;")}">Sign in</a></p>`,
  link: LINK,
};

/** A pino logger that writes its JSON lines into `lines`. */
function capturingLogger(): { log: Logger; lines: string[] } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(...chunk.toString("utf8").split("\n").filter(Boolean));
      done();
    },
  });
  return { log: pino({ level: "info", base: undefined }, stream), lines };
}

function decodeQuotedPrintable(body: string): string {
  const bytes = body.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}

/** The decoded body of each leaf part of a (possibly multipart) MIME message, by content type. */
function mimeParts(raw: string): Map<string, string> {
  const parts = new Map<string, string>();
  for (const chunk of raw.split(/\r?\n--[^\r\n]+/)) {
    const split = chunk.search(/\r?\n\r?\n/);
    if (split < 0) continue;
    const headers = chunk.slice(0, split);
    const type = /^Content-Type:\s*([^;\s]+)/im.exec(headers)?.[1]?.toLowerCase();
    if (!type || type.startsWith("multipart/")) continue;
    const body = chunk.slice(split).replace(/^\r?\n\r?\n/, "");
    const encoding = /^Content-Transfer-Encoding:\s*(\S+)/im.exec(headers)?.[1]?.toLowerCase();
    parts.set(
      type,
      encoding === "quoted-printable"
        ? decodeQuotedPrintable(body)
        : encoding === "base64"
          ? Buffer.from(body, "base64").toString("utf8")
          : body,
    );
  }
  return parts;
}

describe("SMTP mailer", () => {
  const received: Received[] = [];
  let smtp: SMTPServer;
  let port: number;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (c: Buffer) => chunks.push(c));
        stream.on("end", () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString("utf8"),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
    port = (smtp.server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it("delivers text and HTML to the SMTP server, with the link intact", async () => {
    const { log, lines } = capturingLogger();
    const { mailer, outbox } = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: "Spicy Clips <no-reply@clips.test>",
      log,
    });
    expect(mailer.transport).toBe("smtp");
    expect(outbox).toBeNull();

    await mailer.send(message);

    expect(received).toHaveLength(1);
    const mail = received[0]!;
    expect(mail.from).toBe("no-reply@clips.test");
    expect(mail.to).toEqual(["alice.example@example.com"]);
    expect(mail.raw).toMatch(/^To: alice\.example@example\.com$/m);
    expect(mail.raw).toMatch(/^Subject: Your sign-in link$/m);
    expect(mail.raw).toMatch(/^From: Spicy Clips <no-reply@clips\.test>$/m);
    expect(mail.raw).toMatch(/^Content-Type: multipart\/alternative/m);

    const parts = mimeParts(mail.raw);
    expect([...parts.keys()].sort()).toEqual(["text/html", "text/plain"]);
    expect(parts.get("text/plain")).toContain(LINK);
    expect(parts.get("text/html")).toContain(`href="${LINK.replaceAll("&", "&amp;")}"`);
    // The link a test (or a person) would follow, read back from the message itself.
    const readBack = /https?:\/\/\S+/.exec(parts.get("text/plain")!)?.[0];
    expect(new URL(readBack!).searchParams.get("token")).toBe(TOKEN);

    // Nothing about the message is logged on the SMTP path.
    expect(lines.join("\n")).not.toContain(TOKEN);
    expect(lines.join("\n")).not.toMatch(EMAIL);
  });

  it("refuses a recipient that is not one plain address: no header, no extra or swapped recipient", async () => {
    const { log } = capturingLogger();
    const { mailer } = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: "Spicy Clips <no-reply@clips.test>", log });
    const before = received.length;
    for (const to of [
      "victim@example.com\r\nBcc: evil@example.net",
      "victim@example.com\nSubject: hi",
      "victim@example.com, evil@example.net",
      "Victim <evil@example.net>",
      "group: evil@example.net;",
    ]) {
      await expect(mailer.send({ ...message, to }), JSON.stringify(to)).rejects.toThrow(/one plain address/);
    }
    expect(received).toHaveLength(before);
  });

  it("logs only the SMTP host, never the credentials in the URL", () => {
    const { log, lines } = capturingLogger();
    createMailer({ smtpUrl: `smtp://mailer:hunter2-secret@127.0.0.1:${port}`, from: "x <a@b.test>", log });
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: 30, mail: { transport: "smtp", host: `127.0.0.1:${port}` } });
    expect(lines[0]).not.toContain("hunter2");
    expect(lines[0]).not.toContain("mailer:");
  });

  it("rejects when the SMTP server cannot be reached", async () => {
    // A port that was free a moment ago: connection refused, quickly and locally.
    const probe: Server = createServer();
    await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
    const closedPort = (probe.address() as AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));

    const { log } = capturingLogger();
    const { mailer } = createMailer({ smtpUrl: `smtp://127.0.0.1:${closedPort}`, from: "x <a@b.test>", log });
    await expect(mailer.send(message)).rejects.toThrow();
  });
});

describe("outbox mailer", () => {
  it("warns once at creation that mail is not delivered", () => {
    const { log, lines } = capturingLogger();
    const { mailer, outbox } = createMailer({ from: "x <a@b.test>", log });
    expect(mailer.transport).toBe("outbox");
    expect(outbox).not.toBeNull();
    expect(lines.map((l) => JSON.parse(l))).toEqual([
      {
        level: 40,
        time: expect.any(Number),
        msg: "SMTP_URL is not set: e-mail is not delivered; messages are listed at /dev/mailbox (loopback only)",
      },
    ]);
  });

  it("keeps the newest messages first, up to its capacity", async () => {
    const { log } = capturingLogger();
    const { mailer, outbox } = createMailer({ from: "x <a@b.test>", log });
    const extra = 5;
    for (let i = 0; i < OUTBOX_CAPACITY + extra; i++) {
      await mailer.send({ ...message, subject: `Message ${i}` });
    }
    const list = outbox!.list();
    expect(list).toHaveLength(OUTBOX_CAPACITY);
    expect(list[0]!.subject).toBe(`Message ${OUTBOX_CAPACITY + extra - 1}`);
    expect(list.at(-1)!.subject).toBe(`Message ${extra}`);
    expect(list[0]).toMatchObject({ to: message.to, text: message.text, html: message.html, link: LINK });
    expect(list[0]!.sentAt).toBeInstanceOf(Date);
    expect(new Set(list.map((m) => m.id)).size).toBe(OUTBOX_CAPACITY);
    // Times never go backwards down the list.
    for (let i = 1; i < list.length; i++) {
      expect(list[i - 1]!.sentAt.getTime()).toBeGreaterThanOrEqual(list[i]!.sentAt.getTime());
    }

    // list() is a copy: callers cannot reorder or drop messages.
    list.length = 0;
    expect(outbox!.list()).toHaveLength(OUTBOX_CAPACITY);

    outbox!.clear();
    expect(outbox!.list()).toEqual([]);
  });

  it("logs each message without the address, the link or its token", async () => {
    const { log, lines } = capturingLogger();
    const { mailer } = createMailer({ from: "x <a@b.test>", log });
    lines.length = 0;

    await mailer.send({ ...message, subject: "Confirm bob@example.org as your new address" });

    expect(lines).toHaveLength(1);
    const line = lines[0]!;
    expect(JSON.parse(line)).toMatchObject({
      level: 30,
      mail: { to: "a***@example.com", hasLink: true, id: expect.any(String) },
      msg: expect.stringContaining("/dev/mailbox"),
    });
    expect(line).not.toMatch(EMAIL);
    expect(line).not.toContain("alice");
    expect(line).not.toContain(TOKEN);
    expect(line).not.toContain("magic-link");
    expect(line).not.toContain("Open this link");
  });
});
