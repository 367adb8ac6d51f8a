// `npm run first-frame`: the home feed on a phone and a desktop under Chromium's network emulation (DevTools
// Network.emulateNetworkConditions, cache off): page open → first frame of the lead clip (its first presented frame,
// requestVideoFrameCallback), Next → playing (the next clip's `playing` event after the button's click), and the media
// bytes fetched per clip and rendition. Median of --runs (default 3); the load average before and after each case.
// Then bytes per clip before and after the renditions (see bytesPerClip): a clip made from a generated 1080 × 1920
// source, encoded the old way (ADR 007: one file, ≤ 1280 px, CRF 23) and through the renditions pipeline, and the
// rendition a phone and a desktop play. Options: --runs N, --no-build (reuse BUILD_DIR), --networks fast4g,slow4g,none,
// --bytes yes|no|only (default yes). Chromium: CHROMIUM_PATH or /usr/bin/chromium. Prints Markdown tables and writes
// .tmp/first-frame.json.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { chromium, type Browser } from "playwright-core";
import type { VideoRendition } from "../app/features/clips/clip-card.server";
import { withFirstRenditions } from "../app/features/clips/components/player/first-rendition";
import { chooseRendition, MOBILE_DATA_DENSITY } from "../app/features/clips/components/player/rendition-choice";
import { locateFfmpeg } from "../app/features/publishing/ffmpeg.server";
import { makeRenditions } from "../app/features/publishing/renditions.server";
import { transcodeClip } from "../app/features/publishing/transcode.server";
import { build, root, startServerProcess } from "./support/server-process";

const { values: args } = parseArgs({
  options: {
    runs: { type: "string", default: "3" },
    "no-build": { type: "boolean", default: false },
    networks: { type: "string", default: "fast4g,slow4g" },
    /** Keep Chromium's HTTP cache (off by default: every run is a first visit; on, a clip's repeated ranges may come from it). */
    cache: { type: "boolean", default: false },
    /** Bytes per clip before and after (bytesPerClip): yes, no, or only (no server, no first frame). */
    bytes: { type: "string", default: "yes" },
  },
});

/** The issue's profiles: "Fast 4G" 9 Mbit/s down, 170 ms round trip; "Slow 4G" 1.6 Mbit/s, 150 ms. */
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

/**
 * The generated source: seconds (the shortest clips), and the grain that brings the old file's bit rate near a phone's
 * own footage at CRF 23 (about 2.8 Mbit/s at 720 × 1280; see bytesPerClip).
 */
const SOURCE_SECONDS = 6;
const SOURCE_NOISE = 6;

interface DeviceConditions {
  box: { width: number; height: number };
  devicePixelRatio: number;
  mobileData: boolean;
  coarsePointer: boolean;
  connectionType: string | null;
}

/** What the player's rule reads in this device's browser (network-conditions.ts): the feed's box, the pixel ratio, the pointer, the connection type. */
async function deviceConditions(browser: Browser, device: keyof typeof DEVICES): Promise<DeviceConditions> {
  const context = await browser.newContext({ ...DEVICES[device] });
  const page = await context.newPage();
  await page.setContent('<meta name="viewport" content="width=device-width, initial-scale=1">');
  const seen = await page.evaluate(() => ({
    width: Math.min(window.innerWidth, (window.innerHeight * 9) / 16),
    height: window.innerHeight,
    devicePixelRatio: window.devicePixelRatio,
    coarsePointer: matchMedia("(pointer: coarse)").matches,
    connectionType: (navigator as Navigator & { connection?: { type?: string } }).connection?.type ?? null,
  }));
  await context.close();
  return {
    box: { width: seen.width, height: seen.height },
    devicePixelRatio: seen.devicePixelRatio,
    coarsePointer: seen.coarsePointer,
    connectionType: seen.connectionType,
    // The rule of network-conditions.ts: a phone (the feed's box at most 480 px wide) not known to be on Wi-Fi is on
    // mobile data, where its pixel ratio counts at most MOBILE_DATA_DENSITY.
    mobileData: seen.width <= 480 && seen.connectionType !== "wifi",
  };
}

