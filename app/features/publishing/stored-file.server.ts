import { createWriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import type { Storage } from "~/lib/storage/storage.server";
import { PublishError } from "./errors";

/**
 * ffmpeg reads local files, while uploads sit in storage (possibly S3, under
 * `quarantine/`): this copies one object to a temporary file for `use` and
 * removes the copy afterwards, whatever happens.
 */
export async function withStoredFile<T>(storage: Storage, key: string, work: (file: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(tmpdir(), "publish-source-"));
  try {
    const object = await storage.get(key);
    if (!object) throw new PublishError("invalid-input", `no stored upload at ${key}`);
    const file = path.join(dir, path.basename(key));
    await pipeline(object.body, createWriteStream(file));
    return await work(file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
