import express from "express";
import { request as httpRequest, type Server } from "node:http";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLocalStorage, type Storage } from "~/lib/storage/index.server";
import { mediaRouter } from "../../server/media";

const data = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));
// Recognisable content: if a traversal ever succeeds, this string shows up.
const SECRET = "TOP-SECRET-OUTSIDE-STORAGE";

let base: string;
let server: Server;
let dir: string;
let storage: Storage;
const errors: unknown[] = [];

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "media-route-"));
  // A decoy one level above the storage root, where `../` would land.
  await writeFile(path.join(dir, "package.json"), SECRET);
  storage = createLocalStorage(path.join(dir, "root"));
  await storage.put("clips/x.mp4", data);
  await storage.put("clips/withheld.mp4", data);
  await storage.put("quarantine/up.mp4", Buffer.from("pending moderation"));
  await storage.put("package.json", Buffer.from('{"public":true}'));

  const app = express();
  app.use("/media", mediaRouter(storage, { onError: (err) => errors.push(err), isWithheld: async (key) => key === "clips/withheld.mp4" }));
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await rm(dir, { recursive: true, force: true });
  expect(errors).toEqual([]);
});

const get = (p: string, headers: Record<string, string> = {}, method = "GET") => fetch(base + p, { method, headers });

/** fetch normalises `..`; node:http sends the path byte for byte. */
function rawGet(p: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const url = new URL(base);
    const req = httpRequest({ host: url.hostname, port: url.port, path: p, method: "GET" }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (c: string) => (body += c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("GET /media/<key>", () => {
  it("serves the full file with caching headers", async () => {
    const res = await get("/media/clips/x.mp4");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("video/mp4");
    expect(res.headers.get("content-length")).toBe("1000");
    expect(res.headers.get("accept-ranges")).toBe("bytes");
    expect(res.headers.get("etag")).toMatch(/^"[^"]+"$/);
    expect(new Date(res.headers.get("last-modified")!).getTime()).not.toBeNaN();
    expect(res.headers.get("cache-control")).toBe("public, max-age=3600");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(Buffer.from(await res.arrayBuffer())).toEqual(data);
  });

  it.each([
    ["bytes=0-99", 0, 99],
    ["bytes=900-", 900, 999],
    ["bytes=-10", 990, 999],
    ["bytes=990-5000", 990, 999],
    ["bytes=-5000", 0, 999],
    ["bytes=0-0", 0, 0],
  ])("answers Range %s with 206", async (range, start, end) => {
    const res = await get("/media/clips/x.mp4", { range });
    expect(res.status).toBe(206);
    expect(res.headers.get("content-range")).toBe(`bytes ${start}-${end}/1000`);
    expect(res.headers.get("content-length")).toBe(String(end - start + 1));
    expect(Buffer.from(await res.arrayBuffer())).toEqual(data.subarray(start, end + 1));
  });

  it.each(["bytes=5000-", "bytes=1000-1001", "bytes=-0"])("answers unsatisfiable %s with 416", async (range) => {
    const res = await get("/media/clips/x.mp4", { range });
    expect(res.status).toBe(416);
    expect(res.headers.get("content-range")).toBe("bytes */1000");
    expect(res.headers.get("cache-control")).toBeNull();
    await res.body?.cancel();
  });

  it.each(["bytes=0-10,20-30", "bytes=50-10", "items=0-10", "bytes=abc", "bytes=-"])(
    "ignores malformed or multiple Range %s and sends 200",
    async (range) => {
      const res = await get("/media/clips/x.mp4", { range });
      expect(res.status).toBe(200);
      expect((await res.arrayBuffer()).byteLength).toBe(1000);
    },
  );

  it("sends the right bytes whether a range is read whole (up to 1 MiB) or streamed, many at once", async () => {
    const big = Buffer.from(Array.from({ length: 3 * 1024 * 1024 + 17 }, (_, i) => (i * 31 + (i >> 12)) % 256));
    await storage.put("clips/big.mp4", big);
    const ranges = Array.from({ length: 24 }, (_, i) => {
      const start = i * 80_000;
      // Every third one is a byte over the 1 MiB buffer: the stream path.
      return { start, end: start + (i % 3 === 0 ? 1024 * 1024 : 1024 * 1024 - 1 - i * 1000) };
    });
    const bodies = await Promise.all(
      ranges.map(async ({ start, end }) => {
        const res = await get("/media/clips/big.mp4", { range: `bytes=${start}-${end}` });
        expect(res.status).toBe(206);
        expect(res.headers.get("content-range")).toBe(`bytes ${start}-${end}/${big.length}`);
        return Buffer.from(await res.arrayBuffer());
      }),
    );
    bodies.forEach((body, i) => expect(body.equals(big.subarray(ranges[i]!.start, ranges[i]!.end + 1)), `range ${i}`).toBe(true));
    const whole = await get("/media/clips/big.mp4");
    expect(Buffer.from(await whole.arrayBuffer()).equals(big)).toBe(true);
  });

  it("honours If-Range only when it names the current ETag", async () => {
    const etag = (await get("/media/clips/x.mp4", {}, "HEAD")).headers.get("etag")!;
    const same = await get("/media/clips/x.mp4", { range: "bytes=0-9", "if-range": etag });
    expect(same.status).toBe(206);
    await same.body?.cancel();
    const stale = await get("/media/clips/x.mp4", { range: "bytes=0-9", "if-range": '"stale"' });
    expect(stale.status).toBe(200);
    expect((await stale.arrayBuffer()).byteLength).toBe(1000);
  });

  it("answers conditional requests with 304", async () => {
    const first = await get("/media/clips/x.mp4", {}, "HEAD");
    const etag = first.headers.get("etag")!;
    const lastModified = first.headers.get("last-modified")!;

    const byEtag = await get("/media/clips/x.mp4", { "if-none-match": etag });
    expect(byEtag.status).toBe(304);
    expect(byEtag.headers.get("etag")).toBe(etag);
    expect(await byEtag.text()).toBe("");

    expect((await get("/media/clips/x.mp4", { "if-none-match": `"other", W/${etag}` })).status).toBe(304);
    expect((await get("/media/clips/x.mp4", { "if-modified-since": lastModified })).status).toBe(304);

    const changed = await get("/media/clips/x.mp4", { "if-none-match": '"other"' });
    expect(changed.status).toBe(200);
    await changed.body?.cancel();

    const older = await get("/media/clips/x.mp4", { "if-modified-since": new Date(0).toUTCString() });
    expect(older.status).toBe(200);
    await older.body?.cancel();
  });

  it("answers HEAD with headers and no body", async () => {
    const res = await get("/media/clips/x.mp4", {}, "HEAD");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-length")).toBe("1000");
    expect(res.headers.get("content-type")).toBe("video/mp4");
    expect(await res.text()).toBe("");
  });

  it.each([
    "/media/../package.json",
    "/media/%2e%2e/package.json",
    "/media/clips%2f..%2f..%2fpackage.json",
    "/media/clips/..%2F..%2Fpackage.json",
    "/media/clips/%2e%2e/%2e%2e/package.json",
    "/media/..%5cpackage.json",
    "/media//etc/passwd",
    "/media/clips/x.mp4%00.jpg",
    "/media/%252e%252e/package.json",
  ])("refuses traversal %s", async (p) => {
    const res = await rawGet(p);
    expect([400, 404]).toContain(res.status);
    expect(res.body).not.toContain(SECRET);
    expect(res.body).not.toContain('"public"');
    expect(res.body.length).toBeLessThan(100);
  });

  it("answers 400 for undecodable paths", async () => {
    expect((await rawGet("/media/clips/%E0%A4%A.mp4")).status).toBe(400);
  });

  it("answers 404 for a withheld key (a hidden clip's file), with no validators to cache", async () => {
    for (const method of ["GET", "HEAD"]) {
      const res = await get("/media/clips/withheld.mp4", { range: "bytes=0-9" }, method);
      expect(res.status, method).toBe(404);
      expect(res.headers.get("etag")).toBeNull();
      expect(res.headers.get("cache-control")).toBeNull();
    }
    expect((await get("/media/clips/withheld.mp4", { "if-none-match": "*" })).status).toBe(404);
  });

  it.each(["/media/quarantine/up.mp4", "/media/Quarantine/up.mp4", "/media/quarantine%2Fup.mp4"])(
    "never serves quarantine (%s)",
    async (p) => {
      const res = await rawGet(p);
      expect(res.status).toBe(404);
      expect(res.body).not.toContain("pending");
    },
  );

  it("answers 404 for missing keys and directories", async () => {
    // A name longer than the file system allows (ENAMETOOLONG) is missing too (found by the fuzzer).
    for (const p of ["/media/clips/missing.mp4", "/media/clips", `/media/${"x".repeat(300)}`, `/media/clips/${"y".repeat(256)}.mp4`]) {
      const res = await get(p);
      expect(res.status).toBe(404);
      expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
      expect(await res.text()).toBe("Not Found");
    }
  });

  it("refuses other methods with 405", async () => {
    for (const method of ["POST", "PUT", "DELETE"]) {
      const res = await get("/media/clips/x.mp4", {}, method);
      expect(res.status).toBe(405);
      expect(res.headers.get("allow")).toBe("GET, HEAD");
      await res.body?.cancel();
    }
    expect(await storage.exists("clips/x.mp4")).toBe(true);
  });
});

describe("media route failure handling", () => {
  it("destroys the source stream when the client aborts", async () => {
    let destroyed!: () => void;
    const wasDestroyed = new Promise<void>((resolve) => (destroyed = resolve));
    // An endless source: only an abort can end this response.
    const endless: Storage = {
      ...storage,
      head: async () => ({ size: 1e9, contentType: "video/mp4", etag: '"e"', lastModified: new Date() }),
      get: async () => {
        const body = new Readable({
          read() {
            this.push(Buffer.alloc(64 * 1024));
          },
        });
        body.on("close", () => destroyed());
        return { size: 1e9, contentType: "video/mp4", etag: '"e"', lastModified: new Date(), body };
      },
    };
    const seen: unknown[] = [];
    const app = express().use("/media", mediaRouter(endless, { onError: (err) => seen.push(err) }));
    const srv = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => srv.once("listening", resolve));
    try {
      const ac = new AbortController();
      const res = await fetch(`http://127.0.0.1:${(srv.address() as AddressInfo).port}/media/big.mp4`, {
        signal: ac.signal,
      });
      const reader = res.body!.getReader();
      await reader.read();
      ac.abort();
      await wasDestroyed;
      expect(seen).toEqual([]);
    } finally {
      srv.closeAllConnections();
      await new Promise((resolve) => srv.close(resolve));
    }
  });

  it("reports a source failure mid-body and cuts the connection", async () => {
    const seen: unknown[] = [];
    const failing: Storage = {
      ...storage,
      // The stream path: answers larger than one buffer, and storage without readInto.
      readInto: undefined,
      get: async (key, range) => {
        const obj = await storage.get(key, range);
        let sent = false;
        const body = new Readable({
          read() {
            if (sent) return void this.destroy(new Error("disk gone"));
            sent = true;
            this.push(Buffer.alloc(10));
          },
        });
        return obj && { ...obj, body };
      },
    };
    const app = express().use("/media", mediaRouter(failing, { onError: (err) => seen.push(err) }));
    const srv = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => srv.once("listening", resolve));
    try {
      const url = `http://127.0.0.1:${(srv.address() as AddressInfo).port}/media/clips/x.mp4`;
      // Headers may or may not have been flushed first, so either step may fail;
      // what matters is that the client never sees a complete-looking response.
      await expect(fetch(url).then((res) => res.arrayBuffer())).rejects.toThrow();
      expect(seen).toHaveLength(1);
    } finally {
      await new Promise((resolve) => srv.close(resolve));
    }
  });

  it("answers 500, not a short body, when a file read whole fails or comes back short", async () => {
    for (const readInto of [
      async () => {
        throw new Error("disk gone");
      },
      async () => 10,
    ]) {
      const seen: unknown[] = [];
      const app = express().use("/media", mediaRouter({ ...storage, readInto }, { onError: (err) => seen.push(err) }));
      const srv = app.listen(0, "127.0.0.1");
      await new Promise((resolve) => srv.once("listening", resolve));
      try {
        const res = await fetch(`http://127.0.0.1:${(srv.address() as AddressInfo).port}/media/clips/x.mp4`, {
          headers: { range: "bytes=0-99" },
        });
        expect(res.status).toBe(500);
        expect(await res.text()).toBe("Storage Error");
        expect(res.headers.get("cache-control")).toBeNull();
        expect(seen).toHaveLength(1);
      } finally {
        await new Promise((resolve) => srv.close(resolve));
      }
    }
  });

  it("answers 500 with a short plain body when storage fails", async () => {
    const seen: unknown[] = [];
    const broken: Storage = {
      ...storage,
      head: async () => {
        throw new Error("secret internal detail at /srv/x");
      },
    };
    const app = express().use("/media", mediaRouter(broken, { onError: (err) => seen.push(err) }));
    const srv = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => srv.once("listening", resolve));
    try {
      const res = await fetch(`http://127.0.0.1:${(srv.address() as AddressInfo).port}/media/a.mp4`);
      expect(res.status).toBe(500);
      const body = await res.text();
      expect(body).toBe("Storage Error");
      expect(res.headers.get("cache-control")).toBeNull();
      expect(seen).toHaveLength(1);
    } finally {
      await new Promise((resolve) => srv.close(resolve));
    }
  });
});
