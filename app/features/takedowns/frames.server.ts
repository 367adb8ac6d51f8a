import { locateFfmpeg, runToolForBytes } from "~/features/publishing/index.server";
import { FRAME_SIZE, frameHash, MAX_FRAMES } from "./hash";

// Frames for fingerprints come straight out of ffmpeg as raw RGBA: scaled to FRAME_SIZE² (area
// averaging), resampled to 8 fps, each output frame the mean of the last second (tmix), then
// `fps` of those per second. Averaging a second makes a hash indifferent to which exact frames an
// encoder kept, to frame rates and to a trim that does not fall on a frame boundary.

export interface FrameHashes {
  /** One hash per informative frame, in time order. */
  hashes: bigint[];
  /** Frames read (flat ones included). */
  frames: number;
}

export async function hashVideoFrames(file: string, fps: number, env: NodeJS.ProcessEnv = process.env): Promise<FrameHashes> {
  const tools = await locateFfmpeg(env);
  const filter = `scale=${FRAME_SIZE}:${FRAME_SIZE}:flags=area,fps=8,tmix=frames=8,fps=${fps}`;
  const frameBytes = FRAME_SIZE * FRAME_SIZE * 4;
  const limit = Math.ceil(MAX_FRAMES * (fps / 1));
  const raw = await runToolForBytes(
    tools.ffmpeg,
    [
      "-hide_banner",
      "-nostdin",
      "-loglevel",
      "error",
      "-i",
      file,
      "-an",
      "-sn",
      "-vf",
      filter,
      "-frames:v",
      String(limit),
      "-pix_fmt",
      "rgba",
      "-f",
      "rawvideo",
      "-",
    ],
    { timeoutMs: 5 * 60_000, maxBytes: frameBytes * limit + frameBytes },
  );
  const hashes: bigint[] = [];
  let frames = 0;
  for (let offset = 0; offset + frameBytes <= raw.length; offset += frameBytes) {
    frames++;
    const hash = frameHash(raw.subarray(offset, offset + frameBytes));
    if (hash !== null) hashes.push(hash);
  }
  return { hashes, frames };
}
