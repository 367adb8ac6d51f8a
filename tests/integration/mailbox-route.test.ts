import express, { type Request, type Response } from "express";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { networkInterfaces } from "node:os";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOutbox, type Outbox, type OutboxEntry } from "~/lib/mail/index.server";
import { mailboxRouter } from "../../server/mailbox";

const LINK = "http://localhost:3000/auth/magic-link/verify?token=tok_abc123&callbackURL=%2F";

/** An IPv4 address of this machine that is not loopback, if it has one. */
function lanAddress(): string | undefined {
  return Object.values(networkInterfaces())
    .flat()
    .find((i) => i && i.family === "IPv4" && !i.internal)?.address;
}

async function listen(app: express.Express, host: string): Promise<{ server: Server; base: string }> {
  const server = app.listen(0, host);
  await new Promise((resolve, reject) => server.once("listening", resolve).once("error", reject));
  const { port } = server.address() as AddressInfo;
  return { server, base: `http://${host.includes(":") ? `[${host}]` : host}:${port}` };
}

function appWith(outbox: Outbox | null) {
  const app = express();
  app.use(mailboxRouter(outbox));
  // Stands in for the site's own 404 page, which unknown paths reach in the real app.
  app.use((_req, res) => void res.status(404).type("text/plain").send("site 404"));
  return app;
}

const servers: Server[] = [];
let outbox: Outbox;
let loopback: string;

beforeAll(async () => {
  const made = createOutbox(pino({ level: "silent" }));
  outbox = made.outbox;
  await made.mailer.send({
    to: "first@example.com",
    subject: "Welcome",
    text: "Hello",
    html: "<p>Hello</p>",
  });
  await made.mailer.send({
    to: "alice@example.com",
    subject: `<script>alert("x")</script> & more`,
    text: "Open <this> link:\n" + LINK,
    html: `<p><a href="${LINK}">Sign in</a></p>`,
    link: LINK,
  });
  const local = await listen(appWith(outbox), "127.0.0.1");
  servers.push(local.server);
  loopback = local.base;
});

afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
});

describe("GET /dev/mailbox from this machine", () => {
  it("lists the messages newest first, everything escaped, without scripts", async () => {
    const res = await fetch(`${loopback}/dev/mailbox`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const html = await res.text();

    expect(html).not.toMatch(/<script/i);
    expect(html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; more");
    expect(html).toContain(`<a href="${LINK.replaceAll("&", "&amp;")}">`);
    expect(html).toContain("<pre>Open &lt;this&gt; link:\n");
    expect(html).toContain("alice@example.com");
    expect(html).toMatch(/<time datetime="\d{4}-\d\d-\d\dT[\d:.]+Z">/);
    expect(html.indexOf("alice@example.com")).toBeLessThan(html.indexOf("first@example.com"));
  });

  it("answers JSON, newest first", async () => {
    const res = await fetch(`${loopback}/dev/mailbox.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const list = (await res.json()) as (Omit<OutboxEntry, "sentAt"> & { sentAt: string })[];
    expect(list.map((m) => m.to)).toEqual(["alice@example.com", "first@example.com"]);
    expect(list[0]).toMatchObject({ link: LINK, id: outbox.list()[0]!.id });
    expect(new Date(list[0]!.sentAt).toISOString()).toBe(list[0]!.sentAt);
  });

  it("is also open over IPv6 loopback", async (ctx) => {
    const ipv6 = await listen(appWith(outbox), "::1").catch(() => null);
    if (!ipv6) return ctx.skip();
    servers.push(ipv6.server);
    expect((await fetch(`${ipv6.base}/dev/mailbox.json`)).status).toBe(200);
  });

  it("refuses a request that a local proxy forwarded from elsewhere", async () => {
    for (const [name, value] of [
      ["X-Forwarded-For", "203.0.113.5"],
      ["Forwarded", "for=203.0.113.5"],
      ["X-Real-IP", "203.0.113.5"],
    ]) {
      const res = await fetch(`${loopback}/dev/mailbox`, { headers: { [name!]: value! } });
      expect(res.status).toBe(404);
      expect(await res.text()).toBe("site 404");
    }
  });

  it("does not exist when mail goes over SMTP", async () => {
    const smtp = await listen(appWith(null), "127.0.0.1");
    servers.push(smtp.server);
    for (const path of ["/dev/mailbox", "/dev/mailbox.json"]) {
      const res = await fetch(smtp.base + path);
      expect(res.status).toBe(404);
      expect(await res.text()).toBe("site 404");
    }
  });
});

describe("GET /dev/mailbox from another machine", () => {
  const lan = lanAddress();

  // Both ends are this machine's own address: the request never leaves it.
  it.skipIf(!lan)("is the site's 404 for a peer on a non-loopback address", async () => {
    const remote = await listen(appWith(outbox), lan!);
    servers.push(remote.server);
    for (const path of ["/dev/mailbox", "/dev/mailbox.json"]) {
      const res = await fetch(remote.base + path);
      expect(res.status).toBe(404);
      expect(await res.text()).toBe("site 404");
    }
  });

  /** Runs the router on a hand-made request from `remoteAddress`; what it sent, or null when it passed the request on. */
  async function handledFor(remoteAddress: string, headers: Record<string, string> = {}): Promise<unknown> {
    const req = { method: "GET", url: "/dev/mailbox.json", headers, socket: { remoteAddress } } as unknown as Request;
    return new Promise((resolve, reject) => {
      const res = {
        set: () => res,
        type: () => res,
        json: (body: unknown) => resolve(body),
        send: (body: unknown) => resolve(body),
      } as unknown as Response;
      mailboxRouter(outbox)(req, res, (error?: unknown) => (error ? reject(error) : resolve(null)));
    });
  }

  it("passes a non-loopback peer on to the 404, whatever its headers claim", async () => {
    expect(await handledFor("127.0.0.1", { host: "localhost:3000" })).toHaveLength(2);
    expect(await handledFor("::ffff:127.0.0.1", { host: "127.0.0.1" })).toHaveLength(2);
    expect(await handledFor("127.0.0.1")).toBeNull();
    expect(await handledFor("203.0.113.5")).toBeNull();
    expect(await handledFor("203.0.113.5", { "x-forwarded-for": "127.0.0.1", host: "localhost" })).toBeNull();
    expect(await handledFor("::ffff:192.0.2.9")).toBeNull();
  });
});
