import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
// @ts-expect-error -- a plain .mjs module of the test runner, without types
import { balancedGroups, recordedSeconds } from "../../scripts/support/test-split.mjs";

type Seconds = (file: string) => number;
const split = balancedGroups as (files: string[], count: number, seconds: Seconds) => string[][];
const recorded = recordedSeconds as (timingsPath: string, fallback: number) => Seconds;

describe("npm test's split of files into groups side by side", () => {
  it("places the longest files first, each in the least loaded group, so the groups end within one file of each other", () => {
    const times: Record<string, number> = { a: 90, b: 25, c: 24, d: 16, e: 15, f: 10, g: 9, h: 1 };
    const groups = split(Object.keys(times), 2, (file) => times[file]!);
    const loads = groups.map((files) => files.reduce((sum, file) => sum + times[file]!, 0));
    expect(groups.flat().sort()).toEqual(Object.keys(times));
    expect(groups).toEqual([
      ["a", "g"],
      ["b", "c", "d", "e", "f", "h"],
    ]);
    expect(loads).toEqual([99, 91]);
  });

  it("counts a file not recorded yet as the median of those recorded, and leaves out empty groups", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "test-split-"));
    const file = path.join(dir, "timings.json");
    writeFileSync(file, JSON.stringify({ files: { a: 1, b: 5, c: 9 } }));
    const seconds = recorded(file, 2);
    expect([seconds("a"), seconds("new")]).toEqual([1, 5]);
    expect(recorded(path.join(dir, "missing.json"), 2)("any")).toBe(2);
    expect(split(["only"], 3, seconds)).toEqual([["only"]]);
  });
});
