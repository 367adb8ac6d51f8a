import express from "express";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOutbox } from "~/lib/mail/index.server";
import { mailboxRouter } from "../../server/mailbox";
import { rawRequest } from "../support/raw-request";

let server: Server;
let base: string;
let port: number;

beforeAll(async () => {
  const made = createOutbox(pino({ level: "silent" }));
  await made.mailer.send({ to: "a@example.com", subject: "Sign in", text: "link", html: "<p>link</p>", link: "http://x/verify?token=t" });
  const app = express();
  app.use(mailboxRouter(made.outbox));
  app.use((_req, res) => void res.status(404).send("site 404"));
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const get = (host: string, extra: Record<string, string> = {}) => rawRequest(`${base}/dev/mailbox.json`, { headers: { host, ...extra } });

describe("/dev/mailbox behind a proxy on the same machine that adds no forwarding header", () => {
  it.each(["spicy.example", "spicy.example:443", "localhost.evil.example", "127.0.0.1.nip.io", "10.0.0.5", "[2001:db8::1]"])(
    "is not found when the Host header is %j",
    async (host) => {
      const res = await get(host);
      expect(res.status).toBe(404);
      expect(res.body).not.toContain("token");
    },
  );

  it.each(["localhost", "127.0.0.1", "[::1]", "app.localhost"])("answers on the local name %s", async (name) => {
    const res = await get(`${name}:${port}`);
    expect(res.status).toBe(200);
    expect(res.body).toContain("a@example.com");
  });

  it("still refuses a request that says it was forwarded", async () => {
    expect((await get(`localhost:${port}`, { "x-forwarded-for": "203.0.113.9" })).status).toBe(404);
  });
});
