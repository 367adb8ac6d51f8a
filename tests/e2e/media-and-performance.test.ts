import { request as httpRequest } from "node:http";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseURL, FIRST_VISIT_BUDGET, firstVisitScripts, launchBrowser, newPage } from "./support";

describe("media", () => {
  it("answers Range requests on a clip with 206 and the exact bytes", async () => {
    const full = await fetch(`${baseURL()}/media/clips/clip-01.mp4`);
    expect(full.status).toBe(200);
    expect(full.headers.get("content-type")).toBe("video/mp4");
    expect(full.headers.get("accept-ranges")).toBe("bytes");
    expect(full.headers.get("cache-control")).toBe("public, max-age=3600");
    const bytes = new Uint8Array(await full.arrayBuffer());

    const part = await fetch(`${baseURL()}/media/clips/clip-01.mp4`, { headers: { range: "bytes=100-1123" } });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 100-1123/${bytes.length}`);
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(bytes.slice(100, 1124));

    const beyond = await fetch(`${baseURL()}/media/clips/clip-01.mp4`, { headers: { range: `bytes=${bytes.length + 10}-` } });
    expect(beyond.status).toBe(416);

    const etag = full.headers.get("etag")!;
    const again = await fetch(`${baseURL()}/media/clips/clip-01.mp4`, { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
  });

  it("serves no media to Conscious Mode: its host, or a local visitor who switched to it", async () => {
    const status = (headers: Record<string, string>) =>
      new Promise<number>((resolve, reject) => {
        const url = new URL(baseURL());
        const req = httpRequest({ host: url.hostname, port: url.port, path: "/media/clips/clip-01.mp4", headers }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on("error", reject);
        req.end();
      });
    // calm.test is in CONSCIOUS_HOSTS for the suite's server (global-setup.ts).
    expect(await status({ host: "calm.test" })).toBe(404);
    expect(await status({ host: new URL(baseURL()).host, cookie: "brand_mode=safe" })).toBe(404);
    expect(await status({ host: new URL(baseURL()).host, cookie: "brand_mode=adult" })).toBe(200);
  });

  it("refuses traversal and unknown keys", async () => {
    for (const path of ["/media/%2e%2e/package.json", "/media/clips/..%2f..%2fpackage.json", "/media/clips/none.mp4"]) {
      const response = await fetch(`${baseURL()}${path}`);
      expect([400, 404]).toContain(response.status);
    }
  });
});

describe("home page weight", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it("loads under 137 KB of gzipped JavaScript on first visit", async () => {
    const page = await newPage(browser, { fresh: true });
    // Each script of 1 KB or more goes as the Brotli copy made at build time (ADR 240), its length known in advance,
    // not compressed again per request (which streams it without a Content-Length); a smaller one goes as it is.
    const encodings = new Map<string, string | undefined>();
    page.on("response", async (r) => {
      if (r.request().resourceType() !== "script") return;
      const headers = await r.allHeaders();
      const sent = headers["content-length"] ? headers["content-encoding"] : "streamed";
      encodings.set(new URL(r.url()).pathname, (await r.body()).length < 1024 ? "br" : sent);
    });
    const { bytes, files } = await firstVisitScripts(page, "/");
    expect(files.length).toBeGreaterThan(0);
    await expect.poll(() => encodings.size).toBe(files.length);
    expect([...encodings].filter(([, encoding]) => encoding !== "br")).toEqual([]);
    console.info(`home first-visit JS: ${bytes} B gzipped in ${files.length} files`);
    expect(bytes).toBeLessThan(FIRST_VISIT_BUDGET);
    await page.context().close();
  });

  it("plays a clip: the video element decodes frames", async () => {
    const page = await newPage(browser);
    await page.goto("/");
    const video = page.locator("video").first();
    await video.waitFor({ state: "attached" });
    await page.waitForFunction(() => (document.querySelector("video")?.readyState ?? 0) >= 2, null, { timeout: 15_000 });
    const duration = await video.evaluate((v: HTMLVideoElement) => v.duration);
    expect(duration).toBeGreaterThan(1);
    await page.context().close();
  });
});
