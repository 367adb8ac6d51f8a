import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requestLimits } from "~schema";
import type { DatabaseHandle } from "~/lib/db.server";
import * as submitRoute from "~/routes/submit";
import { columnsHolding } from "../support/column-scan";
import { createTestDatabase, testEngine } from "../support/database";
import { routeArgs } from "../support/route-args";
import { createTestServices } from "../support/services";
import { SAMPLE_MP4, SUBMIT_FIELDS as FIELDS } from "../support/submissions";

// ADR 094: every stored key derived from a client address is keyed with the server secret. A plain SHA-256 of an
// address is reversible by hashing every IPv4 address, so no table may hold one.

const ADDRESS = "198.51.100.77";
/** The ways a key of this address could be spelled before hashing: bare, and under each limit's purpose. */
const PURPOSES = ["", "upload-bytes:ip:", "form:submit:ip:", "sign-in:ip:", "flame:ip:", "flame:new-id:ip:"];
const plainHashes = PURPOSES.flatMap((purpose) => {
  const digest = createHash("sha256").update(`${purpose}${ADDRESS}`).digest();
  return [digest.toString("hex"), digest.toString("base64url"), digest.toString("base64")];
});

describe(`no plain hash of a client address is stored, on ${testEngine()}`, () => {
  let handle: DatabaseHandle;
  let services: ReturnType<typeof createTestServices>["services"];
  beforeAll(async () => {
    handle = await createTestDatabase();
    services = createTestServices(handle).services;
  });
  afterAll(() => handle?.close());

  it("keeps an upload's count against its address under a keyed hash only", async () => {
    const form = new FormData();
    for (const [k, v] of Object.entries(FIELDS)) form.append(k, v);
    form.append("upload", new File([SAMPLE_MP4 as Uint8Array<ArrayBuffer>], "clip.mp4", { type: "video/mp4" }));
    form.append("_js", "1");
    const result = (await submitRoute.action(routeArgs(services, "/submit", { body: form, clientIp: ADDRESS }))) as unknown as {
      data: { ok: boolean };
    };
    expect(result.data.ok).toBe(true);
    // The scan sees the rows it checks: the form's and the upload's counts are there, keyed.
    expect(await handle.db.$count(requestLimits)).toBeGreaterThanOrEqual(2);
    expect(await columnsHolding(handle, plainHashes)).toEqual([]);
    expect(await columnsHolding(handle, [ADDRESS])).toEqual([]);
  });

  it("removes the plain-hash rows an older version wrote, keeping keyed ones", async () => {
    const legacy = createHash("sha256").update(`upload-bytes:ip:${ADDRESS}`).digest("hex");
    await handle.db.insert(requestLimits).values({ key: legacy, count: 1000, windowStartedAt: Date.now() });
    const keyed = await handle.db.$count(requestLimits);
    await handle.db.execute(sql.raw(readFileSync(new URL("../../db/migrations/0030_upload_keys_keyed.sql", import.meta.url), "utf8")));
    expect(await handle.db.$count(requestLimits, eq(requestLimits.key, legacy))).toBe(0);
    expect(await handle.db.$count(requestLimits)).toBe(keyed - 1);
  });
});
