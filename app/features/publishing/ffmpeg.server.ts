import { execFile } from "node:child_process";
import { constants } from "node:fs";
import { access, stat } from "node:fs/promises";
import { getPriority, setPriority } from "node:os";
import path from "node:path";
import { FfmpegFailedError, FfmpegMissingError } from "./errors";

// ffmpeg is an optional system dependency (docs/decisions/007-ffmpeg-publishing.md):
// only publishing and `npm run clips` need it, so it is looked up when they run,
// never at boot. Everything runs through execFile: arguments are never parsed by
// a shell, so a title or a file name cannot become a command.

export interface FfmpegTools {
  ffmpeg: string;
  ffprobe: string;
}

const WHY = "it is needed to publish uploaded videos and to import clips";
const HOW = "Install it (apt-get install ffmpeg)";

async function isExecutable(file: string): Promise<boolean> {
  try {
    await access(file, constants.X_OK);
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

async function onPath(name: string, pathVar: string | undefined): Promise<string | null> {
  for (const dir of (pathVar ?? "").split(path.delimiter).filter(Boolean)) {
    const file = path.join(dir, name);
    if (await isExecutable(file)) return file;
  }
  return null;
}

/**
 * Finds ffmpeg and ffprobe: FFMPEG_PATH / FFPROBE_PATH when set, else PATH.
 * Without FFPROBE_PATH, the ffprobe next to FFMPEG_PATH is preferred (they ship together).
 * Throws FfmpegMissingError with a message an operator can act on.
 */
export async function locateFfmpeg(env: NodeJS.ProcessEnv = process.env): Promise<FfmpegTools> {
  const ffmpegOverride = env.FFMPEG_PATH?.trim();
  const ffprobeOverride = env.FFPROBE_PATH?.trim();

  let ffmpeg: string | null;
  if (ffmpegOverride) {
    ffmpeg = (await isExecutable(ffmpegOverride)) ? ffmpegOverride : null;
    if (!ffmpeg)
      throw new FfmpegMissingError(`ffmpeg was not found at FFMPEG_PATH=${ffmpegOverride}: ${WHY}. ${HOW} or correct FFMPEG_PATH.`);
  } else {
    ffmpeg = await onPath("ffmpeg", env.PATH);
    if (!ffmpeg) throw new FfmpegMissingError(`ffmpeg is not installed (or not on PATH): ${WHY}. ${HOW} or set FFMPEG_PATH.`);
  }

  let ffprobe: string | null;
  if (ffprobeOverride) {
    ffprobe = (await isExecutable(ffprobeOverride)) ? ffprobeOverride : null;
    if (!ffprobe)
      throw new FfmpegMissingError(
        `ffprobe (part of ffmpeg) was not found at FFPROBE_PATH=${ffprobeOverride}: ${WHY}. ${HOW} or correct FFPROBE_PATH.`,
      );
  } else {
    const sibling = path.join(path.dirname(ffmpeg), "ffprobe");
    ffprobe = (await isExecutable(sibling)) ? sibling : await onPath("ffprobe", env.PATH);
    if (!ffprobe)
      throw new FfmpegMissingError(`ffprobe (part of ffmpeg) is not installed (or not on PATH): ${WHY}. ${HOW} or set FFPROBE_PATH.`);
  }
  return { ffmpeg, ffprobe };
}

export interface RunOptions {
  /** Killed (SIGKILL) after this long; a stuck ffmpeg must not hold a request forever. */
  timeoutMs: number;
  /** Most stdout kept before the tool is stopped; 16 MB by default. */
  maxBytes?: number;
  /** A lower CPU priority (background jobs): pages keep answering while a rendition encodes. */
  nice?: boolean;
}

/**
 * How far below the server's own priority a background job's ffmpeg runs: MEDIA_JOB_NICE levels (0–19), 19 by default
 * — the lowest, so a rendition only takes what requests leave. `npm test` sets 0 for its integration suites: at the
 * lowest, a test that waits for a rendition waited minutes behind the suites running beside it.
 */
export function backgroundPriority(env: NodeJS.ProcessEnv = process.env): number {
  const levels = Number.parseInt(env.MEDIA_JOB_NICE ?? "", 10);
  const below = Number.isInteger(levels) && levels >= 0 && levels <= 19 ? levels : 19;
  return Math.min(19, getPriority() + below);
}

/** Last lines of stderr: enough to tell why ffmpeg stopped, short enough for a log line. */
function tail(text: string, lines = 5): string {
  return text.trim().split("\n").slice(-lines).join(" | ").slice(0, 800);
}

/** Runs ffmpeg or ffprobe without a shell; resolves with stdout, throws typed errors. */
export async function runTool(file: string, args: readonly string[], options: RunOptions): Promise<string> {
  return (await runToolForBytes(file, args, options)).toString("utf8");
}

/** Like runTool, for tools that write raw bytes (video frames) to stdout. */
export function runToolForBytes(
  file: string,
  args: readonly string[],
  { timeoutMs, maxBytes = 16 * 1024 * 1024, nice = false }: RunOptions,
): Promise<Buffer> {
  const name = path.basename(file);
  return new Promise((resolve, reject) => {
    const child = execFile(
      file,
      args,
      { timeout: timeoutMs, killSignal: "SIGKILL", maxBuffer: maxBytes, windowsHide: true, encoding: "buffer" },
      (error, stdout, stderrBytes) => {
        const stderr = stderrBytes.toString("utf8");
        if (!error) return resolve(stdout);
        const err = error as NodeJS.ErrnoException & { killed?: boolean; signal?: string | null };
        if (err.code === "ENOENT" || err.code === "EACCES") {
          return reject(
            new FfmpegMissingError(`${name} could not be started (${err.code}): ${WHY}. ${HOW} or set FFMPEG_PATH.`, { cause: error }),
          );
        }
        if (err.killed && err.signal === "SIGKILL") {
          return reject(new FfmpegFailedError(`${name} timed out after ${Math.round(timeoutMs / 1000)} s`));
        }
        reject(new FfmpegFailedError(`${name} failed`, tail(stderr)));
      },
    );
    if (nice && child.pid !== undefined) {
      try {
        setPriority(child.pid, backgroundPriority());
      } catch {
        // Gone already, or not allowed here: it then runs at normal priority.
      }
    }
  });
}
