import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { requestLimits } from "~schema";
import type { DatabaseHandle } from "~/lib/db.server";
import { parseEnv } from "~/lib/env.server";
import { startTestApp, type TestApp } from "../support/app";
import { createTestDatabase, testEngine } from "../support/database";

// Per-address sign-in limit of 2 in this file: the third link from one client address is refused.
const LIMIT = 2;
let counter = 0;

describe(`the client address behind proxies on ${testEngine()}`, () => {
  let handle: DatabaseHandle;
  let app: TestApp | undefined;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterEach(async () => {
    // Each case starts with empty buckets: the socket address is 127.0.0.1 in all of them.
    await handle.db.delete(requestLimits);
    await app?.close();
    app = undefined;
  });
  afterAll(() => handle?.close());

  /** TRUST_PROXY as an operator writes it, parsed the way the server parses it. */
  const start = async (trustProxy: string) => {
    const { TRUST_PROXY } = parseEnv({ TRUST_PROXY: trustProxy });
    app = await startTestApp(handle, { env: { TRUST_PROXY, SIGN_IN_LIMIT_PER_IP: LIMIT } });
    return app;
  };

  /** Statuses of sign-in requests, each for a fresh e-mail address, with the given X-Forwarded-For values. */
  async function signIns(running: TestApp, forwardedFor: string[]) {
    const statuses: number[] = [];
    for (const xff of forwardedFor) {
      const res = await fetch(`${running.url}/auth/sign-in`, {
        method: "POST",
        headers: { origin: running.url, "x-forwarded-for": xff, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ email: `proxy-${++counter}-${Date.now()}@example.com` }),
      });
      statuses.push(res.status);
    }
    return statuses;
  }

  it("ignores X-Forwarded-For when TRUST_PROXY is off: one bucket for the socket address", async () => {
    const running = await start("off");
    expect(await signIns(running, ["203.0.113.1", "203.0.113.2", "203.0.113.3"])).toEqual([200, 200, 429]);
  });

  it("ignores X-Forwarded-For when the socket peer is not a listed proxy", async () => {
    const running = await start("10.0.0.0/8");
    expect(await signIns(running, ["203.0.113.11", "203.0.113.12", "203.0.113.13"])).toEqual([200, 200, 429]);
  });

  it("reads X-Forwarded-For when the socket peer is a listed proxy", async () => {
    const running = await start("127.0.0.1, ::1");
    expect(await signIns(running, ["203.0.113.21", "203.0.113.22", "203.0.113.23"])).toEqual([200, 200, 200]);
  });

  it("with a hop count, a client-written left-most address cannot pick the bucket", async () => {
    const running = await start("1");
    // The proxy appends the real client (198.51.100.7); whatever the client wrote before it is ignored.
    const spoofed = ["1.1.1.1, 198.51.100.7", "2.2.2.2, 198.51.100.7", "3.3.3.3, 198.51.100.7"];
    expect(await signIns(running, spoofed)).toEqual([200, 200, 429]);
  });
});
