import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createLocalStorage, createS3Storage, RangeNotSatisfiableError, type Storage } from "~/lib/storage/index.server";
import { startS3rver } from "../support/s3rver";

const bytes = (n: number) => Buffer.from(Array.from({ length: n }, (_, i) => i % 251));

async function readAll(body: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of body) chunks.push(Buffer.from(c as Uint8Array));
  return Buffer.concat(chunks);
}

/** The same behaviour is required of every driver. */
function storageContract(name: string, setup: () => Promise<{ storage: Storage; teardown: () => Promise<void> }>) {
  describe(`storage contract: ${name}`, () => {
    let storage: Storage;
    let teardown: () => Promise<void>;
    beforeAll(async () => ({ storage, teardown } = await setup()));
    afterAll(() => teardown?.());

    const data = bytes(1000);

    it("puts a Buffer and reads it back with metadata", async () => {
      await storage.put("clips/a.mp4", data);
      const info = await storage.head("clips/a.mp4");
      expect(info).toMatchObject({ size: 1000, contentType: "video/mp4" });
      expect(info!.etag).toMatch(/^"[^"]+"$/);
      expect(info!.lastModified).toBeInstanceOf(Date);
      expect(Number.isNaN(info!.lastModified.getTime())).toBe(false);

      const obj = await storage.get("clips/a.mp4");
      expect(obj).not.toBeNull();
      expect(obj!.size).toBe(1000);
      expect(obj!.etag).toBe(info!.etag);
      expect(await readAll(obj!.body)).toEqual(data);
    });

    it("puts a stream", async () => {
      const chunks = [bytes(300), bytes(200), Buffer.from("tail")];
      await storage.put("nested/deep/dir/s.webm", Readable.from(chunks));
      const obj = await storage.get("nested/deep/dir/s.webm");
      expect(obj!.size).toBe(504);
      expect(obj!.contentType).toBe("video/webm");
      expect(await readAll(obj!.body)).toEqual(Buffer.concat(chunks));
    });

    it("overwrites an existing key", async () => {
      await storage.put("over.json", Buffer.from('{"v":1}'));
      await storage.put("over.json", Buffer.from('{"v":22}'));
      const obj = await storage.get("over.json");
      expect(obj!.size).toBe(8);
      expect(await text(obj!.body)).toBe('{"v":22}');
    });

    it("reads byte ranges, end inclusive and clamped", async () => {
      const first = await storage.get("clips/a.mp4", { start: 0, end: 99 });
      expect(first!.size).toBe(1000);
      expect(first!.range).toEqual({ start: 0, end: 99 });
      expect(await readAll(first!.body)).toEqual(data.subarray(0, 100));

      const middle = await storage.get("clips/a.mp4", { start: 500, end: 500 });
      expect(await readAll(middle!.body)).toEqual(data.subarray(500, 501));

      const tail = await storage.get("clips/a.mp4", { start: 900, end: 5000 });
      expect(tail!.range).toEqual({ start: 900, end: 999 });
      expect(await readAll(tail!.body)).toEqual(data.subarray(900));

      const open = await storage.get("clips/a.mp4", { start: 990, end: Infinity });
      expect(await readAll(open!.body)).toEqual(data.subarray(990));
    });

    it("refuses a range starting past the end", async () => {
      await expect(storage.get("clips/a.mp4", { start: 1000, end: 1100 })).rejects.toBeInstanceOf(RangeNotSatisfiableError);
    });

    it("reports missing keys as null / false", async () => {
      expect(await storage.head("nope/missing.mp4")).toBeNull();
      expect(await storage.get("nope/missing.mp4")).toBeNull();
      expect(await storage.get("nope/missing.mp4", { start: 0, end: 1 })).toBeNull();
      expect(await storage.exists("nope/missing.mp4")).toBe(false);
      // A "directory" is not an object.
      expect(await storage.head("clips")).toBeNull();
      expect(await storage.get("clips")).toBeNull();
    });

    it("deletes, and deleting a missing key is fine", async () => {
      await storage.put("gone.png", Buffer.from("png"));
      expect(await storage.exists("gone.png")).toBe(true);
      await storage.delete("gone.png");
      expect(await storage.exists("gone.png")).toBe(false);
      expect(await storage.get("gone.png")).toBeNull();
      await expect(storage.delete("gone.png")).resolves.toBeUndefined();
    });

    it("stores quarantine keys (serving them is the route's business)", async () => {
      await storage.put("quarantine/up.mp4", bytes(10));
      expect(await storage.exists("quarantine/up.mp4")).toBe(true);
    });

    it("refuses invalid keys before touching the backend", async () => {
      for (const key of ["../escape.mp4", "a/../../b", "/abs", "a//b", "a\\b", "%2e%2e/x", ""]) {
        await expect(storage.put(key, Buffer.from("x"))).rejects.toThrow(/invalid media key/);
        await expect(storage.head(key)).rejects.toThrow(/invalid media key/);
        await expect(storage.get(key)).rejects.toThrow(/invalid media key/);
        await expect(storage.delete(key)).rejects.toThrow(/invalid media key/);
      }
    });
  });
}

