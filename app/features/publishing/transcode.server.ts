import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { BadCutError, NoVideoStreamError, PublishError } from "./errors";
import { locateFfmpeg, runTool, type FfmpegTools } from "./ffmpeg.server";

/** Shorter cuts are refused: three distinct thumbnails need some frames to choose from. */
export const MIN_CLIP_SECONDS = 0.5;
/** ffprobe durations are rounded; an `end` this far past the reported duration is taken as the end. */
const END_TOLERANCE_SECONDS = 0.05;
/** Where the three thumbnails are taken, as fractions of the published clip. */
export const THUMBNAIL_POSITIONS = [0.25, 0.5, 0.75] as const;

export interface ProbeResult {
  durationSeconds: number;
  hasAudio: boolean;
  videoCodec: string;
  width: number;
  height: number;
}

export interface TranscodeOptions {
  startSeconds?: number | null;
  endSeconds?: number | null;
  /** Where FFMPEG_PATH / FFPROBE_PATH / PATH are read; process.env by default. */
  env?: NodeJS.ProcessEnv;
  /** Upper bound for the encode itself; default 10 minutes. */
  timeoutMs?: number;
}

export interface TranscodedClip {
  /** H.264/AAC MP4 with `moov` before `mdat`. */
  videoPath: string;
  /** Three JPEGs at 25 %, 50 % and 75 % of the clip, at most 640 px wide. */
  thumbnailPaths: [string, string, string];
  durationSeconds: number;
  fileSizeBytes: number;
  hasAudio: boolean;
  /** The cut that was applied, in seconds of the input. */
  startSeconds: number;
  endSeconds: number;
  /** Removes the temporary folder holding the outputs. Safe to call twice. */
  cleanup(): Promise<void>;
}

interface FfprobeJson {
  streams?: {
    codec_type?: string;
    codec_name?: string;
    width?: number;
    height?: number;
    duration?: string;
    disposition?: { attached_pic?: number };
  }[];
  format?: { duration?: string };
}

/** Reads duration and streams; anything ffprobe cannot read is "not a video". */
export async function probeVideo(file: string, tools: FfmpegTools): Promise<ProbeResult> {
  let json: FfprobeJson;
  try {
    const out = await runTool(tools.ffprobe, ["-v", "error", "-print_format", "json", "-show_format", "-show_streams", file], {
      timeoutMs: 30_000,
    });
    json = JSON.parse(out) as FfprobeJson;
  } catch (error) {
    if (error instanceof PublishError && error.code === "ffmpeg-missing") throw error;
    throw new NoVideoStreamError(`${path.basename(file)} is not a readable video file`);
  }
  // Cover art in audio files shows up as a one-frame "video" stream: not a video.
  const video = json.streams?.find((s) => s.codec_type === "video" && !s.disposition?.attached_pic);
  if (!video) throw new NoVideoStreamError(`${path.basename(file)} has no video stream`);
  const duration = Number(json.format?.duration ?? video.duration);
  if (!Number.isFinite(duration) || duration <= 0)
    throw new NoVideoStreamError(`${path.basename(file)} has no duration (zero-length video)`);
  return {
    durationSeconds: duration,
    hasAudio: json.streams?.some((s) => s.codec_type === "audio") ?? false,
    videoCodec: video.codec_name ?? "",
    width: video.width ?? 0,
    height: video.height ?? 0,
  };
}

/** 0 ≤ start < end ≤ duration, at least MIN_CLIP_SECONDS long; missing ends default to the whole video. */
export function resolveCut(durationSeconds: number, startSeconds?: number | null, endSeconds?: number | null) {
  const start = startSeconds ?? 0;
  let end = endSeconds ?? durationSeconds;
  const shown = `start ${start} s, end ${end} s, video ${durationSeconds.toFixed(2)} s`;
  if (!Number.isFinite(start) || !Number.isFinite(end)) throw new BadCutError(`start and end must be numbers (${shown})`, durationSeconds);
  if (start < 0) throw new BadCutError(`start must be 0 or more (${shown})`, durationSeconds);
  if (end > durationSeconds + END_TOLERANCE_SECONDS) throw new BadCutError(`end is past the end of the video (${shown})`, durationSeconds);
  end = Math.min(end, durationSeconds);
  if (start >= end) throw new BadCutError(`start must be before end (${shown})`, durationSeconds);
  if (end - start < MIN_CLIP_SECONDS)
    throw new BadCutError(`the clip must last at least ${MIN_CLIP_SECONDS} s (${shown})`, durationSeconds);
  return { start, end };
}

