import { randomUUID } from "node:crypto";
import * as fs from "node:fs";
import nodeFs from "node:fs";
import { syncBuiltinESMExports } from "node:module";
import path from "node:path";
import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contentSubmissions } from "~schema";
import type { DatabaseHandle } from "~/lib/db.server";
import * as submitRoute from "~/routes/submit";
import { createTestDatabase, testEngine } from "../support/database";
import { message } from "../support/messages";
import { routeArgs } from "../support/route-args";
import { createTestServices } from "../support/services";

// ADR 103: the disk fills during an upload. The local
// storage's real write stream is kept, but while `disk.full` is set it fails
// with ENOSPC — the error Node gives on a full file system — after the first
// 4 KiB have really been written to disk (mounting a small tmpfs needs
// privileges a test run does not have).

const disk = { full: false, failures: 0 };
const ROOM_BYTES = 4096;

// Node's own `fs` object, whose createWriteStream every module's `import { createWriteStream } from "node:fs"` sees
// once syncBuiltinESMExports has run: the integration files share one process (ADR 222), so the storage module may
// have been imported before this file, where a module mock (vi.mock) would no longer reach it.
const realCreateWriteStream = nodeFs.createWriteStream;
const createWriteStream = ((...args: Parameters<typeof realCreateWriteStream>) => {
  const stream = realCreateWriteStream(...args);
  if (!disk.full) return stream;
  let written = 0;
  const write = stream._write.bind(stream);
  stream._write = (chunk: Buffer, encoding: BufferEncoding, done: (error?: Error | null) => void) => {
    if (written + chunk.length > ROOM_BYTES) {
      disk.failures++;
      return done(Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC", errno: -28, syscall: "write" }));
    }
    written += chunk.length;
    write(chunk, encoding, done);
  };
  // One chunk at a time, so every write goes through the failing _write.
  (stream as { _writev?: unknown })._writev = undefined;
  return stream;
}) as typeof realCreateWriteStream;

const SAMPLE_MP4 = fs.readFileSync(new URL("../../db/seed/media/clip-01.mp4", import.meta.url));

describe(`a full disk during an upload, on ${testEngine()}`, () => {
  let handle: DatabaseHandle;
  let env: ReturnType<typeof createTestServices>;
  let mediaDir: string;
  beforeAll(async () => {
    nodeFs.createWriteStream = createWriteStream;
    syncBuiltinESMExports();
    handle = await createTestDatabase();
    env = createTestServices(handle);
    mediaDir = path.join(env.services.env.DATA_DIR, "media");
  });
  afterAll(async () => {
    nodeFs.createWriteStream = realCreateWriteStream;
    syncBuiltinESMExports();
    await handle?.close();
  });

  /** Every file under the media folder, temp files included. */
  const filesOnDisk = () => {
    try {
      return fs.readdirSync(mediaDir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
    } catch {
      return [];
    }
  };
  const submissionCount = async () => (await handle.db.select({ n: count() }).from(contentSubmissions))[0]!.n;

  async function submit(language: "en" | "es") {
    const form = new FormData();
    form.append("creatorName", "Test Pattern Studio");
    form.append("category", "Cosplay");
    form.append("tags", "colour bars");
    form.append("imageOrVideoLink", "https://example.com/clip");
    form.append("salesProfileLink", "https://fans.example/studio");
    form.append("upload", new File([SAMPLE_MP4], "clip.mp4", { type: "video/mp4" }));
    form.append("_js", "1");
    return (await submitRoute.action(routeArgs(env.services, "/submit", { body: form, clientIp: randomUUID(), language }))) as unknown as {
      data: { ok: boolean; errors?: Record<string, string> };
      init: { status?: number } | null;
    };
  }

  it("answers the translated 'could not be saved' error, stores no record and leaves no partial file", async () => {
    expect(SAMPLE_MP4.length).toBeGreaterThan(ROOM_BYTES * 4);
    const before = await submissionCount();
    disk.full = true;
    try {
      const result = await submit("es");
      expect(disk.failures).toBeGreaterThan(0);
      expect(result.data.ok).toBe(false);
      expect(result.data.errors).toEqual({ upload: message("forms", "errors.uploadFailed", "es") });
      expect(result.init?.status).toBe(400);
    } finally {
      disk.full = false;
    }
    expect(await submissionCount()).toBe(before);
    expect(filesOnDisk().map((entry) => entry.name)).toEqual([]);
    // Both languages have the message the form shows for that key.
    for (const language of ["en", "es"]) {
      const messages = JSON.parse(fs.readFileSync(`app/locales/${language}/forms.json`, "utf8")) as { errors: Record<string, string> };
      expect(messages.errors.uploadFailed).toMatch(/\w/);
    }
  });

  it("stores the same upload whole once there is room again", async () => {
    const before = await submissionCount();
    const result = await submit("en");
    expect(result.data).toEqual({ ok: true });
    expect(await submissionCount()).toBe(before + 1);
    const files = filesOnDisk();
    expect(files).toHaveLength(1);
    expect(files[0]!.name).toMatch(/^[0-9a-f-]{36}\.mp4$/);
    expect(fs.statSync(path.join(files[0]!.parentPath, files[0]!.name)).size).toBe(SAMPLE_MP4.length);
  });
});
