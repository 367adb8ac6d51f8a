// `npm run first-frame`: the home feed on a phone and a desktop under Chromium's network emulation (DevTools
// Network.emulateNetworkConditions, cache off): page open → first frame of the lead clip (its first presented frame,
// requestVideoFrameCallback), Next → playing (the next clip's `playing` event after the button's click), and the media
// bytes fetched per clip and rendition. Median of --runs (default 3); the load average before and after each case.
// Options: --runs N, --no-build (reuse BUILD_DIR), --networks fast4g,slow4g,none. Chromium: CHROMIUM_PATH or
// /usr/bin/chromium. Prints a Markdown table and writes .tmp/first-frame.json.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { chromium, type Browser } from "playwright-core";
import { build, root, startServerProcess } from "./support/server-process";

const { values: args } = parseArgs({
  options: {
    runs: { type: "string", default: "3" },
    "no-build": { type: "boolean", default: false },
    networks: { type: "string", default: "fast4g,slow4g" },
    /** Keep Chromium's HTTP cache (off by default: every run is a first visit; on, a clip's repeated ranges may come from it). */
    cache: { type: "boolean", default: false },
  },
});

/** The profiles: "Fast 4G" 9 Mbit/s down, 170 ms round trip; "Slow 4G" 1.6 Mbit/s, 150 ms. */
const NETWORKS = {
  fast4g: { latency: 170, down: 9e6, up: 1.5e6 },
  slow4g: { latency: 150, down: 1.6e6, up: 0.75e6 },
  none: { latency: 0, down: -1, up: -1 },
} as const;
type NetworkName = keyof typeof NETWORKS;
const DEVICES = {
  phone: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true },
  desktop: { viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1, isMobile: false, hasTouch: false },
} as const;
const NEXT_PRESSES = 3;

const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(" ");
const median = (values: number[]) => {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (!sorted.length) return NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** Which clip and rendition a /media URL is: clips/clip-01.mp4 (the published file) or clips/clip-01/240p.mp4. */
function mediaOf(url: string): { clip: string; rendition: string } | null {
  const match = /\/media\/clips\/([^/?]+?)(?:\.mp4|\/(\d+p)\.mp4)(?:\?|$)/.exec(url);
  return match ? { clip: match[1]!, rendition: match[2] ?? "published" } : null;
}

interface Run {
  firstFrameMs: number;
  nextToPlayingMs: number[];
  /** Bytes per clip (all its renditions), and per clip and rendition, for every clip the run fetched media of. */
  clips: Record<string, Record<string, number>>;
  leadClip: string;
  leadSrc: string;
}

async function measure(browser: Browser, base: string, device: keyof typeof DEVICES, network: NetworkName): Promise<Run> {
  const context = await browser.newContext({ ...DEVICES[device], baseURL: base, locale: "en-US" });
  await context.addCookies([{ name: "age_verified", value: "true", url: base }]);
  await context.addInitScript(() => {
    const w = window as unknown as { __frames: Record<string, number>; __playing: Record<string, number> };
    w.__frames = {};
    w.__playing = {};
    window.localStorage.setItem("age_verified", "true");
    addEventListener(
      "loadeddata",
      (event) => {
        const video = event.target as HTMLVideoElement;
        const id = video.dataset?.clipId;
        if (!id || id in w.__frames) return;
        w.__frames[id] = NaN;
        video.requestVideoFrameCallback((now) => (w.__frames[id] = now));
      },
      true,
    );
    addEventListener(
      "playing",
      (event) => {
        const id = (event.target as HTMLElement).dataset?.clipId;
        if (id && !(id in w.__playing)) w.__playing[id] = performance.now();
      },
      true,
    );
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: !args.cache });
  const { latency, down, up } = NETWORKS[network];
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency,
    downloadThroughput: down > 0 ? down / 8 : -1,
    uploadThroughput: up > 0 ? up / 8 : -1,
  });
  const urls = new Map<string, string>();
  const bytes = new Map<string, number>();
  cdp.on("Network.requestWillBeSent", (e) => urls.set(e.requestId, e.request.url));
  cdp.on("Network.dataReceived", (e) => bytes.set(e.requestId, (bytes.get(e.requestId) ?? 0) + e.encodedDataLength));
  cdp.on("Network.loadingFinished", (e) => bytes.set(e.requestId, Math.max(bytes.get(e.requestId) ?? 0, e.encodedDataLength)));

  await page.goto("/", { waitUntil: "commit" });
  const section = page.locator("section[data-clip-id]");
  await section.waitFor({ state: "attached", timeout: 60_000 });
  const leadClip = (await section.getAttribute("data-clip-id"))!;
  await page.waitForFunction((id) => Number.isFinite((window as unknown as { __frames: Record<string, number> }).__frames[id]), leadClip, {
    timeout: 60_000,
  });
  const firstFrameMs = await page.evaluate((id) => (window as unknown as { __frames: Record<string, number> }).__frames[id]!, leadClip);
  const leadSrc = await page.evaluate(
    (id) => document.querySelector<HTMLVideoElement>(`video[data-clip-id="${id}"]`)?.currentSrc ?? "",
    leadClip,
  );

  // Next → playing, a few times; each after the page has settled on its clip.
  await page.locator("html[data-hydrated]").waitFor({ state: "attached", timeout: 60_000 });
  const nextToPlayingMs: number[] = [];
  for (let i = 0; i < NEXT_PRESSES; i++) {
    await page.waitForTimeout(2_500);
    const before = await section.getAttribute("data-clip-id");
    const pressedAt = await page.evaluate(() => {
      const next = document.querySelector<HTMLButtonElement>('.feed-stage button[title="Next"]');
      const at = performance.now();
      next?.click();
      return at;
    });
    await page.waitForFunction((id) => document.querySelector("section[data-clip-id]")?.getAttribute("data-clip-id") !== id, before);
    const now = (await section.getAttribute("data-clip-id"))!;
    const played = await page
      .waitForFunction((id) => (window as unknown as { __playing: Record<string, number> }).__playing[id], now, { timeout: 20_000 })
      .then((handle) => handle.jsonValue() as Promise<number>)
      .catch(() => NaN);
    nextToPlayingMs.push(played - pressedAt);
  }
  await page.waitForTimeout(2_000);

  const clips: Run["clips"] = {};
  for (const [id, url] of urls) {
    const media = mediaOf(url);
    if (!media) continue;
    const clip = (clips[media.clip] ??= {});
    clip[media.rendition] = (clip[media.rendition] ?? 0) + (bytes.get(id) ?? 0);
    clip.requests = (clip.requests ?? 0) + 1;
  }
  await context.close();
  return { firstFrameMs, nextToPlayingMs, clips, leadClip, leadSrc: new URL(leadSrc, base).pathname };
}

