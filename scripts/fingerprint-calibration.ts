// `node --import tsx scripts/fingerprint-calibration.ts`: the figures behind the takedown matcher's
// thresholds (docs/decisions/051-takedown-fingerprints.md). Every demo clip is blocked in turn;
// four re-uploads of it (another bitrate, resized, trimmed by a second, a logo overlay) are made
// with ffmpeg and compared the way publishing compares them; then every demo clip is compared with
// every other (36 × 35 ordered pairs) to count false positives. Needs ffmpeg; takes a few minutes.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { BLOCK_FPS, CLIP_FPS, compareFrames, isMatch, MATCH_COVERAGE, MATCH_DISTANCE } from "../app/features/takedowns/hash";
import { hashVideoFrames } from "../app/features/takedowns/frames.server";

const MEDIA = "db/seed/media";
const VARIANTS: Record<string, string[]> = {
  bitrate: ["-c:v", "libx264", "-b:v", "60k", "-an"],
  resized: ["-vf", "scale=180:320", "-c:v", "libx264", "-an"],
  trimmed: ["-c:v", "libx264", "-an"],
  logo: ["-vf", "drawbox=x=iw-130:y=20:w=110:h=50:color=white@0.8:t=fill,drawbox=x=iw-120:y=30:w=90:h=30:color=red@0.9:t=fill", "-an"],
};

const manifest = JSON.parse(readFileSync(`${MEDIA}/manifest.json`, "utf8")) as { file: string; pattern: string }[];
const work = mkdtempSync(path.join(tmpdir(), "calibration-"));
const blocked = new Map<string, bigint[]>();
const uploads = new Map<string, bigint[]>();
for (const { file } of manifest) {
  blocked.set(file, (await hashVideoFrames(`${MEDIA}/${file}`, BLOCK_FPS)).hashes);
  uploads.set(file, (await hashVideoFrames(`${MEDIA}/${file}`, CLIP_FPS)).hashes);
}

console.log(`rule: median nearest distance <= ${MATCH_DISTANCE} of 64 bits and coverage >= ${MATCH_COVERAGE}\n`);
console.log(
  "clip          pattern          " +
    Object.keys(VARIANTS)
      .map((v) => v.padEnd(12))
      .join(""),
);
const caught: Record<string, number> = {};
const worst: Record<string, number> = {};
const all: number[] = [];
for (const { file, pattern } of manifest) {
  const cells: string[] = [];
  for (const [name, args] of Object.entries(VARIANTS)) {
    const out = path.join(work, `${name}.mp4`);
    execFileSync("ffmpeg", ["-v", "error", "-y", ...(name === "trimmed" ? ["-ss", "1"] : []), "-i", `${MEDIA}/${file}`, ...args, out]);
    const c = compareFrames((await hashVideoFrames(out, CLIP_FPS)).hashes, blocked.get(file)!);
    caught[name] = (caught[name] ?? 0) + (isMatch(c) ? 1 : 0);
    worst[name] = Math.max(worst[name] ?? 0, c.distance);
    all.push(c.distance);
    cells.push(`${c.distance}/${Math.round(c.coverage * 100)}%${isMatch(c) ? "" : " MISS"}`.padEnd(12));
  }
  console.log(`${file.padEnd(14)}${pattern.padEnd(17)}${cells.join("")}`);
}
rmSync(work, { recursive: true, force: true });
const n = manifest.length;
console.log(`\ncaught per variant (of ${n}): ${JSON.stringify(caught)}; worst median distance: ${JSON.stringify(worst)}`);
console.log(`recall over all ${all.length} re-uploads: ${(Object.values(caught).reduce((a, b) => a + b, 0) / all.length).toFixed(3)}`);

let pairs = 0;
const positives: string[] = [];
const histogram = new Map<number, number>();
for (const a of manifest)
  for (const b of manifest) {
    if (a.file === b.file) continue;
    pairs++;
    const c = compareFrames(uploads.get(a.file)!, blocked.get(b.file)!);
    histogram.set(c.distance, (histogram.get(c.distance) ?? 0) + 1);
    if (isMatch(c))
      positives.push(`${a.file} ~ ${b.file} (${a.pattern} / ${b.pattern}, distance ${c.distance}, coverage ${c.coverage.toFixed(2)})`);
  }
const crossPattern = positives.filter((p) => {
  const [x, y] = p.split("(")[1]!.split(",")[0]!.split(" / ");
  return x !== y;
});
console.log(
  `\ndifferent demo clips matched: ${positives.length} of ${pairs} ordered pairs (${((100 * positives.length) / pairs).toFixed(2)} %), of which ${crossPattern.length} across different patterns`,
);
for (const p of positives) console.log(`  ${p}`);
console.log(
  `distance histogram (median nearest, all pairs): ${[...histogram.entries()]
    .sort((x, y) => x[0] - y[0])
    .map(([d, k]) => `${d}:${k}`)
    .join(" ")}`,
);