async function tempDir(prefix: string): Promise<{ dir: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

storageContract("local", async () => {
  const { dir, remove } = await tempDir("media-local-");
  return { storage: createLocalStorage(dir), teardown: remove };
});

const s3Config = (endpoint: string, accessKeyId = "S3RVER") => ({
  endpoint,
  bucket: "media",
  region: "us-east-1",
  accessKeyId,
  secretAccessKey: "S3RVER",
  forcePathStyle: true,
});

storageContract("s3 (s3rver)", async () => {
  const { endpoint, stop } = await startS3rver();
  return { storage: createS3Storage(s3Config(endpoint)), teardown: stop };
});

describe("s3 driver specifics", () => {
  // s3rver parses SigV4 headers but does not verify the signature itself, so
  // an unknown access key is the strongest auth failure it can show us.
  it("sends credentials: an unknown access key is refused", async () => {
    const { endpoint, stop } = await startS3rver();
    try {
      const bad = createS3Storage(s3Config(endpoint, "NOT-A-KEY"));
      await expect(bad.put("x.mp4", Buffer.from("x"))).rejects.toThrow(/403/);
      await expect(bad.head("x.mp4")).rejects.toThrow(/403/);
    } finally {
      await stop();
    }
  });

  describe("URL style", () => {
    afterEach(() => vi.unstubAllGlobals());

    async function urlOf(forcePathStyle: boolean): Promise<string> {
      const seen: string[] = [];
      vi.stubGlobal("fetch", async (req: Request) => {
        seen.push(req.url);
        return new Response(null, { status: 404 });
      });
      const storage = createS3Storage({ ...s3Config("https://s3.example.com"), forcePathStyle });
      await storage.head("clips/a.mp4");
      return seen[0]!;
    }

    it("path-style puts the bucket in the path", async () => {
      expect(await urlOf(true)).toBe("https://s3.example.com/media/clips/a.mp4");
    });

    it("virtual-hosted puts the bucket in the host", async () => {
      expect(await urlOf(false)).toBe("https://media.s3.example.com/clips/a.mp4");
    });
  });
});

describe("local driver specifics", () => {
  it("leaves no temp files behind and never escapes its root", async () => {
    const { dir, remove } = await tempDir("media-local-x-");
    try {
      const storage = createLocalStorage(dir);
      await storage.put("a/b.mp4", Readable.from([bytes(64)]));
      expect(await readdir(path.join(dir, "a"))).toEqual(["b.mp4"]);

      // A failing source stream must not leave a partial object or temp file.
      const broken = new Readable({
        read() {
          this.push(bytes(10));
          this.destroy(new Error("boom"));
        },
      });
      await expect(storage.put("a/broken.mp4", broken)).rejects.toThrow("boom");
      expect(await readdir(path.join(dir, "a"))).toEqual(["b.mp4"]);

      // A source that fails before the temp file is even open: the file the open creates afterwards is removed too.
      const failing = () =>
        new Readable({
          read() {
            this.push(bytes(10));
            this.destroy(new Error("gone"));
          },
        });
      const puts = await Promise.allSettled(Array.from({ length: 200 }, (_, i) => storage.put(`a/early-${i}.mp4`, failing())));
      expect(puts.map((put) => put.status === "rejected" && String(put.reason))).toEqual(puts.map(() => "Error: gone"));
      expect(await readdir(path.join(dir, "a"))).toEqual(["b.mp4"]);
    } finally {
      await remove();
    }
  });
});
