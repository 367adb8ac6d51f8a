import { mkdtempSync } from "node:fs";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLI_ACTOR } from "~/features/moderation/audit.server";
import { setClipHidden } from "~/features/moderation/clips-visibility.server";
import type { DatabaseHandle } from "~/lib/db.server";
import { documentedOffloadConfig, findNginx, startNginx, type Nginx } from "../../scripts/support/nginx";
import { makeClips } from "../support/catalog";
import { rawRequest } from "../support/raw-request";
import { startTestApp, type TestApp } from "../support/app";
import { createTestDatabase, testEngine } from "../support/database";

// A hidden clip's video and every file made from it stop being served on the next request, whether Node sends the
// bytes or nginx does after the app's X-Accel-Redirect (ADR 156, ADR 220). The whole app answers, and nginx runs the
// very configuration docs/deployment.md gives (scripts/support/nginx.ts reads it from there).

const NGINX = findNginx();
// CI prepares nginx (.ci/run): there a missing nginx is a failure, not a skipped test.
const NGINX_REQUIRED = Boolean(process.env.CI);
const CONSCIOUS_HOST = "conscious.test";

const video = Buffer.from(Array.from({ length: 300_000 }, (_, i) => (i * 7) % 256));
const rendition = Buffer.from(Array.from({ length: 120_000 }, (_, i) => (i * 13) % 256));
const storyboard = Buffer.from(Array.from({ length: 40_000 }, (_, i) => (i * 3) % 256));
const index = Buffer.from(
  `WEBVTT\n\n${Array.from({ length: 20 }, (_, i) => `00:00:0${i % 10}.000 --> 00:00:0${(i % 10) + 1}.000\nstoryboard.jpg#xywh=${i * 90},0,90,160`).join("\n\n")}\n`,
);
const captions = Buffer.from(
  `WEBVTT\n\n${Array.from({ length: 20 }, (_, i) => `00:00:0${i % 10}.000 --> 00:00:0${(i % 10) + 1}.000\nLine ${i}`).join("\n\n")}\n`,
);
const files: Record<string, { body: Buffer; type: string }> = {
  "clips/offload.mp4": { body: video, type: "video/mp4" },
  "clips/offload/360p.mp4": { body: rendition, type: "video/mp4" },
  "clips/offload/storyboard.jpg": { body: storyboard, type: "image/jpeg" },
  "clips/offload/storyboard.vtt": { body: index, type: "text/vtt" },
  "clips/offload/captions/en.vtt": { body: captions, type: "text/vtt" },
};
const keys = Object.keys(files);

