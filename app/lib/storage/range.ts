import type { ByteRange } from "./storage.server";

export type RangeResult = ByteRange | "unsatisfiable" | null;

/**
 * Parses a single `bytes=` range (RFC 9110 §14.1.2). Returns null for anything
 * we choose to ignore (malformed, multiple ranges, other units): the full 200
 * response is then the correct answer.
 */
export function parseRange(header: string, size: number): RangeResult {
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m) return null;
  const [, a = "", b = ""] = m;
  if (a === "" && b === "") return null;
  if (a === "") {
    const suffix = Number(b);
    if (suffix === 0 || size === 0) return "unsatisfiable";
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(a);
  const end = b === "" ? Infinity : Number(b);
  if (end < start) return null;
  if (start >= size) return "unsatisfiable";
  return { start, end: Math.min(end, size - 1) };
}
