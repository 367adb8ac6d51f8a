import { getPriority } from "node:os";
import { describe, expect, it } from "vitest";
import { backgroundPriority } from "~/features/publishing/ffmpeg.server";

describe("a background job's ffmpeg priority", () => {
  const own = getPriority();

  it("runs 19 levels below the server by default, never past the lowest", () => {
    expect(backgroundPriority({})).toBe(Math.min(19, own + 19));
  });

  it("runs MEDIA_JOB_NICE levels below it when set, and ignores a value outside 0–19", () => {
    expect(backgroundPriority({ MEDIA_JOB_NICE: "0" })).toBe(own);
    expect(backgroundPriority({ MEDIA_JOB_NICE: "5" })).toBe(Math.min(19, own + 5));
    for (const wrong of ["-3", "20", "x", ""]) expect(backgroundPriority({ MEDIA_JOB_NICE: wrong })).toBe(Math.min(19, own + 19));
  });
});
