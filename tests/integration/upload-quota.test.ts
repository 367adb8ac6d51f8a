import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/lib/db.server";
import * as submitRoute from "~/routes/submit";
import { createTestDatabase, testEngine } from "../support/database";
import { messages } from "../support/messages";
import { routeArgs } from "../support/route-args";
import { createTestServices } from "../support/services";
import { SAMPLE_MP4, SUBMIT_FIELDS as FIELDS, quarantinedUploads, submissionCount } from "../support/submissions";

// ADR 099: anonymous submissions cannot fill the disk.

/** A real MP4 padded to 600 KB: two fit in a 1 MB day, not three. */
const VIDEO = Buffer.concat([SAMPLE_MP4, Buffer.alloc(600 * 1024 - SAMPLE_MP4.length)]);

type ActionResult = { data: { ok: boolean; errors?: Record<string, string> }; init: { status?: number } | null };

describe(`upload quotas on ${testEngine()}`, () => {
  let handle: DatabaseHandle;
  let services: ReturnType<typeof createTestServices>["services"];
  let dataDir: string;
  beforeAll(async () => {
    handle = await createTestDatabase();
    const base = createTestServices(handle).services;
    // 1 MB per address a day; 2 MB waiting in quarantine in total.
    services = { ...base, env: { ...base.env, UPLOAD_QUOTA_PER_ADDRESS_MB: 1, UPLOAD_QUOTA_TOTAL_MB: 2 } };
    dataDir = base.env.DATA_DIR;
  });
  afterAll(() => handle?.close());

  const quarantined = () => quarantinedUploads(dataDir);
  const records = () => submissionCount(handle.db);

  async function submit(clientIp: string, bytes: Buffer = VIDEO) {
    const form = new FormData();
    for (const [k, v] of Object.entries(FIELDS)) form.append(k, v);
    form.append("upload", new File([bytes as Uint8Array<ArrayBuffer>], "clip.mp4", { type: "video/mp4" }));
    form.append("_js", "1");
    return (await submitRoute.action(routeArgs(services, "/submit", { body: form, clientIp }))) as unknown as ActionResult;
  }

  it("refuses an address's upload past its day's quota with a translated 400, keeping nothing of it", async () => {
    expect((await submit("198.51.100.1")).data.ok).toBe(true);
    const refused = await submit("198.51.100.1");
    expect(refused.init?.status).toBe(400);
    expect(refused.data.errors).toEqual(messages("forms", { upload: "errors.uploadQuota" }));
    expect(quarantined()).toHaveLength(1);
    expect(await records()).toBe(1);
    // A form without a file is still taken from that address.
    const form = new FormData();
    for (const [k, v] of Object.entries(FIELDS)) form.append(k, v);
    form.append("_js", "1");
    const plain = (await submitRoute.action(
      routeArgs(services, "/submit", { body: form, clientIp: "198.51.100.1" }),
    )) as unknown as ActionResult;
    expect(plain.data.ok).toBe(true);
  });

  it("refuses every address once the files waiting in quarantine fill the total quota", async () => {
    expect((await submit("198.51.100.2")).data.ok).toBe(true);
    expect((await submit("198.51.100.3")).data.ok).toBe(true); // 1.8 MB waiting, under 2 MB
    const full = await submit("198.51.100.4");
    expect(full.init?.status).toBe(400);
    expect(full.data.errors).toEqual(messages("forms", { upload: "errors.uploadsFull" }));
    expect(quarantined()).toHaveLength(3);
    expect(await records()).toBe(4); // three with files, one without
  });

  it("reads the quotas from the environment", async () => {
    const { parseEnv } = await import("~/lib/env.server");
    const env = parseEnv({ NODE_ENV: "test", UPLOAD_QUOTA_PER_ADDRESS_MB: "50", UPLOAD_QUOTA_TOTAL_MB: "1000" });
    expect([env.UPLOAD_QUOTA_PER_ADDRESS_MB, env.UPLOAD_QUOTA_TOTAL_MB]).toEqual([50, 1000]);
    expect(parseEnv({ NODE_ENV: "test" }).UPLOAD_QUOTA_PER_ADDRESS_MB).toBe(200);
    expect(() => parseEnv({ NODE_ENV: "test", UPLOAD_QUOTA_TOTAL_MB: "none" })).toThrow(/UPLOAD_QUOTA_TOTAL_MB/);
  });
});
