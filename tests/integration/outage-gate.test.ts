import express from "express";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "~/lib/logger.server";
import { databaseOutageGate, type OutageGate } from "../../server/outage";

// ADR 101: while the database ping fails, requests answer 503 with the
// connectivity banner's words (docs/product.md §4.3); when the database
// answers again the same app serves 200 with no restart.

describe("the database outage gate", () => {
  let databaseUp = true;
  let pings = 0;
  let gate: OutageGate;
  let url: string;
  let close: () => Promise<unknown>;

  beforeAll(async () => {
    const app = express();
    gate = databaseOutageGate(
      async () => {
        pings++;
        if (!databaseUp) throw Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
      },
      createLogger("silent"),
      50,
    );
    app.use(gate.middleware);
    // A route that needs the database: it fails with 500 the way an unhandled query error does.
    app.get("/{*splat}", (_req, res) => {
      if (!databaseUp) return void res.status(500).type("text/plain").send("Internal Server Error");
      res.type("html").send("<p>catalogue</p>");
    });
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => new Promise((resolve) => server.close(resolve));
  });
  afterAll(async () => {
    gate?.stop();
    await close?.();
  });

  const until = async (condition: () => boolean) => {
    for (let i = 0; i < 200 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 25));
    expect(condition()).toBe(true);
  };

  it("answers 200 while the database answers, and has not pinged", async () => {
    const reply = await fetch(`${url}/`, { headers: { accept: "text/html" } });
    expect(reply.status).toBe(200);
    expect(await reply.text()).toBe("<p>catalogue</p>");
    expect(gate.isDown()).toBe(false);
    expect(pings).toBe(0);
  });

  it("turns the first failure into 503 once the ping fails, then answers 503 with the banner's words", async () => {
    databaseUp = false;
    // The first request fails before anyone knows; its 5xx makes the gate ping.
    const first = await fetch(`${url}/`, { headers: { accept: "text/html" } });
    expect([500, 503]).toContain(first.status);
    await until(() => gate.isDown());

    const page = await fetch(`${url}/video/x`, { headers: { accept: "text/html", "accept-language": "es" } });
    expect(page.status).toBe(503);
    expect(page.headers.get("retry-after")).toBe("5");
    const html = await page.text();
    expect(html).toContain("Problemas de conexión");
    expect(html).toContain("Tenemos problemas para conectar con el servidor. Reconectando…");
    expect(html).not.toContain("/video/x");

    const api = await fetch(`${url}/api/feed?lang=en`);
    expect(api.status).toBe(503);
    expect(await api.json()).toEqual({
      title: "Connection problems",
      error: "We are having trouble reaching the server. Reconnecting…",
    });
  });

  it("keeps pinging while down and serves 200 again when the database is back, with no restart", async () => {
    const before = pings;
    await until(() => pings >= before + 2);
    expect(gate.isDown()).toBe(true);
    expect((await fetch(`${url}/`)).status).toBe(503);

    databaseUp = true;
    await until(() => !gate.isDown());
    const reply = await fetch(`${url}/`, { headers: { accept: "text/html" } });
    expect(reply.status).toBe(200);
    expect(await reply.text()).toBe("<p>catalogue</p>");
  });

  it("checks at once when told a connection was lost", async () => {
    databaseUp = false;
    gate.suspect();
    await until(() => gate.isDown());
    expect((await fetch(`${url}/api/flames`, { method: "POST" })).status).toBe(503);
    databaseUp = true;
    await until(() => !gate.isDown());
    expect((await fetch(`${url}/`)).status).toBe(200);
  });
});

describe("a lost connection reported while the gate checks", () => {
  it("turns a 500 written during the check into 503, and a 500 after a good check stays 500", async () => {
    let answerPing!: () => void;
    const gate = databaseOutageGate(() => new Promise<void>((resolve) => (answerPing = resolve)), createLogger("silent"), 50);
    const app = express();
    app.use(gate.middleware);
    // The request whose own query met the lost connection: it fails with 500 before the ping has answered.
    app.get("/{*splat}", (_req, res) => void res.status(500).type("text/plain").send("Internal Server Error"));
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      gate.suspect();
      const during = await fetch(`${url}/`);
      expect(during.status).toBe(503);
      expect(during.headers.get("retry-after")).toBe("5");
      // The database answered: it was not an outage, and the next 500 is a 500.
      answerPing();
      await new Promise((resolve) => setImmediate(resolve));
      const after = await fetch(`${url}/`);
      expect(after.status).toBe(500);
    } finally {
      answerPing?.();
      gate.stop();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
