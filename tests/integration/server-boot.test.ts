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
});
