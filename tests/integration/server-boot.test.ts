import { spawnSync } from "node:child_process";
import express from "express";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { healthz } from "../../server/health";
import { bodyLimit } from "../../server/request-log";

describe("server boot", () => {
  it("refuses to start with a bad setting and names the variable", () => {
    const result = spawnSync(process.execPath, ["--import", "tsx", "server/main.ts"], {
      env: { PATH: process.env.PATH, PORT: "eighty", SMTP_URL: "http://not-smtp" },
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("PORT");
    expect(result.stderr).toContain("SMTP_URL");
  });
});

async function serve(app: express.Express) {
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, close: () => new Promise((resolve) => server.close(resolve)) };
}

describe("/healthz", () => {
  it("answers 200 when the database answers and 503 when it does not", async () => {
    let up = true;
    const app = express();
    app.get(
      "/healthz",
      healthz(async () => {
        if (!up) throw new Error("connection refused");
      }),
    );
    const { url, close } = await serve(app);
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    up = false;
    const down = await fetch(`${url}/healthz`);
    expect(down.status).toBe(503);
    expect(await down.json()).toEqual({ status: "unavailable", database: "unreachable" });
    await close();
  });
});

describe("body limit", () => {
  it("refuses oversized bodies with 413 before anything reads them", async () => {
    const app = express();
    app.use(bodyLimit(1024));
    app.post("/", (_req, res) => void res.send("read"));
    const { url, close } = await serve(app);
    expect((await fetch(url, { method: "POST", body: "x".repeat(1000) })).status).toBe(200);
    expect((await fetch(url, { method: "POST", body: "x".repeat(5000) })).status).toBe(413);
    await close();
  });

  it("says why in the visitor's language: plain text for pages, JSON for APIs", async () => {
    const app = express();
    app.use(bodyLimit(1024));
    app.post("/{*splat}", (_req, res) => void res.send("read"));
    const { url, close } = await serve(app);
    const page = await fetch(`${url}/contact`, { method: "POST", body: "x".repeat(5000), headers: { "accept-language": "es" } });
    expect(page.status).toBe(413);
    expect(await page.text()).toBe("Lo que enviaste es demasiado grande.");
    const api = await fetch(`${url}/api/flames`, { method: "POST", body: "x".repeat(5000) });
    expect(api.status).toBe(413);
    expect(await api.json()).toEqual({ error: "What you sent is too large." });
    await close();
  });

  it("refuses a streamed body of unknown length (chunked) with 411, unread", async () => {
    let read = false;
    const app = express();
    app.use(bodyLimit(1024));
    app.post("/", (req, res) => {
      read = true;
      req.resume();
      res.send("read");
    });
    const { url, close } = await serve(app);
    const body = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode("x".repeat(5000)));
        controller.close();
      },
    });
    const res = await fetch(url, { method: "POST", body, duplex: "half" } as RequestInit);
    expect(res.status).toBe(411);
    expect(read).toBe(false);
    await close();
  });
});

describe("a refused body", () => {
  it("closes its connection, so its unread bytes never reach the next request on it (ADR 102)", async () => {
    const app = express();
    app.use(bodyLimit(1024));
    app.all("/{*splat}", (_req, res) => void res.send("read"));
    const { url, close } = await serve(app);
    const { createClient } = await import("../../scripts/load/http");
    const client = createClient(url, { connections: 1, timeoutMs: 5000 });
    const refused = await client.request("/", { method: "POST", headers: { "content-type": "text/plain" }, body: "x".repeat(200_000) });
    expect(refused.status).toBe(413);
    expect(refused.headers.connection).toBe("close");
    const next = await client.request("/after");
    expect(next.failure).toBeUndefined();
    expect(next.status).toBe(200);
    client.close();
    await close();
  });
});
