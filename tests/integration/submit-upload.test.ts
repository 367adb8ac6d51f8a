import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { contentSubmissions } from "~schema";
import { IMAGE_MAX_BYTES, VIDEO_MAX_BYTES } from "~/features/forms/upload-rules";
import type { DatabaseHandle } from "~/lib/db.server";
import * as submitRoute from "~/routes/submit";
import { testEngine } from "../support/database";
import { messages } from "../support/messages";
import { routeArgs } from "../support/route-args";
import { type TestServices, withTestServices } from "../support/services";
import { SAMPLE_MP4, SUBMIT_FIELDS as FIELDS, quarantinedUploads, submissionCount } from "../support/submissions";

const PNG_HEAD = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);

type ActionResult = {
  data: { ok: boolean; errors?: Record<string, string>; values?: Record<string, string> };
  init: { status?: number } | null;
};

describe(`submit-form uploads on ${testEngine()}`, () => {
  let handle: DatabaseHandle;
  let env: TestServices;
  withTestServices((made) => ({ handle, env } = made));

  const quarantined = () => quarantinedUploads(env.services.env.DATA_DIR);
  const submissions = () => submissionCount(handle.db);

  /** Posts the form as the browser does: multipart, the file last unless told otherwise. */
  async function submit(
    file: { bytes: Uint8Array; name: string; type: string } | null,
    fields: Record<string, string> = FIELDS,
    fileFirst = false,
    services = env.services,
  ) {
    const form = new FormData();
    const blob = file
      ? new File([file.bytes as Uint8Array<ArrayBuffer>], file.name, { type: file.type })
      : new File([], "", { type: "application/octet-stream" });
    if (fileFirst) form.append("upload", blob);
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    if (!fileFirst) form.append("upload", blob);
    form.append("_js", "1");
    // A fresh address per post keeps the per-IP form limit out of the way.
    return (await submitRoute.action(routeArgs(services, "/submit", { body: form, clientIp: randomUUID() }))) as unknown as ActionResult;
  }

  it("keeps a real MP4 in quarantine, byte for byte, and records what its bytes are", async () => {
    const result = await submit({ bytes: SAMPLE_MP4, name: "my <clip>.mp4", type: "video/mp4" });
    expect(result.data).toEqual({ ok: true });
    const [row] = await handle.db.select().from(contentSubmissions).where(eq(contentSubmissions.uploadBytes, SAMPLE_MP4.length));
    expect(row).toMatchObject({
      uploadKind: "video",
      uploadType: "video/mp4",
      uploadName: "my clip.mp4",
      creatorName: "Test Pattern Studio",
    });
    expect(row!.uploadKey).toMatch(/^quarantine\/submissions\/[0-9a-f-]{36}\.mp4$/);
    const stored = await env.services.storage.get(row!.uploadKey!);
    const chunks: Buffer[] = [];
    for await (const chunk of stored!.body) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(SAMPLE_MP4)).toBe(true);
  });

  it("judges the type by content: a PNG sent as a 'video' is stored as an image", async () => {
    const png = Buffer.concat([PNG_HEAD, Buffer.alloc(2048, 7)]);
    const result = await submit({ bytes: png, name: "cover.mp4", type: "video/mp4" });
    expect(result.data.ok).toBe(true);
    const [row] = await handle.db.select().from(contentSubmissions).where(eq(contentSubmissions.uploadBytes, png.length));
    expect(row).toMatchObject({ uploadKind: "image", uploadType: "image/png" });
    expect(row!.uploadKey).toMatch(/\.png$/);
  });

  it("refuses a file whose bytes are not an accepted type, whatever its name, and keeps nothing", async () => {
    const before = { rows: await submissions(), files: quarantined().length };
    for (const file of [
      { bytes: Buffer.from("#!/bin/sh\necho not a video\n".repeat(20)), name: "clip.mp4", type: "video/mp4" },
      {
        bytes: Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x42, 0x82, 0x88, ...Buffer.from("matroska"), ...Buffer.alloc(80)]),
        name: "film.webm",
        type: "video/webm",
      },
      { bytes: new Uint8Array(0), name: "empty.png", type: "image/png" },
    ]) {
      const result = await submit(file);
      expect(result.init?.status).toBe(400);
      expect(result.data.errors).toEqual(messages("forms", { upload: "errors.uploadType" }));
    }
    expect(await submissions()).toBe(before.rows);
    expect(quarantined()).toHaveLength(before.files);
  });

  it("refuses a video over 50 MB and an image over 5 MB with their own messages, keeping nothing", async () => {
    const before = { rows: await submissions(), files: quarantined().length };
    const bigVideo = Buffer.alloc(VIDEO_MAX_BYTES + 1);
    SAMPLE_MP4.copy(bigVideo, 0, 0, 64);
    const video = await submit({ bytes: bigVideo, name: "long.mp4", type: "video/mp4" });
    expect(video.init?.status).toBe(400);
    expect(video.data.errors).toEqual(messages("forms", { upload: "errors.videoTooLarge" }));

    const bigImage = Buffer.alloc(IMAGE_MAX_BYTES + 1);
    PNG_HEAD.copy(bigImage);
    const image = await submit({ bytes: bigImage, name: "poster.png", type: "image/png" });
    expect(image.data.errors).toEqual(messages("forms", { upload: "errors.imageTooLarge" }));

    // Exactly at the limit is fine.
    const atLimit = Buffer.alloc(IMAGE_MAX_BYTES);
    PNG_HEAD.copy(atLimit);
    expect((await submit({ bytes: atLimit, name: "ok.png", type: "image/png" })).data.ok).toBe(true);

    expect(await submissions()).toBe(before.rows + 1);
    expect(quarantined()).toHaveLength(before.files + 1);
  });

  it("refuses cleanly even when storage is slow to start reading", async () => {
    const { storage } = env.services;
    const slow = {
      ...storage,
      put: async (...args: Parameters<typeof storage.put>) => (await new Promise((r) => setTimeout(r, 200)), storage.put(...args)),
    };
    const before = quarantined().length;
    const big = Buffer.alloc(IMAGE_MAX_BYTES + 1);
    PNG_HEAD.copy(big);
    const result = await submit({ bytes: big, name: "slow.png", type: "image/png" }, FIELDS, false, { ...env.services, storage: slow });
    expect(result.data.errors).toEqual(messages("forms", { upload: "errors.imageTooLarge" }));
    expect(quarantined()).toHaveLength(before);
  });

  it("still reads the fields after a refused file, and reports both kinds of error together", async () => {
    const result = await submit(
      { bytes: Buffer.from("plain text, not media".repeat(10)), name: "a.png", type: "image/png" },
      { ...FIELDS, creatorName: "A" },
      true,
    );
    expect(result.data.errors).toEqual(messages("forms", { upload: "errors.uploadType", creatorName: "errors.creatorNameShort" }));
    expect(result.data.values).toMatchObject({ category: "Cosplay", tags: "colour bars, test" });
  });

  it("removes an accepted file again when the rest of the form is invalid", async () => {
    const before = quarantined().length;
    const result = await submit({ bytes: SAMPLE_MP4, name: "fine.mp4", type: "video/mp4" }, { ...FIELDS, salesProfileLink: "not a url" });
    expect(result.data.errors).toEqual(messages("forms", { salesProfileLink: "errors.urlInvalid" }));
    expect(quarantined()).toHaveLength(before);
  });

  it("takes the form without a file, multipart or not", async () => {
    const none = await submit(null);
    expect(none.data.ok).toBe(true);
    const plain = (await submitRoute.action(
      routeArgs(env.services, "/submit", { body: { ...FIELDS, _js: "1" }, clientIp: randomUUID() }),
    )) as unknown as ActionResult;
    expect(plain.data.ok).toBe(true);
    const rows = await handle.db.select().from(contentSubmissions).where(eq(contentSubmissions.creatorName, FIELDS.creatorName));
    expect(rows.filter((r) => r.uploadKey === null).length).toBeGreaterThanOrEqual(2);
  });
});
