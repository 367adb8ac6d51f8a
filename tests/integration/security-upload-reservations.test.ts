import { eq, gte, isNotNull, sum } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { contentSubmissions, requestLimits, uploadSpace } from "~schema";
import type { DatabaseHandle } from "~/lib/db.server";
import * as submitRoute from "~/routes/submit";
import { createTestDatabase, testEngine } from "../support/database";
import { messages } from "../support/messages";
import { routeArgs } from "../support/route-args";
import { createTestServices } from "../support/services";
import { SAMPLE_MP4, SUBMIT_FIELDS as FIELDS, quarantinedUploads } from "../support/submissions";

// Uploads reserve their bytes while they stream, per address and in total, so uploads running at the same
// moment cannot pass a quota between them (ADR 099, amended by ADR 114).

const KB = 1024;
/** A real MP4 padded to 600 KB: one fits in a 1 MB quota, not two. */
const VIDEO = Buffer.concat([SAMPLE_MP4, Buffer.alloc(600 * KB - SAMPLE_MP4.length)]);

type ActionResult = { data: { ok: boolean; errors?: Record<string, string> }; init: { status?: number } | null };
type Services = ReturnType<typeof createTestServices>["services"];

function submitForm() {
  const form = new FormData();
  for (const [k, v] of Object.entries(FIELDS)) form.append(k, v);
  form.append("upload", new File([VIDEO as Uint8Array<ArrayBuffer>], "clip.mp4", { type: "video/mp4" }));
  form.append("_js", "1");
  return form;
}