/**
 * Bytes per clip on a phone (390 × 844) and a desktop (1440 × 900), before and after the renditions, for one clip made
 * from a generated 1080 × 1920 portrait source (the demo sources are 360 × 640, too small to show it): 6 s of
 * ffmpeg's zooming Mandelbrot set (fine detail in motion) with temporal noise and a tone, in a temporary folder. Before: ADR 007's single file (fits
 * 1280 × 1280, libx264 veryfast CRF 23, AAC 128k). After: the publishing encode (the published file, the top rung) and
 * the renditions job's rungs, made by the app's own code. What each device plays is the app's own rule: the lead clip
 * from the server's sources (the rungs of at most 360p under their media queries, which the unit tests hold to the
 * rule), a later clip from the player's choice with the conditions read in Chromium with the device's emulation,
 * the network unknown or at the profile's full speed. A progressive clip watched through (it loops) costs its file,
 * so bytes per clip are the file sizes; the first-frame runs above show the fetched bytes matching them.
 */
async function bytesPerClip(browser: Browser) {
  const tools = await locateFfmpeg();
  const dir = mkdtempSync(path.join(os.tmpdir(), "first-frame-clip-"));
  const ffmpeg = (args: string[]) => execFileSync(tools.ffmpeg, ["-hide_banner", "-nostdin", "-loglevel", "error", "-y", ...args]);
  const size = (file: string) => statSync(file).size;
  const kbps = (bytes: number) => Math.round((bytes * 8) / 1000 / SOURCE_SECONDS);
  const loadBefore = loadAverage();
  const started = Date.now();
  try {
    const source = path.join(dir, "source.mp4");
    ffmpeg([
      ...["-f", "lavfi", "-i", `mandelbrot=size=1080x1920:rate=30,trim=duration=${SOURCE_SECONDS},noise=alls=${SOURCE_NOISE}:allf=t`],
      ...["-f", "lavfi", "-i", `sine=frequency=440:duration=${SOURCE_SECONDS}`],
      ...["-c:v", "libx264", "-preset", "ultrafast", "-crf", "12", "-pix_fmt", "yuv420p", "-c:a", "aac", "-b:a", "192k", source],
    ]);
    // Before: the one file every screen got (ADR 007).
    const old = path.join(dir, "old.mp4");
    ffmpeg([
      ...["-i", source, "-map", "0:v:0", "-vf"],
      "scale=w='min(1280,iw)':h='min(1280,ih)':force_original_aspect_ratio=decrease:force_divisible_by=2,setsar=1,format=yuv420p",
      ...["-c:v", "libx264", "-preset", "veryfast", "-crf", "23", "-profile:v", "high", "-pix_fmt", "yuv420p"],
      ...["-map", "0:a:0", "-c:a", "aac", "-b:a", "128k", "-ac", "2", "-map_metadata", "-1", "-movflags", "+faststart", old],
    ]);
    // After: what publishing and the renditions job make of the same source.
    const published = await transcodeClip(source, { timeoutMs: 60 * 60_000 });
    let renditions: (VideoRendition & { bytes: number; name: string })[];
    try {
      const made = await makeRenditions(published.videoPath, dir, tools, { timeoutMs: 60 * 60_000, nice: false });
      renditions = [
        ...made.renditions.map((r) => ({
          url: r.file,
          width: r.width,
          height: r.height,
          kbps: r.kbps,
          bytes: r.bytes,
          name: `${r.shortSide}p`,
        })),
        {
          url: published.videoPath,
          width: made.source.width,
          height: made.source.height,
          kbps: made.source.kbps,
          bytes: made.source.bytes,
          name: `published ${made.source.width} × ${made.source.height}`,
        },
      ];
    } finally {
      await published.cleanup();
    }
    const oldBytes = size(old);
    const named = (r: VideoRendition | null) => renditions.find((x) => x.url === r?.url)!;
    const first = withFirstRenditions(renditions).filter((r) => r.first);
    const rows = [
      `Source: ${SOURCE_SECONDS} s of 1080 × 1920 at 30 fps (mandelbrot, noise ${SOURCE_NOISE}, a tone). Before: one file, ${oldBytes.toLocaleString("en")} B (${kbps(oldBytes)} kbit/s).`,
      `Rungs: ${renditions.map((r) => `${r.name} ${r.bytes.toLocaleString("en")} B (${kbps(r.bytes)} kbit/s)`).join("; ")}.`,
      "",
      "| device | conditions seen in Chromium | clip | network | plays | bytes per clip | ÷ before |",
      "|---|---|---|---|---|---|---|",
    ];
    const devices: Record<string, DeviceConditions> = {};
    for (const device of Object.keys(DEVICES) as (keyof typeof DEVICES)[]) {
      const seen = (devices[device] = await deviceConditions(browser, device));
      const conditions = {
        boxWidth: seen.box.width,
        boxHeight: seen.box.height,
        devicePixelRatio: seen.mobileData ? Math.min(MOBILE_DATA_DENSITY, seen.devicePixelRatio) : seen.devicePixelRatio,
        saveData: false,
      };
      const described = `box ${Math.round(seen.box.width)} × ${seen.box.height}, ratio ${seen.devicePixelRatio}, ${seen.coarsePointer ? "touch" : "mouse"}, connection type ${seen.connectionType ?? "unknown"}${seen.mobileData ? " → mobile data" : ""}`;
      const row = (clip: string, network: string, chosen: VideoRendition | null) => {
        const r = named(chosen);
        rows.push(
          `| ${device} | ${described} | ${clip} | ${network} | ${r.name} | ${r.bytes.toLocaleString("en")} B | ${((100 * r.bytes) / oldBytes).toFixed(0)} % |`,
        );
      };
      // The lead clip: the server's sources, before any script (the network unknown, the screen's media queries, the
      // pixel ratio up to 2).
      row("lead", "any", chooseRendition(first, { ...conditions, devicePixelRatio: seen.devicePixelRatio, throughputKbps: null }));
      for (const network of ["unknown", ...(Object.keys(NETWORKS) as NetworkName[]).filter((n) => n !== "none")]) {
        const throughputKbps = network === "unknown" ? null : NETWORKS[network as NetworkName].down / 1000;
        row("later", network, chooseRendition(renditions, { ...conditions, throughputKbps }));
      }
    }
    rows.push("", `load average ${loadBefore} → ${loadAverage()}; encodes took ${Math.round((Date.now() - started) / 1000)} s`);
    return { rows, oldBytes, renditions: renditions.map(({ url: _url, ...r }) => r), devices };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--autoplay-policy=no-user-gesture-required"],
});
const rows: string[] = [
  "| device | network | first frame, median (runs) | Next → playing, median | lead clip's rendition | media bytes per clip fetched (lead; rendition: bytes) | load average before → after |",
  "|---|---|---|---|---|---|---|",
];
const results: unknown[] = [];
let bytes: Awaited<ReturnType<typeof bytesPerClip>> | null = null;
try {
  if (args.bytes !== "only") await firstFrames();
  if (args.bytes !== "no") {
    bytes = await bytesPerClip(browser);
    console.log(bytes.rows.join("\n"));
  }
} finally {
  await browser.close();
}
mkdirSync(path.join(root, ".tmp"), { recursive: true });
writeFileSync(path.join(root, ".tmp", "first-frame.json"), JSON.stringify({ firstFrame: results, bytesPerClip: bytes }, null, 2));
console.log(`\n${os.cpus().length} cores; ${new Date().toISOString()}\n`);
if (args.bytes !== "only") console.log(rows.join("\n"));
if (bytes) console.log(`\n${bytes.rows.join("\n")}`);

async function firstFrames() {
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
    await server.stop();
    rmSync(server.dataDir, { recursive: true, force: true });
    if (!args["no-build"] && buildDir) rmSync(buildDir, { recursive: true, force: true });
  }
}
