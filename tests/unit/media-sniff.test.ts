import { describe, expect, it } from "vitest";
import { sniffMediaType } from "~/features/forms/media-sniff";
import { checkChosenFile, IMAGE_MAX_BYTES, VIDEO_MAX_BYTES } from "~/features/forms/upload-rules";

const bytes = (...parts: (number[] | string)[]) =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === "string" ? [...p].map((c) => c.charCodeAt(0)) : p)).concat(Array(48).fill(0)));
const ftyp = (brand: string) => bytes([0, 0, 0, 0x18], "ftyp", brand);

describe("sniffMediaType", () => {
  it.each([
    ["MP4 (isom)", ftyp("isom"), "video/mp4"],
    ["MP4 (mp42)", ftyp("mp42"), "video/mp4"],
    ["QuickTime with ftyp", ftyp("qt  "), "video/quicktime"],
    ["old QuickTime", bytes([0, 0, 0, 8], "wide"), "video/quicktime"],
    ["WebM", bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 1, 0x42, 0x82, 0x84], "webm"), "video/webm"],
    ["JPEG", bytes([0xff, 0xd8, 0xff, 0xe0]), "image/jpeg"],
    ["PNG", bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), "image/png"],
    ["WebP", bytes("RIFF", [0x24, 0, 0, 0], "WEBPVP8 "), "image/webp"],
  ])("recognises %s", (_name, head, type) => {
    expect(sniffMediaType(head)?.type).toBe(type);
  });

  it.each([
    ["Matroska that is not WebM", bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x88], "matroska")],
    ["HEIC (an image in an ISO box)", ftyp("heic")],
    ["AVIF", ftyp("avif")],
    ["WAV (RIFF but not WebP)", bytes("RIFF", [0, 0, 0, 0], "WAVEfmt ")],
    ["GIF", bytes("GIF89a")],
    ["a script", bytes("#!/bin/sh\n")],
    ["nothing", new Uint8Array(0)],
  ])("refuses %s", (_name, head) => {
    expect(sniffMediaType(head)).toBeNull();
  });
});

describe("checkChosenFile (the browser's first look)", () => {
  it("accepts nothing chosen and files within their type's limit", () => {
    expect(checkChosenFile({ name: "", size: 0, type: "application/octet-stream" })).toBeNull();
    expect(checkChosenFile({ name: "a.mp4", size: VIDEO_MAX_BYTES, type: "video/mp4" })).toBeNull();
    expect(checkChosenFile({ name: "a.webp", size: IMAGE_MAX_BYTES, type: "image/webp" })).toBeNull();
  });

  it("names the specific problem", () => {
    expect(checkChosenFile({ name: "a.mov", size: VIDEO_MAX_BYTES + 1, type: "video/quicktime" })).toBe("errors.videoTooLarge");
    expect(checkChosenFile({ name: "a.png", size: IMAGE_MAX_BYTES + 1, type: "image/png" })).toBe("errors.imageTooLarge");
    expect(checkChosenFile({ name: "a.gif", size: 10, type: "image/gif" })).toBe("errors.uploadType");
    expect(checkChosenFile({ name: "a.png", size: 0, type: "image/png" })).toBe("errors.uploadType");
  });
});
