import { randomUUID } from "node:crypto";
import { close as closeFile, createWriteStream, open as openFile, read as readFile, type Stats } from "node:fs";
import { mkdir, open, rename, rm, stat, unlink } from "node:fs/promises";
import path from "node:path";
import { type Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  assertValidKey,
  assertValidRange,
  clampRange,
  contentTypeFor,
  type ObjectInfo,
  type Storage,
  type StoredObject,
} from "./storage.server";

function isMissing(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException | null)?.code;
  // ENOTDIR: a key like `a.mp4/b` where `a.mp4` is a file. ENAMETOOLONG: a segment longer than the file system
  // allows (255 bytes) names no file either (found by the fuzzer).
  return code === "ENOENT" || code === "ENOTDIR" || code === "ENAMETOOLONG";
}

/** A callback-style fs call as a promise. */
function fsCall<T>(call: (done: (err: NodeJS.ErrnoException | null, value: T) => void) => void): Promise<T> {
  return new Promise((resolve, reject) => call((err, value) => (err ? reject(err) : resolve(value))));
}

function info(key: string, st: Stats): ObjectInfo {
  return {
    size: st.size,
    contentType: contentTypeFor(key),
    etag: `"${st.size.toString(16)}-${Math.floor(st.mtimeMs).toString(16)}"`,
    lastModified: st.mtime,
  };
}

/**
 * Objects are plain files under `rootDir`. The local driver ignores
 * `opts.contentType`: the type always comes from the key's extension.
 */
export function createLocalStorage(rootDir: string): Storage {
  const root = path.resolve(rootDir);

  function fileFor(key: string): string {
    assertValidKey(key);
    const file = path.resolve(root, ...key.split("/"));
    // Key validation already rules out traversal; this is the belt to its braces.
    if (!file.startsWith(root + path.sep)) throw new TypeError(`key escapes storage root: ${key}`);
    return file;
  }

  async function head(key: string): Promise<ObjectInfo | null> {
    try {
      const st = await stat(fileFor(key));
      return st.isFile() ? info(key, st) : null;
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  return {
    driver: "local",

    async put(key, body) {
      const file = fileFor(key);
      await mkdir(path.dirname(file), { recursive: true });
      // `~` cannot appear in a key, so a half-written temp file is unreachable
      // through any URL; rename() then swaps the complete file in atomically.
      const tmp = `${file}~${randomUUID()}.part`;
      // The temp file is opened before a byte is read: a source that fails at once must not leave the open to
      // create the file after the clean-up below has looked for it.
      const handle = await open(tmp, "w");
      try {
        try {
          if (Buffer.isBuffer(body)) await handle.writeFile(body);
          else await pipeline(body, createWriteStream(tmp, { fd: handle }));
        } finally {
          await handle.close().catch(() => {});
        }
        await rename(tmp, file);
      } catch (err) {
        await unlink(tmp).catch(() => {});
        throw err;
      }
    },

    head,

    async get(key, range): Promise<StoredObject | null> {
      const file = fileFor(key);
      let fh;
      try {
        fh = await open(file, "r");
      } catch (err) {
        if (isMissing(err) || (err as NodeJS.ErrnoException).code === "EISDIR") return null;
        throw err;
      }
      try {
        // fstat on the open handle: size/etag describe exactly the bytes we stream,
        // even if the file is replaced meanwhile.
        const st = await fh.stat();
        if (!st.isFile()) {
          await fh.close();
          return null;
        }
        const r = range ? clampRange(key, range, st.size) : undefined;
        // Large reads: a 1 MiB range in two trips to the thread pool rather than sixteen (docs/decisions/033-media-path.md).
        const body: Readable = fh.createReadStream({ ...(r ? { start: r.start, end: r.end } : {}), highWaterMark: 512 * 1024 });
        return { ...info(key, st), body, ...(r ? { range: r } : {}) };
      } catch (err) {
        await fh.close();
        throw err;
      }
    },

    async readInto(key, range, target) {
      assertValidRange(range);
      const length = range.end - range.start + 1;
      if (length > target.length) throw new RangeError(`range ${range.start}-${range.end} does not fit ${target.length} bytes`);
      // The callback API, not fs/promises: no FileHandle object per request (a busy /media spent a tenth of its time
      // making and closing them, docs/performance.md § Media at nginx speed).
      let fd: number;
      try {
        fd = await fsCall<number>((done) => openFile(fileFor(key), "r", done));
      } catch (err) {
        if (isMissing(err) || (err as NodeJS.ErrnoException).code === "EISDIR") return null;
        throw err;
      }
      try {
        let done = 0;
        // One read almost always; a loop because read() may stop short, and a read of 0 means the file ended.
        while (done < length) {
          const at = done;
          const bytesRead = await fsCall<number>((cb) => readFile(fd, target, at, length - at, range.start + at, cb));
          if (bytesRead === 0) break;
          done += bytesRead;
        }
        return done;
      } finally {
        // Not awaited: the answer need not wait for the descriptor to be closed.
        closeFile(fd, () => {});
      }
    },

    async delete(key) {
      await rm(fileFor(key), { force: true });
    },

    async exists(key) {
      return (await head(key)) !== null;
    },
  };
}
