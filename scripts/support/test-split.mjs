// How `npm test` splits test files into groups that run side by side (scripts/test.mjs): by the files' recorded times.
import { existsSync, readFileSync } from "node:fs";

/**
 * A file's recorded seconds, from a timings file (`{ files: { path: seconds } }`, written by RECORD_E2E_TIMINGS=1); a
 * file not recorded yet counts as the median of those recorded (`fallback` when none is).
 */
export function recordedSeconds(timingsPath, fallback) {
  const timings = existsSync(timingsPath) ? JSON.parse(readFileSync(timingsPath, "utf8")) : { files: {} };
  const known = Object.values(timings.files).sort((a, b) => a - b);
  const median = known.length ? known[Math.floor(known.length / 2)] : fallback;
  return (file) => timings.files[file] ?? median;
}

/** `files` longest first (by `seconds`), ties by name: the order in which greedy placing balances groups best. */
export const longestFirst = (files, seconds) => [...files].sort((a, b) => seconds(b) - seconds(a) || a.localeCompare(b));

/** Puts `file` in the least loaded of `groups` (each `{ files, load }`) and adds its seconds to that group's load. */
export function placeInLeastLoaded(groups, file, seconds) {
  const group = groups.reduce((least, g) => (g.load < least.load ? g : least));
  group.files.push(file);
  group.load += seconds(file);
}

/** `files` in `count` groups of about equal recorded time, each sorted by name; empty groups left out. */
export function balancedGroups(files, count, seconds) {
  const groups = Array.from({ length: Math.max(1, count) }, () => ({ files: [], load: 0 }));
  for (const file of longestFirst(files, seconds)) placeInLeastLoaded(groups, file, seconds);
  return groups.map((group) => group.files.sort()).filter((group) => group.length > 0);
}
