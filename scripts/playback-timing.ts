// Playback on a throttled network, measured in Chromium (docs/performance.md, "Playback on mobile networks"):
// page open → first frame of the lead clip, Next → playing, and the video bytes each clip shown cost, at a phone's
// and a desktop's viewport.
//
//   node --import tsx scripts/playback-timing.ts http://127.0.0.1:3000 [runs]
//
// The server must have the demo catalogue. Network emulation through the DevTools protocol (latency and throughput
// applied per request by the browser); the CPU is not throttled. Prints one line per network and viewport.
import { chromium, type Page } from "playwright-core";

const NETWORKS = {
  "Fast 4G": { latency: 170, downloadKbps: 9_000, uploadKbps: 1_500 },
  "Slow 4G": { latency: 150, downloadKbps: 1_600, uploadKbps: 750 },
} as const;
const VIEWPORTS = {
  "390×844 (×3)": { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true },
  "1440×900": { viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1, isMobile: false, hasTouch: false },
} as const;
const PRESSES = 6;
/** A visitor looks at each clip this long before Next. */
const WATCH_MS = 3_000;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor((sorted.length - 1) / 2)]! : NaN;
};

async function measure(
  base: string,
  network: (typeof NETWORKS)[keyof typeof NETWORKS],
  device: (typeof VIEWPORTS)[keyof typeof VIEWPORTS],
) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--autoplay-policy=no-user-gesture-required"],
  });
  const context = await browser.newContext({ baseURL: base, ...device });
  await context.addCookies([{ name: "age_verified", value: "true", url: base }]);
  // Every video event the measure needs, timed from the navigation's start.
  await context.addInitScript(() => {
    const marks: { type: string; at: number; src: string }[] = [];
    Object.assign(window, { __marks: marks });
    for (const type of ["loadeddata", "playing"])
      document.addEventListener(
        type,
        (e) => marks.push({ type, at: performance.now(), src: (e.target as HTMLVideoElement).currentSrc }),
        true,
      );
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: network.latency,
    downloadThroughput: (network.downloadKbps * 1000) / 8,
    uploadThroughput: (network.uploadKbps * 1000) / 8,
  });
  const urls = new Map<string, string>();
  let videoBytes = 0;
  cdp.on("Network.requestWillBeSent", (e) => urls.set(e.requestId, e.request.url));
  cdp.on("Network.dataReceived", (e) => {
    if (/\/media\/clips\/.*\.mp4/.test(urls.get(e.requestId) ?? "")) videoBytes += e.encodedDataLength || e.dataLength;
  });

  await page.goto("/", { waitUntil: "commit" });
  const firstFrame = await page.waitForFunction(
    () => (window as unknown as { __marks: { type: string; at: number }[] }).__marks.find((m) => m.type === "loadeddata")?.at,
    null,
    { timeout: 60_000 },
  );
  const firstFrameMs = (await firstFrame.jsonValue()) as number;
  const leadSrc = await page.evaluate(() => (window as unknown as { __marks: { src: string }[] }).__marks[0]!.src);
  await page.waitForSelector("html[data-hydrated]", { timeout: 60_000 });
  await page.waitForTimeout(WATCH_MS);

  const next: number[] = [];
  const sources = new Set([new URL(leadSrc).pathname]);
  for (let press = 0; press < PRESSES; press++) {
    const pressed = await page.evaluate(() => performance.now());
    await page.keyboard.press("ArrowDown");
    const playing = await page
      .waitForFunction(
        (after) =>
          (window as unknown as { __marks: { type: string; at: number }[] }).__marks.find((m) => m.type === "playing" && m.at > after)?.at,
        pressed,
        { timeout: 30_000 },
      )
      .then((handle) => handle.jsonValue() as Promise<number>)
      .catch(() => Number.NaN);
    next.push(playing - pressed);
    sources.add(await currentSource(page));
    await page.waitForTimeout(WATCH_MS);
  }
  await browser.close();
  return {
    firstFrameMs,
    nextMedianMs: median(next.filter(Number.isFinite)),
    kbPerClip: videoBytes / 1024 / (PRESSES + 1),
    sources: [...sources],
  };
}

const currentSource = (page: Page) =>
  page.evaluate(
    () => new URL(document.querySelector<HTMLVideoElement>("[data-video-box] > div > div:not([inert]) video")!.currentSrc).pathname,
  );

const base = process.argv[2] ?? "http://127.0.0.1:3000";
const runs = Number(process.argv[3] ?? 3);
for (const [networkName, network] of Object.entries(NETWORKS)) {
  for (const [viewportName, device] of Object.entries(VIEWPORTS)) {
    const results = [];
    for (let run = 0; run < runs; run++) results.push(await measure(base, network, device));
    const rungs = [
      ...new Set(results.flatMap((r) => r.sources.map((s) => (/\/\d+p\.mp4$/.test(s) ? s.replace(/.*\//, "") : "published")))),
    ];
    console.log(
      `${networkName.padEnd(8)} ${viewportName.padEnd(13)} first frame ${median(results.map((r) => r.firstFrameMs)).toFixed(0)} ms · ` +
        `Next → playing ${median(results.map((r) => r.nextMedianMs)).toFixed(0)} ms · ` +
        `${median(results.map((r) => r.kbPerClip)).toFixed(0)} KB of video per clip shown · rungs ${rungs.join(", ")} (median of ${runs})`,
    );
  }
}