describe(`media offload on ${testEngine()}`, () => {
  let handle: DatabaseHandle;
  const work = mkdtempSync(path.join(tmpdir(), "media-offload-"));
  // The app alone (Node sends the bytes) and the app in offload mode, over one database and one media folder.
  let node: TestApp;
  let accel: TestApp;
  let nginx: Nginx | null = null;
  let clipId: string;

  beforeAll(async () => {
    handle = await createTestDatabase();
    const [clip] = await makeClips(handle.db, 1, { videoKey: "clips/offload.mp4" });
    clipId = clip!.id;
    accel = await startTestApp(handle, { env: { MEDIA_ACCEL_REDIRECT: "/_media/", CONSCIOUS_HOSTS: [CONSCIOUS_HOST] } });
    const storage = accel.env.services.storage;
    for (const [key, file] of Object.entries(files)) await storage.put(key, file.body);
    const mediaDir = path.join(accel.env.services.env.DATA_DIR, "media");
    node = await startTestApp(handle, { env: { DATA_DIR: accel.env.services.env.DATA_DIR, CONSCIOUS_HOSTS: [CONSCIOUS_HOST] } });
    if (NGINX) nginx = await startNginx(work, (port) => documentedOffloadConfig({ app: new URL(accel.url).host, port, mediaDir }));
  });

  afterAll(async () => {
    await nginx?.stop();
    await node?.close();
    await accel?.close();
    await handle?.close();
    await rm(work, { recursive: true, force: true });
  });

  const range = (base: string, key: string) => fetch(`${base}/media/${key}`, { headers: { range: "bytes=100-199" } });

  async function expectServed(base: string) {
    for (const key of keys) {
      const res = await range(base, key);
      expect(res.status, key).toBe(206);
      expect(res.headers.get("content-range"), key).toBe(`bytes 100-199/${files[key]!.body.length}`);
      expect(res.headers.get("content-type")?.split(";")[0], key).toBe(files[key]!.type);
      expect(res.headers.get("cache-control"), key).toBe("public, max-age=3600");
      expect(res.headers.get("x-content-type-options"), key).toBe("nosniff");
      expect(res.headers.get("etag"), key).toBeTruthy();
      expect(res.headers.get("x-accel-redirect"), key).toBeNull();
      const body = Buffer.from(await res.arrayBuffer());
      expect(body.equals(files[key]!.body.subarray(100, 200)), key).toBe(true);
    }
  }

  async function expectWithheld(base: string, headers: Record<string, string> = {}) {
    for (const key of keys) {
      // rawRequest: fetch will not send a Host of our choosing, and Conscious Mode is chosen by the host.
      const res = await rawRequest(`${base}/media/${key}`, { headers: { range: "bytes=100-199", ...headers } });
      expect(res.status, key).toBe(404);
      expect(res.headers["x-accel-redirect"], key).toBeUndefined();
      expect(res.body.length, key).toBeLessThan(100);
    }
  }

  async function hideThenShow(base: string) {
    await expectServed(base);
    expect((await setClipHidden(handle.db, CLI_ACTOR, clipId, true)).ok).toBe(true);
    await expectWithheld(base);
    expect((await setClipHidden(handle.db, CLI_ACTOR, clipId, false)).ok).toBe(true);
    await expectServed(base);
  }

  it("the app alone: hiding the clip withholds its video, renditions, storyboard and captions on the next request", async () => {
    await hideThenShow(node.url);
    await expectWithheld(node.url, { host: CONSCIOUS_HOST });
  });

  it("offload mode: the app answers only with X-Accel-Redirect for what may be seen, nothing for what may not", async () => {
    const res = await fetch(`${accel.url}/media/clips/offload/360p.mp4`, { headers: { range: "bytes=0-9" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-accel-redirect")).toBe("/_media/clips/offload/360p.mp4");
    expect((await res.arrayBuffer()).byteLength).toBe(0);
    expect((await fetch(`${accel.url}/media/quarantine/x.mp4`)).headers.get("x-accel-redirect")).toBeNull();
    expect((await fetch(`${accel.url}/media/clips/..%2f..%2fetc/passwd`)).status).toBe(400);
    await expectWithheld(accel.url, { host: CONSCIOUS_HOST });
  });

  it.skipIf(!NGINX && !NGINX_REQUIRED)(
    "behind nginx with the documented configuration: nginx sends the bytes, and a hidden clip's files answer 404 on the next request",
    async () => {
      expect(nginx, "nginx is not installed (.ci/run installs it)").not.toBeNull();
      const base = nginx!.url;
      await hideThenShow(base);
      // Conscious Mode is decided by the host nginx passes on.
      await expectWithheld(base, { host: CONSCIOUS_HOST });
      // nginx answers conditional requests itself, with the validators it sent.
      const first = await fetch(`${base}/media/clips/offload.mp4`);
      await first.arrayBuffer();
      const again = await fetch(`${base}/media/clips/offload.mp4`, { headers: { "if-none-match": first.headers.get("etag")! } });
      expect(again.status).toBe(304);
      // Outside the app's decision nothing is sent: the internal location, quarantine, a missing file, traversal.
      expect((await fetch(`${base}/_media/clips/offload.mp4`)).status).toBe(404);
      expect((await fetch(`${base}/media/quarantine/x.mp4`)).status).toBe(404);
      expect((await fetch(`${base}/media/clips/missing.mp4`)).status).toBe(404);
      expect((await fetch(`${base}/media/clips/..%2f..%2fetc/passwd`)).status).toBe(400);
    },
  );
});
