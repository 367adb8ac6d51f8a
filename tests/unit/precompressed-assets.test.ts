import compression from "compression";
import express from "express";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { precompressDirectory } from "../../scripts/precompress-assets";
import { acceptsCoding, chooseEncoding, precompressedAssets } from "../../server/precompressed-assets";

// The build's copies are made once (precompressDirectory) and sent as they stand, with the original's type, the
// right Content-Encoding and the same year-long caching; the compression middleware in front does not touch them.

const SCRIPT = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word ${i}`))};\n`;

describe("precompressed assets", () => {
  let dir: string;
  let url: string;
  let close: () => Promise<unknown>;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "precompressed-"));
    writeFileSync(path.join(dir, "app-abc.js"), SCRIPT);
    writeFileSync(path.join(dir, "tiny-abc.js"), "export {};\n");
    writeFileSync(path.join(dir, "picture-abc.png"), Buffer.alloc(4096, 7));
    expect(await precompressDirectory(dir)).toBe(1);
    const app = express();
    app.use(compression());
    app.use("/assets", precompressedAssets(dir), express.static(dir, { immutable: true, maxAge: "1y", index: false }));
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => new Promise((resolve) => server.close(resolve));
  });
  afterAll(async () => {
    await close?.();
    rmSync(dir, { recursive: true, force: true });
  });

  it("writes Brotli and gzip copies of compressible files only, and only where they are smaller", () => {
    expect(readdirSync(dir).sort()).toEqual(["app-abc.js", "app-abc.js.br", "app-abc.js.gz", "picture-abc.png", "tiny-abc.js"]);
    expect(brotliDecompressSync(readFileSync(path.join(dir, "app-abc.js.br"))).toString()).toBe(SCRIPT);
    expect(gunzipSync(readFileSync(path.join(dir, "app-abc.js.gz"))).toString()).toBe(SCRIPT);
  });

  const get = (name: string, accept?: string, method = "GET") =>
    // Node's fetch would decode the body itself: the raw bytes are read with `accept-encoding` sent as given.
    import("node:http").then(
      ({ request }) =>
        new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
          const req = request(
            `${url}/assets/${name}`,
            { method, headers: accept === undefined ? {} : { "accept-encoding": accept } },
            (res) => {
              const chunks: Buffer[] = [];
              res.on("data", (chunk: Buffer) => chunks.push(chunk));
              res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
            },
          );
          req.on("error", reject);
          req.end();
        }),
    );

  it("sends the Brotli copy to a browser that accepts it, typed and cached as the original", async () => {
    const reply = await get("app-abc.js", "gzip, deflate, br, zstd");
    expect(reply.status).toBe(200);
    expect(reply.headers["content-encoding"]).toBe("br");
    expect(reply.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(reply.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(reply.headers.vary).toMatch(/Accept-Encoding/i);
    expect(Number(reply.headers["content-length"])).toBe(readFileSync(path.join(dir, "app-abc.js.br")).length);
    expect(brotliDecompressSync(reply.body).toString()).toBe(SCRIPT);
  });

  it("sends gzip where Brotli is not accepted, and the file itself where nothing is", async () => {
    const gzip = await get("app-abc.js", "gzip, br;q=0");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.body).toString()).toBe(SCRIPT);
    const plain = await get("app-abc.js");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(SCRIPT);
    expect(plain.headers.vary).toMatch(/Accept-Encoding/i);
  });

  it("answers HEAD with the copy's headers, and leaves files without copies to the static handler", async () => {
    const head = await get("app-abc.js", "br", "HEAD");
    expect(head.headers["content-encoding"]).toBe("br");
    expect(head.body.length).toBe(0);
    const tiny = await get("tiny-abc.js", "br");
    expect(tiny.headers["content-encoding"]).toBeUndefined();
    expect(tiny.body.toString()).toBe("export {};\n");
    expect((await get("missing-abc.js", "br")).status).toBe(404);
  });

  it("reads q-values: a refused coding is never chosen, and * stands for codings not named", () => {
    expect(acceptsCoding("gzip;q=0.5, br", "br")).toBe(1);
    expect(acceptsCoding("gzip;q=0.5, br", "gzip")).toBe(0.5);
    expect(acceptsCoding("*;q=0.3", "br")).toBe(0.3);
    expect(acceptsCoding("identity", "br")).toBe(0);
    const both = new Set(["br", "gzip"] as const);
    expect(chooseEncoding("gzip;q=1, br;q=0.5", both)).toBe("gzip");
    expect(chooseEncoding("br;q=0, gzip;q=0", both)).toBeNull();
    expect(chooseEncoding("br", new Set(["gzip"] as const))).toBeNull();
    expect(chooseEncoding(undefined, both)).toBeNull();
  });
});