const seconds = (n: number) => n.toFixed(3);

/** Seconds between keyframes of every encode: a seek or a switch never waits for more than this much video. */
export const KEYFRAME_SECONDS = 2;
/** A forced keyframe every KEYFRAME_SECONDS, none from scene cuts (their places would differ per rung). */
export const KEYFRAME_ARGS = ["-force_key_frames", `expr:gte(t,n_forced*${KEYFRAME_SECONDS})`, "-sc_threshold", "0"];

// Fit inside 1920×1920 (1080p either way up) without upscaling, even sides (yuv420p needs them).
const VIDEO_FILTER =
  "scale=w='min(1920,iw)':h='min(1920,ih)':force_original_aspect_ratio=decrease:force_divisible_by=2,setsar=1,format=yuv420p";
const THUMB_FILTER = "scale=w='min(640,iw)':h=-2";

function encodeArgs(input: string, output: string, cut: { start: number; end: number }, hasAudio: boolean): string[] {
  return [
    ...["-hide_banner", "-nostdin", "-loglevel", "error", "-y"],
    // -ss before -i seeks the input; with re-encoding ffmpeg still cuts on the exact frame.
    ...["-ss", seconds(cut.start), "-i", input, "-t", seconds(cut.end - cut.start)],
    ...["-map", "0:v:0", "-vf", VIDEO_FILTER],
    ...["-c:v", "libx264", "-preset", "veryfast", "-crf", "23", "-profile:v", "high", "-pix_fmt", "yuv420p", ...KEYFRAME_ARGS],
    ...(hasAudio ? ["-map", "0:a:0", "-c:a", "aac", "-b:a", "128k", "-ac", "2"] : ["-an"]),
    ...["-sn", "-dn", "-map_metadata", "-1", "-max_muxing_queue_size", "1024"],
    ...["-movflags", "+faststart", "-f", "mp4", output],
  ];
}

function thumbnailArgs(input: string, output: string, at: number): string[] {
  return [
    ...["-hide_banner", "-nostdin", "-loglevel", "error", "-y"],
    ...["-ss", seconds(at), "-i", input, "-frames:v", "1", "-vf", THUMB_FILTER, "-q:v", "3", "-update", "1", output],
  ];
}

/**
 * Turns any video ffmpeg can read into the one format the player relies on:
 * an H.264 MP4 with faststart, cut to [start, end], plus three thumbnails.
 * Outputs live in a temporary folder until `cleanup()`; on failure it is removed here.
 */
export async function transcodeClip(inputPath: string, options: TranscodeOptions = {}): Promise<TranscodedClip> {
  const tools = await locateFfmpeg(options.env);
  const exists = await stat(inputPath).then(
    (s) => s.isFile(),
    () => false,
  );
  if (!exists) throw new PublishError("invalid-input", `video file not found: ${inputPath}`);
  const source = await probeVideo(inputPath, tools);
  const cut = resolveCut(source.durationSeconds, options.startSeconds, options.endSeconds);

  const dir = await mkdtemp(path.join(tmpdir(), "publish-"));
  const cleanup = () => rm(dir, { recursive: true, force: true });
  try {
    const videoPath = path.join(dir, "video.mp4");
    await runTool(tools.ffmpeg, encodeArgs(inputPath, videoPath, cut, source.hasAudio), { timeoutMs: options.timeoutMs ?? 10 * 60_000 });
    const output = await probeVideo(videoPath, tools);
    const thumbnailPaths = THUMBNAIL_POSITIONS.map((_, i) => path.join(dir, `thumb-${i + 1}.jpg`)) as [string, string, string];
    await Promise.all(
      THUMBNAIL_POSITIONS.map((fraction, i) =>
        runTool(tools.ffmpeg, thumbnailArgs(videoPath, thumbnailPaths[i]!, output.durationSeconds * fraction), { timeoutMs: 60_000 }),
      ),
    );
    return {
      videoPath,
      thumbnailPaths,
      durationSeconds: Math.round(output.durationSeconds * 1000) / 1000,
      fileSizeBytes: (await stat(videoPath)).size,
      hasAudio: output.hasAudio,
      startSeconds: cut.start,
      endSeconds: cut.end,
      cleanup,
    };
  } catch (error) {
    await cleanup();
    throw error;
  }
}
