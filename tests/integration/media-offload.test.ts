import { spawn, type ChildProcess } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLI_ACTOR } from "~/features/moderation/audit.server";
import { setClipHidden } from "~/features/moderation/clips-visibility.server";
import type { DatabaseHandle } from "~/lib/db.server";
import { createLocalStorage } from "~/lib/storage/index.server";
import { freePort, waitFor } from "../../scripts/support/server-process";
import { mediaRouter } from "../../server/media";
import { withheldMedia } from "../../server/withheld-media";
import { makeClips } from "../support/catalog";
import { createTestDatabase, testEngine } from "../support/database";

// A hidden clip's video and every file made from it stop being served on the next request, whether Node sends the
// bytes or nginx does after the app's X-Accel-Redirect (ADR 156).

const NGINX = process.env.NGINX_BIN ?? "/usr/sbin/nginx";
const video = Buffer.from(Array.from({ length: 300_000 }, (_, i) => (i * 7) % 256));
const rendition = Buffer.from(Array.from({ length: 120_000 }, (_, i) => (i * 13) % 256));
const index = Buffer.from(
  `WEBVTT\n\n${Array.from({ length: 20 }, (_, i) => `00:00:0${i % 10}.000 --> 00:00:0${(i % 10) + 1}.000\nstoryboard.jpg#xywh=${i * 90},0,90,160`).join("\n\n")}\n`,
);

const captions = Buffer.from(
  `WEBVTT\n\n${Array.from({ length: 20 }, (_, i) => `00:00:0${i % 10}.000 --> 00:00:0${(i % 10) + 1}.000\nLine ${i}`).join("\n\n")}\n`,
);

describe(`media offload on ${testEngine()}`, () => {
  let handle: DatabaseHandle;
  const work = mkdtempSync(path.join(tmpdir(), "media-offload-"));
  const root = path.join(work, "media");
  const storage = createLocalStorage(root);
  const servers: Server[] = [];
  let nginx: ChildProcess | undefined;
  const urls: Record<"node" | "accel" | "nginx", string> = { node: "", accel: "", nginx: "" };
  let clipId: string;

  async function listen(app: express.Express): Promise<string> {
    const server = app.listen(0, "127.0.0.1");
    servers.push(server);
    await new Promise((resolve) => server.once("listening", resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  beforeAll(async () => {
    handle = await createTestDatabase();
    const [clip] = await makeClips(handle.db, 1, { videoKey: "clips/offload.mp4" });
    clipId = clip!.id;
    await storage.put("clips/offload.mp4", video);
    await storage.put("clips/offload/240p.mp4", rendition);
    await storage.put("clips/offload/storyboard.vtt", index);
    await storage.put("clips/offload/captions/en.vtt", captions);
    // nginx's workers run as an unprivileged user: the folder mkdtemp made (0700) must be readable to them.
    chmodSync(work, 0o755);

    const isWithheld = withheldMedia(handle.db);
    const node = express();
    node.use("/media", mediaRouter(storage, { isWithheld }));
    urls.node = await listen(node);
    const accel = express();
    accel.use("/media", mediaRouter(storage, { isWithheld, accelRedirect: "/_media/" }));
    urls.accel = await listen(accel);

    if (existsSync(NGINX)) {
      const prefix = path.join(work, "nginx");
      mkdirSync(path.join(prefix, "logs"), { recursive: true });
      const port = await freePort();
      const conf = path.join(prefix, "nginx.conf");
      // The configuration docs/deployment.md gives, with this test's ports and folder.
      writeFileSync(
        conf,
        `worker_processes 1;
daemon off;
pid ${prefix}/nginx.pid;
error_log ${prefix}/logs/error.log warn;
events { worker_connections 64; }
http {
  access_log off;
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  types { video/mp4 mp4; text/vtt vtt; }
  sendfile on;
  server {
    listen 127.0.0.1:${port};
    location /media/ { proxy_pass ${urls.accel}; }
    location /_media/ { internal; alias ${root}/; }
  }
}
`,
      );
      nginx = spawn(NGINX, ["-p", prefix, "-c", conf], { stdio: ["ignore", "ignore", "inherit"] });
      urls.nginx = `http://127.0.0.1:${port}`;
      await waitFor(async () => (await fetch(`${urls.nginx}/media/`).catch(() => null)) !== null, 10_000, "nginx");
    }
  });

  afterAll(async () => {
    nginx?.kill("SIGTERM");
    await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
    await handle?.close();
    await rm(work, { recursive: true, force: true });
  });

  const files: Record<string, Buffer> = {
    "clips/offload.mp4": video,
    "clips/offload/240p.mp4": rendition,
    "clips/offload/storyboard.vtt": index,
    "clips/offload/captions/en.vtt": captions,
  };
  const keys = Object.keys(files);
  const range = (base: string, key: string) => fetch(`${base}/media/${key}`, { headers: { range: "bytes=100-199" } });

  async function expectServed(base: string) {
    for (const key of keys) {
      const res = await range(base, key);
      expect(res.status, key).toBe(206);
      const body = Buffer.from(await res.arrayBuffer());
      expect(body.equals(files[key]!.subarray(100, 200)), key).toBe(true);
      expect(res.headers.get("cache-control")).toBe("public, max-age=3600");
    }
  }

  async function expectWithheld(base: string) {
    for (const key of keys) expect((await range(base, key)).status, key).toBe(404);
  }

  it("the app alone: hiding the clip withholds its video, renditions, storyboard and captions on the next request", async () => {
    await expectServed(urls.node);
    expect((await setClipHidden(handle.db, CLI_ACTOR, clipId, true)).ok).toBe(true);
    await expectWithheld(urls.node);
    expect((await setClipHidden(handle.db, CLI_ACTOR, clipId, false)).ok).toBe(true);
    await expectServed(urls.node);
  });

  it("offload mode: the app answers only with X-Accel-Redirect for what may be seen, nothing for what may not", async () => {
    const res = await fetch(`${urls.accel}/media/clips/offload/240p.mp4`, { headers: { range: "bytes=0-9" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-accel-redirect")).toBe("/_media/clips/offload/240p.mp4");
    expect((await res.arrayBuffer()).byteLength).toBe(0);
    expect((await fetch(`${urls.accel}/media/quarantine/x.mp4`)).headers.get("x-accel-redirect")).toBeNull();
    expect((await fetch(`${urls.accel}/media/clips/..%2f..%2fetc/passwd`)).status).toBe(400);
  });

  it.skipIf(!existsSync(NGINX))(
    "behind nginx: nginx sends the bytes with Range, and a hidden clip's files answer 404 on the next request",
    async () => {
      await expectServed(urls.nginx);
      expect((await setClipHidden(handle.db, CLI_ACTOR, clipId, true)).ok).toBe(true);
      await expectWithheld(urls.nginx);
      expect((await setClipHidden(handle.db, CLI_ACTOR, clipId, false)).ok).toBe(true);
      await expectServed(urls.nginx);
      // The internal location is not reachable from outside.
      expect((await fetch(`${urls.nginx}/_media/clips/offload.mp4`)).status).toBe(404);
    },
  );
});
