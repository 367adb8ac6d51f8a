import { bmvbhash } from "blockhash-core";

// 64-bit perceptual hashes of video frames and how they are compared (docs/decisions/051-takedown-fingerprints.md).
// A frame is the average of one second of video, scaled to FRAME_SIZE² pixels, hashed with
// blockhash (8×8 blocks, each one bit: brighter than the median block or not). Re-encoding,
// resizing and small overlays move few bits; a different picture moves about half of them.

/** Side of the square each frame is scaled to before hashing. */
export const FRAME_SIZE = 64;
/** Frames per second hashed for the catalogue and for new clips. */
export const CLIP_FPS = 1;
/** Blocked clips are hashed twice as densely, so a copy cut at any half-second still lines up. */
export const BLOCK_FPS = 2;
/** A frame this flat (luminance standard deviation, 0–255) hashes to noise: it is skipped. */
export const FLAT_FRAME_STD = 4;
/** At most this many frames per clip (ten minutes at one per second). */
export const MAX_FRAMES = 600;

/**
 * The match rule: a clip is a copy of a blocked clip when the median, over its frames, of the
 * distance to the nearest blocked frame is at most MATCH_DISTANCE bits of 64, and at least
 * MATCH_COVERAGE of its frames are that close. Calibrated on the demo clips (see the ADR).
 */
export const MATCH_DISTANCE = 10;
export const MATCH_COVERAGE = 0.5;

/** The hash of one RGBA frame, or null when the frame is too flat to say anything. */
export function frameHash(rgba: Uint8Array, size = FRAME_SIZE): bigint | null {
  let sum = 0;
  let squares = 0;
  const pixels = size * size;
  for (let i = 0; i < pixels; i++) {
    const luma = 0.299 * rgba[i * 4]! + 0.587 * rgba[i * 4 + 1]! + 0.114 * rgba[i * 4 + 2]!;
    sum += luma;
    squares += luma * luma;
  }
  const mean = sum / pixels;
  if (Math.sqrt(Math.max(0, squares / pixels - mean * mean)) < FLAT_FRAME_STD) return null;
  return BigInt(`0x${bmvbhash({ width: size, height: size, data: rgba }, 8)}`);
}

/** Bits that differ between two hashes (0–64). */
export function hamming(a: bigint, b: bigint): number {
  let x = BigInt.asUintN(64, a ^ b);
  let bits = 0;
  while (x) {
    x &= x - 1n;
    bits++;
  }
  return bits;
}

/** PostgreSQL keeps bigints signed. */
export const toStored = (hash: bigint) => BigInt.asIntN(64, hash);
export const fromStored = (value: bigint) => BigInt.asUintN(64, value);

/** The four 16-bit bands of a hash, lowest bits first. */
export function bandsOf(hash: bigint): [number, number, number, number] {
  const h = BigInt.asUintN(64, hash);
  return [0, 1, 2, 3].map((k) => Number((h >> BigInt(16 * k)) & 0xffffn)) as [number, number, number, number];
}

/** A stored frame row for a hash. */
export const frameRow = (frame: number, hash: bigint) => {
  const [band0, band1, band2, band3] = bandsOf(hash);
  return { frame, hash: toStored(hash), band0, band1, band2, band3 };
};

/**
 * The band values to look up for frames near `hashes`: each band itself and its 16 one-bit
 * neighbours. Two hashes within 7 bits share at least one band within one bit (pigeonhole), so
 * every such frame is found; farther ones usually are through their other frames.
 */
export function probeBands(hashes: readonly bigint[]): [number[], number[], number[], number[]] {
  const probes: [Set<number>, Set<number>, Set<number>, Set<number>] = [new Set(), new Set(), new Set(), new Set()];
  for (const hash of hashes) {
    bandsOf(hash).forEach((band, k) => {
      probes[k]!.add(band);
      for (let bit = 0; bit < 16; bit++) probes[k]!.add(band ^ (1 << bit));
    });
  }
  return probes.map((set) => [...set]) as [number[], number[], number[], number[]];
}

export interface Comparison {
  /** Median distance from the clip's frames to the nearest reference frame. */
  distance: number;
  /** Share of the clip's frames within MATCH_DISTANCE of a reference frame. */
  coverage: number;
}

/** How close a clip's frames come to a reference clip's frames. */
export function compareFrames(frames: readonly bigint[], reference: readonly bigint[]): Comparison {
  if (frames.length === 0 || reference.length === 0) return { distance: 64, coverage: 0 };
  const nearest = frames.map((frame) => Math.min(...reference.map((other) => hamming(frame, other)))).sort((a, b) => a - b);
  return {
    distance: nearest[Math.floor(nearest.length / 2)]!,
    coverage: nearest.filter((d) => d <= MATCH_DISTANCE).length / nearest.length,
  };
}

export const isMatch = (c: Comparison) => c.distance <= MATCH_DISTANCE && c.coverage >= MATCH_COVERAGE;