describe(`upload reservations on ${testEngine()}`, () => {
  let handle: DatabaseHandle;
  let base: Services;
  beforeAll(async () => {
    handle = await createTestDatabase();
    base = createTestServices(handle).services;
  });
  afterAll(() => handle?.close());

  const withQuotas = (perAddressMb: number, totalMb: number): Services => ({
    ...base,
    env: { ...base.env, UPLOAD_QUOTA_PER_ADDRESS_MB: perAddressMb, UPLOAD_QUOTA_TOTAL_MB: totalMb },
  });
  const quarantined = () => quarantinedUploads(base.env.DATA_DIR);
  const keptBytes = async () =>
    Number(
      (
        await handle.db
          .select({ bytes: sum(contentSubmissions.uploadBytes) })
          .from(contentSubmissions)
          .where(isNotNull(contentSubmissions.uploadKey))
      )[0]?.bytes ?? 0,
    );

  const submit = async (services: Services, clientIp: string) =>
    (await submitRoute.action(routeArgs(services, "/submit", { body: submitForm(), clientIp }))) as unknown as ActionResult;

  /** An upload whose body stops after `heldAt` bytes until `release()`; `reached` settles once the reader wants more. */
  async function heldUpload(services: Services, clientIp: string, heldAt: number) {
    const framed = new Response(submitForm());
    const body = new Uint8Array(await framed.arrayBuffer());
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let reachedHold!: () => void;
    const reached = new Promise<void>((resolve) => (reachedHold = resolve));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (sent >= heldAt && sent < body.length) {
          reachedHold();
          await released;
        }
        if (sent >= body.length) return controller.close();
        const end = sent < heldAt ? Math.min(heldAt, sent + 64 * KB) : Math.min(body.length, sent + 64 * KB);
        controller.enqueue(body.subarray(sent, end));
        sent = end;
      },
    });
    const args = routeArgs(services, "/submit", { clientIp }) as { request: Request };
    const request = new Request(args.request.url, {
      method: "POST",
      headers: { "content-type": framed.headers.get("content-type")! },
      body: stream,
      duplex: "half",
    } as RequestInit);
    const result = submitRoute.action({ ...(args as object), request } as never) as Promise<ActionResult>;
    return { result, reached, release };
  }

  it("counts the bytes of an upload still streaming: a second upload from the address is refused meanwhile", async () => {
    const services = withQuotas(1, 100);
    const first = await heldUpload(services, "203.0.113.10", 400 * KB);
    await first.reached;
    // Let the first upload's bytes be counted somewhere before the second starts (today nothing is counted
    // until an upload ends, and the wait runs out).
    await vi
      .waitFor(async () => expect(await handle.db.$count(requestLimits, gte(requestLimits.count, 64 * KB))).toBe(1), { timeout: 2000 })
      .catch(() => {});
    const second = await submit(services, "203.0.113.10");
    expect(second.init?.status).toBe(400);
    expect(second.data.errors).toEqual(messages("forms", { upload: "errors.uploadQuota" }));
    first.release();
    expect((await first.result).data.ok).toBe(true);
    expect(quarantined()).toHaveLength(1);
  });

  it("accepts at most one of three parallel 600 KB uploads against a 1 MB address quota, keeping nothing of the others", async () => {
    const services = withQuotas(1, 100);
    const before = quarantined().length;
    const results = await Promise.all([1, 2, 3].map(() => submit(services, "203.0.113.20")));
    const accepted = results.filter((r) => r.data.ok);
    expect(accepted.length).toBeLessThanOrEqual(1);
    for (const refused of results.filter((r) => !r.data.ok)) {
      expect(refused.init?.status).toBe(400);
      expect(refused.data.errors).toEqual(messages("forms", { upload: "errors.uploadQuota" }));
    }
    expect(quarantined()).toHaveLength(before + accepted.length);
  });

  it("keeps parallel uploads from different addresses within the total quota", async () => {
    // Total 2 MB; what is already waiting counts, and three more 600 KB files cannot all fit.
    const services = withQuotas(100, 2);
    const waiting = await keptBytes();
    const results = await Promise.all(["203.0.113.31", "203.0.113.32", "203.0.113.33"].map((ip) => submit(services, ip)));
    for (const refused of results.filter((r) => !r.data.ok)) {
      expect(refused.init?.status).toBe(400);
      expect(refused.data.errors).toEqual(messages("forms", { upload: "errors.uploadsFull" }));
    }
    expect(waiting + results.filter((r) => r.data.ok).length * VIDEO.length).toBeLessThanOrEqual(2 * 1024 * KB);
    expect(await keptBytes()).toBeLessThanOrEqual(2 * 1024 * KB);
    expect(quarantined()).toHaveLength(await handle.db.$count(contentSubmissions, isNotNull(contentSubmissions.uploadKey)));
  });

  it("gives back what ended uploads did not keep: the space counts the kept files and nothing streaming", async () => {
    const [space] = await handle.db.select().from(uploadSpace);
    expect(space).toMatchObject({ keptBytes: await keptBytes(), streamingBytes: 0 });
    // The addresses' days hold their kept files' bytes only (the form limits' rows count requests, not bytes).
    const counts = (await handle.db.select({ count: requestLimits.count }).from(requestLimits)).map((r) => r.count);
    const kept = await handle.db.$count(contentSubmissions, isNotNull(contentSubmissions.uploadKey));
    expect(counts.filter((c) => c > 1000).reduce((a, b) => a + b, 0)).toBe(kept * VIDEO.length);
  });

  it("lets a published or rejected file give its space back", async () => {
    const [kept] = await handle.db
      .select({ id: contentSubmissions.id })
      .from(contentSubmissions)
      .where(isNotNull(contentSubmissions.uploadKey))
      .limit(1);
    const before = (await handle.db.select().from(uploadSpace))[0]!.keptBytes;
    await handle.db.update(contentSubmissions).set({ uploadKey: null }).where(eq(contentSubmissions.id, kept!.id));
    expect((await handle.db.select().from(uploadSpace))[0]!.keptBytes).toBe(before - VIDEO.length);
    expect((await handle.db.select().from(uploadSpace))[0]!.keptBytes).toBe(await keptBytes());
  });
});
