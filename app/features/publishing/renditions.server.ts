import { stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { ClipRendition, ClipStoryboard } from "~schema";
import { KEYFRAME_ARGS, probeVideo, type ProbeResult } from "./transcode.server";
import { runTool, type FfmpegTools } from "./ffmpeg.server";

// The rendition ladder (docs/decisions/155-renditions-and-progressive-mp4.md): a few H.264/AAC MP4s
// under the published video, each with faststart and a keyframe every 2 seconds, plus a storyboard
// sprite and its WebVTT index for seek previews. The published video itself is the top rung.

/**
 * Short side in pixels and the video bitrate ceiling of each rung below the source. 540p is the phone's rung on
 * mobile data (ADR 206), as short-video apps serve their phones; 720p stays for larger screens and phones on Wi-Fi.
 */
export const LADDER = [
  { shortSide: 240, kbps: 250, audioKbps: 24, audioChannels: 1 },
  { shortSide: 360, kbps: 500, audioKbps: 64, audioChannels: 2 },
  { shortSide: 540, kbps: 1000, audioKbps: 64, audioChannels: 2 },
  { shortSide: 720, kbps: 2500, audioKbps: 128, audioChannels: 2 },
] as const;

/** Storyboard frames fit in this many pixels on their long side (PeerTube uses ≤ 192). */
export const STORYBOARD_TILE = 160;
/** At most this many frames, on one sheet of at most 11 × 11. */
const STORYBOARD_MAX_FRAMES = 100;
const STORYBOARD_COLUMNS = 10;

/** Ffmpeg work in background jobs is niced and single-threaded: the site shares its cores with it. */
const BACKGROUND = { nice: true } as const;

export interface MadeRenditions {
  renditions: (ClipRendition & { file: string })[];
  storyboard: ClipStoryboard & { imageFile: string; indexFile: string };
}

const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);

/** Width and height of a rung with `shortSide` pixels on the video's short side, aspect kept. */
export function rungSize(source: { width: number; height: number }, shortSide: number) {
  const scale = shortSide / Math.min(source.width, source.height);
  return { width: even(source.width * scale), height: even(source.height * scale) };
}

/** The rungs strictly smaller than the source (never upscaled). */
export function rungsFor(source: { width: number; height: number }) {
  return LADDER.filter((rung) => rung.shortSide < Math.min(source.width, source.height));
}

function rungArgs(
  input: string,
  output: string,
  size: { width: number; height: number },
  kbps: number,
  audio: { kbps: number; channels: number } | null,
): string[] {
  return [
    ...["-hide_banner", "-nostdin", "-loglevel", "error", "-y", "-i", input],
    ...["-map", "0:v:0", "-vf", `scale=${size.width}:${size.height},setsar=1,format=yuv420p`],
    // Capped CRF: simple pictures stay well below the ceiling, busy ones are held to it.
    ...["-c:v", "libx264", "-preset", "veryfast", "-crf", "26", "-maxrate", `${kbps}k`, "-bufsize", `${kbps}k`],
    ...["-profile:v", "main", "-pix_fmt", "yuv420p", "-threads", "1", ...KEYFRAME_ARGS],
    ...(audio ? ["-map", "0:a:0", "-c:a", "aac", "-b:a", `${audio.kbps}k`, "-ac", String(audio.channels)] : ["-an"]),
    ...["-sn", "-dn", "-map_metadata", "-1", "-movflags", "+faststart", "-f", "mp4", output],
  ];
}

/** Frames every `interval` seconds so that a clip gives at most STORYBOARD_MAX_FRAMES of them. */
export function storyboardLayout(source: ProbeResult): ClipStoryboard {
  const interval = Math.max(1, Math.ceil(source.durationSeconds / STORYBOARD_MAX_FRAMES));
  const count = Math.max(1, Math.ceil(source.durationSeconds / interval));
  const landscape = source.width >= source.height;
  const tileWidth = landscape ? STORYBOARD_TILE : even((STORYBOARD_TILE * source.width) / source.height);
  const tileHeight = landscape ? even((STORYBOARD_TILE * source.height) / source.width) : STORYBOARD_TILE;
  const columns = Math.min(count, STORYBOARD_COLUMNS);
  return { interval, count, columns, rows: Math.ceil(count / columns), tileWidth, tileHeight };
}