let buildDir = process.env.BUILD_DIR;
if (!args["no-build"]) {
  mkdirSync(path.join(root, ".tmp"), { recursive: true });
  buildDir = mkdtempSync(path.join(root, ".tmp", "first-frame-build-"));
  build(buildDir);
}
const server = await startServerProcess({
  env: { BUILD_DIR: buildDir, DATABASE_URL: process.env.DATABASE_URL },
  dataDirPrefix: "spicy-first-frame-",
});
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--autoplay-policy=no-user-gesture-required"],
});
const rows: string[] = [
  "| device | network | first frame, median (runs) | Next → playing, median | lead clip's rendition | media bytes per clip fetched (lead; rendition: bytes) | load average before → after |",
  "|---|---|---|---|---|---|---|",
];
const results: unknown[] = [];
try {
  for (const network of args.networks.split(",") as NetworkName[]) {
    for (const device of Object.keys(DEVICES) as (keyof typeof DEVICES)[]) {
      const before = loadAverage();
      const runs: Run[] = [];
      for (let i = 0; i < Number(args.runs); i++) runs.push(await measure(browser, server.url, device, network));
      const after = loadAverage();
      const first = runs.map((r) => r.firstFrameMs);
      const next = runs.flatMap((r) => r.nextToPlayingMs);
      const lead = runs[0]!;
      const leadBytes = Object.entries(lead.clips[lead.leadSrc.split("/")[3]!.replace(/\.mp4$/, "")] ?? {})
        .map(([rendition, n]) => `${rendition}: ${n.toLocaleString("en")}`)
        .join(", ");
      rows.push(
        `| ${device} | ${network} | ${Math.round(median(first))} ms (${first.map(Math.round).join(", ")}) | ${Math.round(median(next))} ms (${next.map(Math.round).join(", ")}) | ${lead.leadSrc} | ${leadBytes} | ${before} → ${after} |`,
      );
      results.push({ device, network, runs, loadAverage: [before, after] });
      console.log(rows.at(-1));
    }
  }
} finally {
  await browser.close();
  await server.stop();
  rmSync(server.dataDir, { recursive: true, force: true });
  if (!args["no-build"] && buildDir) rmSync(buildDir, { recursive: true, force: true });
}
mkdirSync(path.join(root, ".tmp"), { recursive: true });
writeFileSync(path.join(root, ".tmp", "first-frame.json"), JSON.stringify(results, null, 2));
console.log(`\n${os.cpus().length} cores; ${new Date().toISOString()}\n`);
console.log(rows.join("\n"));
