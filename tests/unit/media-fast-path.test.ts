import { type IncomingMessage, type ServerResponse } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serveFastPath } from "../support/fast-path-server";
import { mediaFastPath } from "../../server/media-fast-path";

// What the fast path answers itself and what it leaves to Express: Express's middlewares refuse the unusual
// requests (a NUL, an address that does not decode, no Host, a body), so those must reach them untouched.

const lines: { level: string; fields: Record<string, unknown> }[] = [];
const logAt = (level: string) => (fields: Record<string, unknown>) => void lines.push({ level, fields });
const log = { info: logAt("info"), error: logAt("error"), warn: logAt("warn") } as never;
const handled: string[] = [];
let base: string;
let close: () => Promise<void>;

beforeAll(async () => {
  const fast = mediaFastPath({
    handle: async (_req: IncomingMessage, res: ServerResponse, url: string) => {
      handled.push(url);
      if (url === "/boom") throw new Error("boom");
      res.statusCode = 206;
      res.end("bytes");
    },
    log,
    setSecurityHeaders: (res, nonce) => res.setHeader("Content-Security-Policy", `script-src 'nonce-${nonce}'`),
    watch: (_req, res) => void res.setHeader("X-Watched", "1"),
    trustProxy: () => undefined,
  });
  ({ base, close } = await serveFastPath(fast));
});

afterAll(() => close());

describe("media before Express", () => {
  it("answers a plain GET or HEAD with the request id, the security headers, the metrics and a log line", async () => {
    const res = await fetch(`${base}/media/clips/a%20b.mp4?x=1`, { headers: { "x-request-id": "chosen-by-client" } });
    expect(res.status).toBe(206);
    expect(await res.text()).toBe("bytes");
    expect(handled.at(-1)).toBe("/clips/a%20b.mp4?x=1");
    // Not from a trusted proxy: the client's id is not taken.
    expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers.get("content-security-policy")).toMatch(/^script-src 'nonce-[A-Za-z0-9+/=]{24}'$/);
    expect(res.headers.get("x-watched")).toBe("1");
    expect(lines.at(-1)).toMatchObject({ level: "info", fields: { reqId: res.headers.get("x-request-id"), status: 206 } });
    expect((await fetch(`${base}/media/clips/a.mp4`, { method: "HEAD" })).status).toBe(206);
  });

  it("leaves other methods, bodies, NULs, undecodable addresses and other paths to Express", async () => {
    const express = async (path: string, init: RequestInit = {}) => (await fetch(base + path, init)).status;
    expect(await express("/media/clips/a.mp4", { method: "POST", body: "x" })).toBe(299);
    expect(await express("/media/clips/a.mp4", { method: "DELETE" })).toBe(299);
    expect(await express("/media/clips/a%00.mp4")).toBe(299);
    expect(await express("/media/clips/a.mp4?q=%00")).toBe(299);
    expect(await express("/media/clips/%E0%A4%A.mp4")).toBe(299);
    expect(await express("/mediax/clips/a.mp4")).toBe(299);
    expect(await express("/media")).toBe(299);
    expect(await express("/video/x")).toBe(299);
  });

  it("answers a fault of the handler with 500 and an error line", async () => {
    const res = await fetch(`${base}/media/boom`);
    expect(res.status).toBe(500);
    expect(lines.some((l) => l.level === "error" && (l.fields.err as Error).message === "boom")).toBe(true);
  });
});