const timestamp = (seconds: number) => {
  const ms = Math.round(seconds * 1000);
  const hh = String(Math.floor(ms / 3_600_000)).padStart(2, "0");
  const mm = String(Math.floor(ms / 60_000) % 60).padStart(2, "0");
  const ss = String(Math.floor(ms / 1000) % 60).padStart(2, "0");
  return `${hh}:${mm}:${ss}.${String(ms % 1000).padStart(3, "0")}`;
};

/** The WebVTT index of a storyboard: one cue per frame, pointing into the sprite with a media fragment. */
export function storyboardVtt(layout: ClipStoryboard, durationSeconds: number, imageName = "storyboard.jpg"): string {
  const cues = Array.from({ length: layout.count }, (_, i) => {
    const start = i * layout.interval;
    const end = Math.min(durationSeconds, (i + 1) * layout.interval);
    const x = (i % layout.columns) * layout.tileWidth;
    const y = Math.floor(i / layout.columns) * layout.tileHeight;
    return `${timestamp(start)} --> ${timestamp(end)}\n${imageName}#xywh=${x},${y},${layout.tileWidth},${layout.tileHeight}`;
  });
  return `WEBVTT\n\n${cues.join("\n\n")}\n`;
}

function storyboardArgs(input: string, output: string, layout: ClipStoryboard): string[] {
  return [
    ...["-hide_banner", "-nostdin", "-loglevel", "error", "-y", "-i", input, "-an", "-threads", "1"],
    ...["-vf", `fps=1/${layout.interval},scale=${layout.tileWidth}:${layout.tileHeight},tile=${layout.columns}x${layout.rows}`],
    ...["-frames:v", "1", "-q:v", "10", "-update", "1", output],
  ];
}

/**
 * Makes the rungs below the source and the storyboard of a published video, into `dir`; also describes
 * the source itself, the top rung.
 */
export async function makeRenditions(
  sourcePath: string,
  dir: string,
  tools: FfmpegTools,
  /** `nice: false`: at normal priority (a measurement that waits for them, not a background job). */
  options: { timeoutMs?: number; nice?: boolean } = {},
): Promise<MadeRenditions & { source: ClipRendition }> {
  const timeoutMs = options.timeoutMs ?? 10 * 60_000;
  const priority = options.nice === false ? { nice: false } : BACKGROUND;
  const source = await probeVideo(sourcePath, tools);
  const sourceBytes = (await stat(sourcePath)).size;
  const sourceKbps = Math.round((sourceBytes * 8) / 1000 / source.durationSeconds);
  const renditions: MadeRenditions["renditions"] = [];
  for (const rung of rungsFor(source)) {
    const size = rungSize(source, rung.shortSide);
    // Never more video bits per pixel than the source had (its sound taken at the source encode's 128k at
    // most): a rung of a small, light video stays light.
    const pixelShare = (size.width * size.height) / (source.width * source.height);
    const sourceVideoKbps = Math.max(0, sourceKbps - (source.hasAudio ? Math.min(128, sourceKbps / 3) : 0));
    // Smaller rungs are watched on smaller screens: 0.8 of that share is enough for them.
    const kbps = Math.max(24, Math.min(rung.kbps, Math.round(sourceVideoKbps * pixelShare * 0.8)));
    const file = path.join(dir, `${rung.shortSide}p.mp4`);
    await runTool(
      tools.ffmpeg,
      rungArgs(sourcePath, file, size, kbps, source.hasAudio ? { kbps: rung.audioKbps, channels: rung.audioChannels } : null),
      { timeoutMs, ...priority },
    );
    const bytes = (await stat(file)).size;
    renditions.push({
      height: size.height,
      width: size.width,
      shortSide: rung.shortSide,
      kbps: Math.round((bytes * 8) / 1000 / source.durationSeconds),
      bytes,
      file,
    });
  }

  const layout = storyboardLayout(source);
  const imageFile = path.join(dir, "storyboard.jpg");
  const indexFile = path.join(dir, "storyboard.vtt");
  await runTool(tools.ffmpeg, storyboardArgs(sourcePath, imageFile, layout), { timeoutMs, ...priority });
  await writeFile(indexFile, storyboardVtt(layout, source.durationSeconds));

  return {
    source: {
      height: source.height,
      width: source.width,
      shortSide: Math.min(source.width, source.height),
      kbps: sourceKbps,
      bytes: sourceBytes,
      source: true,
    },
    renditions,
    storyboard: { ...layout, imageFile, indexFile },
  };
}
